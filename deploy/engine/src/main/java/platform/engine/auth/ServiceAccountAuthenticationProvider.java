package platform.engine.auth;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;

import jakarta.servlet.http.HttpServletRequest;

import org.operaton.bpm.engine.ProcessEngine;
import org.operaton.bpm.engine.authorization.Groups;
import org.operaton.bpm.engine.rest.security.auth.AuthenticationResult;
import org.operaton.bpm.engine.rest.security.auth.impl.HttpBasicAuthenticationProvider;

import platform.engine.EngineSettings;

/**
 * Authenticates /engine-rest requests:
 * <ul>
 *   <li>{@code Authorization: Bearer <ENGINE_TOKEN>} (when ENGINE_TOKEN is set) as ENGINE_USER;</li>
 *   <li>{@code Authorization: Basic} with ENGINE_USER / ENGINE_PASSWORD (when ENGINE_PASSWORD is set),
 *       checked in memory;</li>
 *   <li>HTTP basic of any other engine user (made in Admin), checked by the engine's identity service.</li>
 * </ul>
 * The service account is a member of operaton-admin; its groups are given here, so a request costs no
 * identity queries. ENGINE_PASSWORD is authoritative: the account's stored password is reset to it at start.
 */
public class ServiceAccountAuthenticationProvider extends HttpBasicAuthenticationProvider {

  private static final String BEARER = "Bearer ";
  private static final String BASIC = "Basic ";

  private final String user;
  private final byte[] password;
  private final byte[] token;

  public ServiceAccountAuthenticationProvider(EngineSettings settings) {
    this.user = settings.user();
    // With ENGINE_TOKEN alone there is no basic password: basic as the service account is refused.
    this.password = settings.password() == null ? null : Secrets.digest(settings.password());
    this.token = settings.token() == null ? null : Secrets.digest(settings.token());
  }

  @Override
  public AuthenticationResult extractAuthenticatedUser(HttpServletRequest request, ProcessEngine engine) {
    String header = request.getHeader("Authorization");
    if (header == null) return AuthenticationResult.unsuccessful();

    if (header.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
      return Secrets.matches(header.substring(BEARER.length()).trim(), token)
          ? serviceAccount()
          : AuthenticationResult.unsuccessful();
    }
    if (!header.regionMatches(true, 0, BASIC, 0, BASIC.length())) return AuthenticationResult.unsuccessful();

    String decoded;
    try {
      decoded = new String(Base64.getDecoder().decode(header.substring(BASIC.length()).trim()), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      return AuthenticationResult.unsuccessful();
    }
    int colon = decoded.indexOf(':');
    if (colon < 0) return AuthenticationResult.unsuccessful();
    String name = decoded.substring(0, colon);
    String secret = decoded.substring(colon + 1);
    if (name.equals(user)) {
      return Secrets.matches(secret, password) ? serviceAccount() : AuthenticationResult.unsuccessful(name);
    }
    return isAuthenticated(engine, name, secret)
        ? AuthenticationResult.successful(name)
        : AuthenticationResult.unsuccessful(name);
  }

  private AuthenticationResult serviceAccount() {
    AuthenticationResult result = AuthenticationResult.successful(user);
    result.setGroups(List.of(Groups.OPERATON_ADMIN));
    result.setTenants(List.of());
    return result;
  }
}
