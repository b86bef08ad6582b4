package platform.engine.auth;

import jakarta.servlet.FilterConfig;

import org.operaton.bpm.engine.rest.security.auth.AuthenticationProvider;
import org.operaton.bpm.engine.rest.security.auth.ProcessEngineAuthenticationFilter;

/**
 * Operaton's REST authentication filter, given its provider as an object (the stock filter builds one
 * from a class name) and with no unauthenticated route: the stock filter lets GET /engine-rest/engine
 * through, this one does not.
 */
public class RestAuthenticationFilter extends ProcessEngineAuthenticationFilter {

  public RestAuthenticationFilter(AuthenticationProvider provider, String restPath) {
    this.authenticationProvider = provider;
    this.servletPathPrefix = restPath;
  }

  @Override
  public void init(FilterConfig filterConfig) {
    // configured in the constructor
  }

  @Override
  protected boolean requiresEngineAuthentication(String requestUrl) {
    return true;
  }
}
