package platform.engine.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.operaton.bpm.engine.AuthorizationException;
import org.operaton.bpm.engine.ProcessEngine;
import org.operaton.bpm.engine.authorization.Groups;
import org.operaton.bpm.engine.externaltask.LockedExternalTask;
import org.operaton.bpm.engine.impl.cfg.StandaloneInMemProcessEngineConfiguration;
import org.operaton.bpm.engine.task.Comment;

import platform.engine.EngineSettings;
import platform.engine.PlatformEnginePlugin;

/**
 * Issue 31: the service account's commands make no authorization checks, everyone else's still do. An
 * in-memory engine (H2) with authorization on and the platform's plugin, as the application configures
 * it. To tell "not checked" from "checked and granted", the service account is taken out of operaton-admin
 * here: it then holds no grant at all.
 */
class ServiceAccountAuthorizationTest {

  private static final String SERVICE_ACCOUNT = "platform";
  private static final String PROCESS = "auth_probe";
  private static final String BPMN = """
      <?xml version="1.0" encoding="UTF-8"?>
      <bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"
          xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="d" targetNamespace="t">
        <bpmn:process id="auth_probe" isExecutable="true" camunda:historyTimeToLive="P1D">
          <bpmn:startEvent id="start" />
          <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="work" />
          <bpmn:serviceTask id="work" camunda:type="external" camunda:topic="auth-probe" />
          <bpmn:sequenceFlow id="f2" sourceRef="work" targetRef="end" />
          <bpmn:endEvent id="end" />
        </bpmn:process>
      </bpmn:definitions>
      """;

  private ProcessEngine engine;

  @AfterEach
  void close() {
    if (engine != null) engine.close();
  }

  /** The engine with the platform's plugin; {@code checked}: the property that restores the checks. */
  private ProcessEngine start(boolean checked) {
    EngineSettings settings = EngineSettings.fromEnv(
        Map.of("ENGINE_USER", SERVICE_ACCOUNT, "ENGINE_PASSWORD", "test-password-0123456789-abcdefghij"));
    StandaloneInMemProcessEngineConfiguration configuration = new StandaloneInMemProcessEngineConfiguration();
    String name = "auth-" + UUID.randomUUID();
    configuration.setProcessEngineName(name);
    configuration.setJdbcUrl("jdbc:h2:mem:" + name + ";DB_CLOSE_DELAY=-1");
    configuration.setDatabaseSchemaUpdate("create-drop");
    configuration.setHistory("audit");
    configuration.setAuthorizationEnabled(true);
    configuration.setJobExecutorActivate(false);
    configuration.getProcessEnginePlugins().add(new PlatformEnginePlugin(settings, checked));
    engine = configuration.buildProcessEngine();
    // Set up without an authentication (the engine's own rights), then the account loses its grants.
    engine.getRepositoryService().createDeployment().addString("probe.bpmn", BPMN).deploy();
    engine.getIdentityService().deleteMembership(SERVICE_ACCOUNT, Groups.OPERATON_ADMIN);
    return engine;
  }

  private void signIn(String user, String... groups) {
    engine.getIdentityService().setAuthentication(user, List.of(groups), List.of());
  }

  @Test
  void shouldRunTheServiceAccountsCommandsUncheckedAndStillNameItAsTheirAuthor() {
    start(false);
    signIn(SERVICE_ACCOUNT);

    String id = engine.getRuntimeService().startProcessInstanceByKey(PROCESS).getId();
    assertEquals(1, engine.getRuntimeService().createProcessInstanceQuery().count());
    List<LockedExternalTask> tasks = engine.getExternalTaskService().fetchAndLock(10, "w")
        .topic("auth-probe", 60_000).execute();
    assertEquals(1, tasks.size());
    Comment comment = engine.getTaskService().createComment(null, id, "checked");
    engine.getExternalTaskService().complete(tasks.get(0).getId(), "w");

    // The authentication stays what the engine records as the author.
    assertEquals(SERVICE_ACCOUNT, engine.getHistoryService().createHistoricProcessInstanceQuery()
        .processInstanceId(id).singleResult().getStartUserId());
    assertEquals(SERVICE_ACCOUNT, comment.getUserId());
  }

  @Test
  void shouldStillRefuseAUserWithoutRights() {
    start(false);
    signIn(SERVICE_ACCOUNT);
    engine.getRuntimeService().startProcessInstanceByKey(PROCESS);

    signIn("intruder");
    assertThrows(AuthorizationException.class,
        () -> engine.getRuntimeService().startProcessInstanceByKey(PROCESS));
    assertEquals(0, engine.getRuntimeService().createProcessInstanceQuery().count());
    assertEquals(0, engine.getExternalTaskService().fetchAndLock(10, "w").topic("auth-probe", 60_000)
        .execute().size());
  }

  @Test
  void shouldKeepTheOperatorsGrantsAsTheyAre() {
    start(false);
    signIn(SERVICE_ACCOUNT);
    String id = engine.getRuntimeService().startProcessInstanceByKey(PROCESS).getId();

    // engine:ops:view reads, and changes nothing.
    signIn("operator", OpsGroups.VIEW);
    assertEquals(1, engine.getRuntimeService().createProcessInstanceQuery().count());
    assertThrows(AuthorizationException.class,
        () -> engine.getRuntimeService().startProcessInstanceByKey(PROCESS));
    assertThrows(AuthorizationException.class,
        () -> engine.getRuntimeService().deleteProcessInstance(id, "no"));
    // A user may not pass for the service account by a name that differs in case only.
    signIn(SERVICE_ACCOUNT.toUpperCase());
    assertThrows(AuthorizationException.class,
        () -> engine.getRuntimeService().startProcessInstanceByKey(PROCESS));
  }

  @Test
  void shouldCheckTheServiceAccountToo_whenThePropertyAsksForIt() {
    start(true);
    signIn(SERVICE_ACCOUNT);
    assertThrows(AuthorizationException.class,
        () -> engine.getRuntimeService().startProcessInstanceByKey(PROCESS));

    signIn(SERVICE_ACCOUNT, Groups.OPERATON_ADMIN);
    engine.getRuntimeService().startProcessInstanceByKey(PROCESS);
    assertEquals(1, engine.getRuntimeService().createProcessInstanceQuery().count());
  }
}
