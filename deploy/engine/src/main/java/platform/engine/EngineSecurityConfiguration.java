package platform.engine;

import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;

import org.operaton.bpm.spring.boot.starter.property.OperatonBpmProperties;

import platform.engine.auth.ProxyAuthenticationFilter;
import platform.engine.auth.ProxyAuthenticationProvider;
import platform.engine.auth.RestAuthenticationFilter;
import platform.engine.auth.ServiceAccountAuthenticationProvider;

/** Authentication: always on for the REST API; proxy single sign-on for the webapps when configured. */
@Configuration
public class EngineSecurityConfiguration {

  /** The REST API's path (the Operaton starter's Jersey application path). */
  static final String REST_PATH = "/engine-rest";

  @Bean
  FilterRegistrationBean<RestAuthenticationFilter> restAuthenticationFilter(EngineSettings settings) {
    FilterRegistrationBean<RestAuthenticationFilter> registration = new FilterRegistrationBean<>(
        new RestAuthenticationFilter(new ServiceAccountAuthenticationProvider(settings), REST_PATH));
    registration.setName("engine-rest-authentication");
    registration.addUrlPatterns(REST_PATH, REST_PATH + "/*");
    registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 100);
    return registration;
  }

  /**
   * Single sign-on for Cockpit, Tasklist and Admin behind the gateway (only with ENGINE_PROXY_SECRET). It runs
   * before the webapps' own filters, which Operaton registers after every registration bean.
   */
  @Bean
  FilterRegistrationBean<ProxyAuthenticationFilter> proxyAuthenticationFilter(EngineSettings settings,
      OperatonBpmProperties properties) {
    FilterRegistrationBean<ProxyAuthenticationFilter> registration = new FilterRegistrationBean<>();
    registration.setName("engine-webapp-proxy-authentication");
    if (settings.proxySecret() == null) {
      registration.setEnabled(false);
      registration.setFilter(new ProxyAuthenticationFilter(null));
      return registration;
    }
    String app = properties.getWebapp().getApplicationPath();
    registration.setFilter(new ProxyAuthenticationFilter(new ProxyAuthenticationProvider(settings)));
    registration.addUrlPatterns(app + "/app/*", app + "/api/*");
    registration.setOrder(101);
    return registration;
  }
}
