package platform.engine.auth;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.operaton.bpm.engine.ProcessEngine;
import org.operaton.bpm.engine.authorization.Groups;
import org.operaton.bpm.engine.rest.security.auth.AuthenticationProvider;
import org.operaton.bpm.engine.rest.security.auth.AuthenticationResult;

import platform.engine.EngineSettings;

/**
 * Single sign-on for the webapps behind the platform's gateway: the gateway checks the platform session
 * and its permission, strips these headers from what the browser sent, and adds
 * {@code X-Platform-User: <name>} with {@code X-Platform-Proxy-Secret: <ENGINE_PROXY_SECRET>}.
 * The user is trusted only with the right secret (compared in constant time), is created in the engine on
 * first sight (random password: it cannot sign in by itself) and is a member of operaton-admin.
 */
public class ProxyAuthenticationProvider implements AuthenticationProvider {

  public static final String USER_HEADER = "X-Platform-User";
  public static final String SECRET_HEADER = "X-Platform-Proxy-Secret";
  /** Operaton's default user id rule (userResourceWhitelistPattern). */
  private static final Pattern USER_ID = Pattern.compile("[A-Za-z0-9]{1,64}");

  private final byte[] secret;
  private final Set<String> provisioned = ConcurrentHashMap.newKeySet();

  public ProxyAuthenticationProvider(EngineSettings settings) {
    this.secret = Secrets.digest(settings.proxySecret());
  }

  @Override
  public AuthenticationResult extractAuthenticatedUser(HttpServletRequest request, ProcessEngine engine) {
    if (!Secrets.matches(request.getHeader(SECRET_HEADER), secret)) return AuthenticationResult.unsuccessful();
    String user = request.getHeader(USER_HEADER);
    if (user == null || !USER_ID.matcher(user).matches()) return AuthenticationResult.unsuccessful();
    if (!provisioned.contains(user)) {
      engine.getIdentityService().clearAuthentication();
      EngineAccounts.ensureAdmin(engine, user, "Platform", EngineSettings.randomSecret(), false);
      provisioned.add(user);
    }
    AuthenticationResult result = AuthenticationResult.successful(user);
    result.setGroups(List.of(Groups.OPERATON_ADMIN));
    result.setTenants(List.of());
    return result;
  }

  @Override
  public void augmentResponseByAuthenticationChallenge(HttpServletResponse response, ProcessEngine engine) {
    // no challenge: only the proxy can answer it
  }
}
