package platform.engine.auth;

import java.io.IOException;
import java.util.List;
import java.util.Set;

import jakarta.servlet.FilterChain;
import jakarta.servlet.FilterConfig;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpSession;

import org.operaton.bpm.engine.rest.security.auth.AuthenticationProvider;
import org.operaton.bpm.webapp.impl.security.auth.AuthenticationUtil;
import org.operaton.bpm.webapp.impl.security.auth.Authentications;
import org.operaton.bpm.webapp.impl.security.auth.ContainerBasedAuthenticationFilter;
import org.operaton.bpm.webapp.impl.security.auth.UserAuthentication;

/**
 * Operaton's container-based authentication for the webapps, with the proxy's provider. A request that
 * carries neither proxy header goes on to the webapps' own sign-in (the ENGINE_USER account); one that
 * carries either must pass the provider or gets 401. A webapp session signed in at another level (the
 * operator's permission changed) is signed in again with the level the proxy sends now.
 */
public class ProxyAuthenticationFilter extends ContainerBasedAuthenticationFilter {

  public ProxyAuthenticationFilter(AuthenticationProvider provider) {
    this.authenticationProvider = provider;
  }

  @Override
  public void init(FilterConfig filterConfig) {
    // configured in the constructor
  }

  @Override
  public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    HttpServletRequest req = (HttpServletRequest) request;
    if (req.getHeader(ProxyAuthenticationProvider.USER_HEADER) == null
        && req.getHeader(ProxyAuthenticationProvider.SECRET_HEADER) == null) {
      chain.doFilter(request, response);
      return;
    }
    forgetOtherLevel(req);
    super.doFilter(request, response, chain);
  }

  /**
   * Operaton keeps the first authentication of a session for the same user name; its groups would stay
   * those of the level the session started with.
   */
  private void forgetOtherLevel(HttpServletRequest request) {
    String engineName = extractEngineName(request);
    HttpSession session = request.getSession(false);
    OpsGroups.Level level = ProxyAuthenticationProvider.levelOf(request);
    if (engineName == null || session == null || level == null) return;
    Authentications authentications = AuthenticationUtil.getAuthsFromSession(session);
    if (authentications.getAuthenticationForProcessEngine(engineName) instanceof UserAuthentication current
        && !Set.copyOf(current.getGroupIds() == null ? List.of() : current.getGroupIds())
            .equals(Set.copyOf(level.groups()))) {
      authentications.removeByEngineName(engineName);
      AuthenticationUtil.updateSession(session, authentications);
    }
  }
}
