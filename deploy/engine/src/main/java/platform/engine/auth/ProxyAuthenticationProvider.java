package platform.engine.auth;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.operaton.bpm.engine.ProcessEngine;
import org.operaton.bpm.engine.rest.security.auth.AuthenticationProvider;
import org.operaton.bpm.engine.rest.security.auth.AuthenticationResult;

import platform.engine.EngineSettings;

/**
 * Single sign-on for the webapps behind the platform's gateway: the gateway checks the platform session
 * and its permission, strips these headers from what the browser sent, and adds
 * {@code X-Platform-User: <name>} and {@code X-Platform-Groups: view|admin} with
 * {@code X-Platform-Proxy-Secret: <ENGINE_PROXY_SECRET>}. Both are trusted only with the right secret
 * (compared in constant time). The user is created in the engine on first sight (random password: it
 * cannot sign in by itself); its groups follow the level at every sign-in ({@link OpsGroups}): view is
 * read-only Cockpit, admin may also repair instances. Neither is operaton-admin, the service account's.
 */
public class ProxyAuthenticationProvider implements AuthenticationProvider {

  public static final String USER_HEADER = "X-Platform-User";
  public static final String SECRET_HEADER = "X-Platform-Proxy-Secret";
  /** {@code view} (the default) or {@code admin}. */
  public static final String LEVEL_HEADER = "X-Platform-Groups";
  /** Operaton's default user id rule (userResourceWhitelistPattern). */
  private static final Pattern USER_ID = Pattern.compile("[A-Za-z0-9]{1,64}");

  private final byte[] secret;
  private final String serviceAccount;
  /** The level each user's memberships were last set to by this node. */
  private final Map<String, OpsGroups.Level> provisioned = new ConcurrentHashMap<>();

  public ProxyAuthenticationProvider(EngineSettings settings) {
    this.secret = Secrets.digest(settings.proxySecret());
    this.serviceAccount = settings.user();
  }

  /** The level a request asks for, or null when the header holds something else. */
  public static OpsGroups.Level levelOf(HttpServletRequest request) {
    return OpsGroups.Level.of(request.getHeader(LEVEL_HEADER));
  }

  @Override
  public AuthenticationResult extractAuthenticatedUser(HttpServletRequest request, ProcessEngine engine) {
    if (!Secrets.matches(request.getHeader(SECRET_HEADER), secret)) return AuthenticationResult.unsuccessful();
    String user = request.getHeader(USER_HEADER);
    if (user == null || !USER_ID.matcher(user).matches()) return AuthenticationResult.unsuccessful();
    // The proxy vouches for operators, never for the service account (it would take its groups away).
    if (user.equalsIgnoreCase(serviceAccount)) return AuthenticationResult.unsuccessful();
    OpsGroups.Level level = levelOf(request);
    if (level == null) return AuthenticationResult.unsuccessful();
    if (provisioned.get(user) != level) {
      engine.getIdentityService().clearAuthentication();
      EngineAccounts.ensureUser(engine, user, "Platform", EngineSettings.randomSecret(), false);
      OpsGroups.setMemberships(engine, user, level);
      provisioned.put(user, level);
    }
    AuthenticationResult result = AuthenticationResult.successful(user);
    result.setGroups(level.groups());
    result.setTenants(List.of());
    return result;
  }

  @Override
  public void augmentResponseByAuthenticationChallenge(HttpServletResponse response, ProcessEngine engine) {
    // no challenge: only the proxy can answer it
  }
}
