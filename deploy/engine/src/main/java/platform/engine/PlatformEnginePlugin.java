package platform.engine;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

import org.operaton.bpm.engine.ProcessEngine;
import org.operaton.bpm.engine.impl.bpmn.parser.BpmnParseListener;
import org.operaton.bpm.engine.impl.cfg.ProcessEngineConfigurationImpl;
import org.operaton.bpm.engine.impl.cfg.ProcessEnginePlugin;
import org.operaton.bpm.engine.impl.interceptor.SessionFactory;
import org.operaton.bpm.engine.impl.persistence.deploy.Deployer;

import platform.engine.auth.EngineAccounts;
import platform.engine.auth.OpsGroups;
import platform.engine.auth.ServiceAccountAuthorizationManager;
import platform.engine.safety.AllowListBpmnParseFactory;
import platform.engine.safety.BpmnOnlyDeployer;
import platform.engine.safety.VariablesOnlyExpressionManager;

/**
 * What the platform changes in the engine:
 * <ul>
 *   <li>deployments hold BPMN only, and that BPMN is inside the allow-list of {@link
 *       platform.engine.safety.BpmnAllowList} (no scripts, listeners, delegates or expressions except simple
 *       sequence-flow conditions), refused with 400 otherwise;</li>
 *   <li>expressions see process variables only: no Spring beans (the Spring integration would otherwise
 *       expose the data source, the engine configuration, …), no methods, properties or functions
 *       ({@link VariablesOnlyExpressionManager}), and stored or ad-hoc queries (Tasklist filters) evaluate
 *       none;</li>
 *   <li>the service account ENGINE_USER exists with ENGINE_PASSWORD and is in operaton-admin (created at
 *       start, its password reset when ENGINE_PASSWORD changed; a random one when only ENGINE_TOKEN is set).
 *       No other user (no "demo") is created.</li>
 *   <li>the operators' groups {@value OpsGroups#VIEW} and {@value OpsGroups#ADMIN} exist with their grants
 *       (see {@link OpsGroups}).</li>
 *   <li>the service account's own commands make no authorization queries ({@link
 *       ServiceAccountAuthorizationManager}); every other user's are checked. The property
 *       {@code platform.engine.service-account-authorization-checks=true} checks the service account too,
 *       as before issue 31 (the benches' "before" row sets it).</li>
 *   <li>external tasks of processes that ask for it run without a scope execution of their own ({@link
 *       FlatExternalTasks}).</li>
 * </ul>
 */
@Component
public class PlatformEnginePlugin implements ProcessEnginePlugin {

  private static final Logger LOG = LoggerFactory.getLogger(PlatformEnginePlugin.class);

  private final EngineSettings settings;
  private final boolean serviceAccountChecked;

  public PlatformEnginePlugin(EngineSettings settings,
      @Value("${platform.engine.service-account-authorization-checks:false}") boolean serviceAccountChecked) {
    this.settings = settings;
    this.serviceAccountChecked = serviceAccountChecked;
  }

  @Override
  public void preInit(ProcessEngineConfigurationImpl configuration) {
    configuration.setBeans(new HashMap<>());
    configuration.setExpressionManager(new VariablesOnlyExpressionManager());
    configuration.setEnableExpressionsInAdhocQueries(false);
    configuration.setEnableExpressionsInStoredQueries(false);
    configuration.setBpmnParseFactory(new AllowListBpmnParseFactory());
    List<BpmnParseListener> parseListeners = new ArrayList<>();
    if (configuration.getCustomPostBPMNParseListeners() != null) {
      parseListeners.addAll(configuration.getCustomPostBPMNParseListeners());
    }
    parseListeners.add(new FlatExternalTasks());
    configuration.setCustomPostBPMNParseListeners(parseListeners);
    List<Deployer> deployers = new ArrayList<>();
    if (configuration.getCustomPreDeployers() != null) deployers.addAll(configuration.getCustomPreDeployers());
    deployers.add(0, new BpmnOnlyDeployer());
    configuration.setCustomPreDeployers(deployers);
    if (!serviceAccountChecked) {
      List<SessionFactory> factories = new ArrayList<>();
      if (configuration.getCustomSessionFactories() != null) factories.addAll(configuration.getCustomSessionFactories());
      // Added after Operaton's own factories, so it replaces the AuthorizationManager's.
      factories.add(ServiceAccountAuthorizationManager.sessionFactory(settings.user()));
      configuration.setCustomSessionFactories(factories);
    }
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
    OpsGroups.ensure(engine);
    // With ENGINE_TOKEN alone the account gets a password nobody knows, so a password set earlier no
    // longer opens the webapps' sign-in (Cockpit is then reached through the gateway only).
    String password = settings.password() != null ? settings.password() : EngineSettings.randomSecret();
    EngineAccounts.ensureAdmin(engine, settings.user(), "Platform", password, true);
  }
}
