package platform.engine.auth;

import static org.operaton.bpm.engine.authorization.Authorization.ANY;
import static org.operaton.bpm.engine.authorization.Authorization.AUTH_TYPE_GRANT;

import java.util.List;
import java.util.Locale;

import org.operaton.bpm.engine.AuthorizationService;
import org.operaton.bpm.engine.IdentityService;
import org.operaton.bpm.engine.ProcessEngine;
import org.operaton.bpm.engine.authorization.Authorization;
import org.operaton.bpm.engine.authorization.BatchPermissions;
import org.operaton.bpm.engine.authorization.Groups;
import org.operaton.bpm.engine.authorization.HistoricProcessInstancePermissions;
import org.operaton.bpm.engine.authorization.HistoricTaskPermissions;
import org.operaton.bpm.engine.authorization.Permission;
import org.operaton.bpm.engine.authorization.Permissions;
import org.operaton.bpm.engine.authorization.ProcessDefinitionPermissions;
import org.operaton.bpm.engine.authorization.ProcessInstancePermissions;
import org.operaton.bpm.engine.authorization.Resource;
import org.operaton.bpm.engine.authorization.Resources;
import org.operaton.bpm.engine.authorization.TaskPermissions;
import org.operaton.bpm.engine.identity.Group;

/**
 * The two engine groups the gateway's operators get, by their platform permission:
 * <ul>
 *   <li>{@value #VIEW} (engine:ops:view): Cockpit, and reading definitions, instances, tasks, incidents,
 *       deployments and history — nothing that changes the engine;</li>
 *   <li>{@value #ADMIN} (engine:ops:admin, on top of the first): repairing running instances — retries,
 *       suspension, modification, cancellation, variables — but never creating or deleting a deployment
 *       (what runs is the platform's to deploy) and no rights on users, groups or authorizations.</li>
 * </ul>
 * The grants are rewritten at every start, so a changed list here is what the engine holds.
 */
public final class OpsGroups {
  private OpsGroups() {}

  public static final String VIEW = "platformOpsView";
  public static final String ADMIN = "platformOpsAdmin";

  /** The level the gateway sends in X-Platform-Groups. */
  public enum Level {
    VIEW, ADMIN;

    /** The level a header value names; a missing header is the lower one, an unknown value null. */
    public static Level of(String header) {
      if (header == null || header.isBlank()) return VIEW;
      return switch (header.trim().toLowerCase(Locale.ROOT)) {
        case "view" -> VIEW;
        case "admin" -> ADMIN;
        default -> null;
      };
    }

    public List<String> groups() {
      return this == ADMIN ? List.of(OpsGroups.VIEW, OpsGroups.ADMIN) : List.of(OpsGroups.VIEW);
    }
  }

  private record Grant(Resource resource, String resourceId, Permission... permissions) {}

  private static final List<Grant> VIEW_GRANTS = List.of(
      new Grant(Resources.APPLICATION, "cockpit", Permissions.ACCESS),
      new Grant(Resources.PROCESS_DEFINITION, ANY, ProcessDefinitionPermissions.READ,
          ProcessDefinitionPermissions.READ_INSTANCE, ProcessDefinitionPermissions.READ_HISTORY,
          ProcessDefinitionPermissions.READ_TASK, ProcessDefinitionPermissions.READ_INSTANCE_VARIABLE,
          ProcessDefinitionPermissions.READ_HISTORY_VARIABLE, ProcessDefinitionPermissions.READ_TASK_VARIABLE),
      new Grant(Resources.PROCESS_INSTANCE, ANY, ProcessInstancePermissions.READ),
      new Grant(Resources.TASK, ANY, TaskPermissions.READ, TaskPermissions.READ_HISTORY, TaskPermissions.READ_VARIABLE),
      new Grant(Resources.DEPLOYMENT, ANY, Permissions.READ),
      new Grant(Resources.DECISION_DEFINITION, ANY, Permissions.READ, Permissions.READ_HISTORY),
      new Grant(Resources.DECISION_REQUIREMENTS_DEFINITION, ANY, Permissions.READ),
      new Grant(Resources.HISTORIC_PROCESS_INSTANCE, ANY, HistoricProcessInstancePermissions.READ),
      new Grant(Resources.HISTORIC_TASK, ANY, HistoricTaskPermissions.READ, HistoricTaskPermissions.READ_VARIABLE),
      new Grant(Resources.BATCH, ANY, BatchPermissions.READ, BatchPermissions.READ_HISTORY));

  private static final List<Grant> ADMIN_GRANTS = List.of(
      new Grant(Resources.PROCESS_INSTANCE, ANY, ProcessInstancePermissions.UPDATE, ProcessInstancePermissions.DELETE,
          ProcessInstancePermissions.RETRY_JOB, ProcessInstancePermissions.SUSPEND,
          ProcessInstancePermissions.UPDATE_VARIABLE),
      new Grant(Resources.PROCESS_DEFINITION, ANY, ProcessDefinitionPermissions.UPDATE,
          ProcessDefinitionPermissions.UPDATE_INSTANCE, ProcessDefinitionPermissions.DELETE_INSTANCE,
          ProcessDefinitionPermissions.RETRY_JOB, ProcessDefinitionPermissions.SUSPEND,
          ProcessDefinitionPermissions.SUSPEND_INSTANCE, ProcessDefinitionPermissions.UPDATE_INSTANCE_VARIABLE),
      new Grant(Resources.BATCH, ANY, BatchPermissions.CREATE_BATCH_MODIFY_PROCESS_INSTANCES,
          BatchPermissions.CREATE_BATCH_DELETE_RUNNING_PROCESS_INSTANCES, BatchPermissions.CREATE_BATCH_SET_JOB_RETRIES,
          BatchPermissions.CREATE_BATCH_SET_EXTERNAL_TASK_RETRIES,
          BatchPermissions.CREATE_BATCH_UPDATE_PROCESS_INSTANCES_SUSPEND, BatchPermissions.UPDATE,
          BatchPermissions.DELETE));

  /** Both groups with exactly their grants (created when missing, reset when different). */
  public static void ensure(ProcessEngine engine) {
    ensureGroup(engine, VIEW, "Platform operators (read only)", VIEW_GRANTS);
    ensureGroup(engine, ADMIN, "Platform operators (repair)", ADMIN_GRANTS);
  }

  private static void ensureGroup(ProcessEngine engine, String groupId, String name, List<Grant> grants) {
    IdentityService identity = engine.getIdentityService();
    if (identity.createGroupQuery().groupId(groupId).count() == 0) {
      Group group = identity.newGroup(groupId);
      group.setName(name);
      group.setType(Groups.GROUP_TYPE_SYSTEM);
      identity.saveGroup(group);
    }
    AuthorizationService authorizations = engine.getAuthorizationService();
    for (Grant grant : grants) {
      Authorization authorization = authorizations.createAuthorizationQuery().groupIdIn(groupId)
          .resourceType(grant.resource()).resourceId(grant.resourceId()).singleResult();
      if (authorization == null) {
        authorization = authorizations.createNewAuthorization(AUTH_TYPE_GRANT);
        authorization.setGroupId(groupId);
        authorization.setResource(grant.resource());
        authorization.setResourceId(grant.resourceId());
      }
      authorization.setPermissions(grant.permissions());
      authorizations.saveAuthorization(authorization);
    }
  }

  /**
   * The operator's memberships for this sign-in: the groups of {@code level}, and out of the other one and
   * of operaton-admin (where operators were put before these groups existed). The webapps re-read a
   * user's groups from here every few minutes, so a withdrawn permission is withdrawn here too.
   */
  public static void setMemberships(ProcessEngine engine, String userId, Level level) {
    IdentityService identity = engine.getIdentityService();
    List<String> wanted = level.groups();
    for (String groupId : List.of(VIEW, ADMIN, Groups.OPERATON_ADMIN)) {
      boolean member = identity.createUserQuery().userId(userId).memberOfGroup(groupId).count() > 0;
      if (wanted.contains(groupId) && !member) identity.createMembership(userId, groupId);
      if (!wanted.contains(groupId) && member) identity.deleteMembership(userId, groupId);
    }
  }
}
