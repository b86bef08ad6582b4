package platform.engine;

import java.util.HashMap;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import org.operaton.bpm.engine.ProcessEngine;
import org.operaton.bpm.engine.impl.cfg.ProcessEngineConfigurationImpl;
import org.operaton.bpm.engine.impl.cfg.ProcessEnginePlugin;
import org.operaton.bpm.engine.impl.el.JuelExpressionManager;

import platform.engine.auth.EngineAccounts;

/**
 * What the platform changes in the engine:
 * <ul>
 *   <li>expressions in deployed BPMN see process variables only, not the Spring beans of this application
 *       (the Spring integration would otherwise expose the data source, the engine configuration, …);</li>
 *   <li>the service account ENGINE_USER exists with ENGINE_PASSWORD and is in operaton-admin (created at
 *       start, its password reset when ENGINE_PASSWORD changed; a random one when only ENGINE_TOKEN is set).
 *       No other user (no "demo") is created.</li>
 * </ul>
 */
@Component
public class PlatformEnginePlugin implements ProcessEnginePlugin {

  private static final Logger LOG = LoggerFactory.getLogger(PlatformEnginePlugin.class);

  private final EngineSettings settings;

  public PlatformEnginePlugin(EngineSettings settings) {
    this.settings = settings;
  }

  @Override
  public void preInit(ProcessEngineConfigurationImpl configuration) {
    configuration.setBeans(new HashMap<>());
    configuration.setExpressionManager(new JuelExpressionManager(configuration.getBeans()));
  }

  @Override
  public void postInit(ProcessEngineConfigurationImpl configuration) {
    // nothing
  }

  @Override
  public void postProcessEngineBuild(ProcessEngine engine) {
    try {
      ensureServiceAccount(engine);
    } catch (RuntimeException e) {
      // Another node of a cluster may have created the same rows at the same moment: check once more.
      LOG.info("engine: retrying the service account set-up after {}", e.getMessage());
      ensureServiceAccount(engine);
    }
    String schemes = settings.password() == null ? "bearer"
        : settings.token() != null ? "basic and bearer" : "basic";
    LOG.info("engine: service account '{}' ready ({})", settings.user(), schemes);
  }

  private void ensureServiceAccount(ProcessEngine engine) {
    EngineAccounts.ensureAdminGroup(engine);
    // With ENGINE_TOKEN alone the account gets a password nobody knows, so a password set earlier no
    // longer opens the webapps' sign-in (Cockpit is then reached through the gateway only).
    String password = settings.password() != null ? settings.password() : EngineSettings.randomSecret();
    EngineAccounts.ensureAdmin(engine, settings.user(), "Platform", password, true);
  }
}
