package platform.engine.auth;

import java.io.IOException;

import jakarta.servlet.FilterChain;
import jakarta.servlet.FilterConfig;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;

import org.operaton.bpm.engine.rest.security.auth.AuthenticationProvider;
import org.operaton.bpm.webapp.impl.security.auth.ContainerBasedAuthenticationFilter;

/**
 * Operaton's container-based authentication for the webapps, with the proxy's provider. A request that
 * carries neither proxy header goes on to the webapps' own sign-in (the ENGINE_USER account); one that
 * carries either must pass the provider or gets 401.
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
    super.doFilter(request, response, chain);
  }
}
