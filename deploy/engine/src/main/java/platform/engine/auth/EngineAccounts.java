package platform.engine.auth;

import static org.operaton.bpm.engine.authorization.Authorization.ANY;
import static org.operaton.bpm.engine.authorization.Authorization.AUTH_TYPE_GRANT;
import static org.operaton.bpm.engine.authorization.Groups.OPERATON_ADMIN;
import static org.operaton.bpm.engine.authorization.Permissions.ALL;

import org.operaton.bpm.engine.AuthorizationService;
import org.operaton.bpm.engine.IdentityService;
import org.operaton.bpm.engine.ProcessEngine;
import org.operaton.bpm.engine.authorization.Authorization;
import org.operaton.bpm.engine.authorization.Groups;
import org.operaton.bpm.engine.authorization.Resource;
import org.operaton.bpm.engine.authorization.Resources;
import org.operaton.bpm.engine.identity.Group;
import org.operaton.bpm.engine.identity.User;

/**
 * The engine users the platform creates: the service account (ENGINE_USER), the one member of
 * operaton-admin, which holds every permission (as Operaton's own admin-user bootstrap grants it), and
 * the operators a trusted proxy signs in, whose groups are {@link OpsGroups}'.
 */
public final class EngineAccounts {
  private EngineAccounts() {}

  /** The operaton-admin group and its ALL grants on every resource, created when missing. */
  public static void ensureAdminGroup(ProcessEngine engine) {
    IdentityService identity = engine.getIdentityService();
    if (identity.createGroupQuery().groupId(OPERATON_ADMIN).count() == 0) {
      Group group = identity.newGroup(OPERATON_ADMIN);
      group.setName("Operaton administrators");
      group.setType(Groups.GROUP_TYPE_SYSTEM);
      identity.saveGroup(group);
    }
    AuthorizationService authorizations = engine.getAuthorizationService();
    for (Resource resource : Resources.values()) {
      boolean granted = authorizations.createAuthorizationQuery()
          .groupIdIn(OPERATON_ADMIN).resourceType(resource).resourceId(ANY).count() > 0;
      if (!granted) {
        Authorization grant = authorizations.createNewAuthorization(AUTH_TYPE_GRANT);
        grant.setGroupId(OPERATON_ADMIN);
        grant.setResource(resource);
        grant.setResourceId(ANY);
        grant.addPermission(ALL);
        authorizations.saveAuthorization(grant);
      }
    }
  }

  /**
   * Makes {@code userId} an operaton-admin member. A new user gets {@code password}; an existing one gets it
   * only when {@code resetPassword} and it differs from the stored one.
   */
  public static void ensureAdmin(ProcessEngine engine, String userId, String firstName, String password,
      boolean resetPassword) {
    ensureUser(engine, userId, firstName, password, resetPassword);
    IdentityService identity = engine.getIdentityService();
    if (identity.createUserQuery().userId(userId).memberOfGroup(OPERATON_ADMIN).count() == 0) {
      identity.createMembership(userId, OPERATON_ADMIN);
    }
  }

  /**
   * Creates {@code userId} with {@code password} when missing; an existing user gets it only when
   * {@code resetPassword} and it differs from the stored one. Memberships are the caller's.
   */
  public static void ensureUser(ProcessEngine engine, String userId, String firstName, String password,
      boolean resetPassword) {
    IdentityService identity = engine.getIdentityService();
    User user = identity.createUserQuery().userId(userId).singleResult();
    if (user == null) {
      user = identity.newUser(userId);
      user.setFirstName(firstName);
      user.setLastName(userId);
      user.setPassword(password);
      identity.saveUser(user);
    } else if (resetPassword && !identity.checkPassword(userId, password)) {
      user.setPassword(password);
      identity.saveUser(user);
    }
  }
}
