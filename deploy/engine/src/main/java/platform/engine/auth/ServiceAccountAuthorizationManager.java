package platform.engine.auth;

import org.operaton.bpm.engine.impl.identity.Authentication;
import org.operaton.bpm.engine.impl.interceptor.SessionFactory;
import org.operaton.bpm.engine.impl.persistence.entity.AuthorizationManager;

/**
 * Operaton's authorization manager, except that the platform's own service account (ENGINE_USER) is not
 * checked: its commands run as if authorization were off for them, every other user's are checked as
 * before (issue 31).
 *
 * <p>Why: the service account is the one member of operaton-admin, which holds ALL on every resource
 * ({@link EngineAccounts}), yet Operaton does not skip the check for that group. Every command the
 * workflow service and the agent workers make (start, fetch and lock, complete, history queries) asked
 * MariaDB {@code isUserAuthorizedForResource} (and once a command, whether any revoke exists and which
 * groups hold grants): 11 % of the engine's CPU under bench:engine, for an answer that is always yes.
 *
 * <p>Why here and not by leaving the authentication unset for the service account's requests (the other
 * way to get the same effect, since Operaton checks only an authenticated user): the authenticated user
 * is also what the engine records as the author of what a request does, and the platform shows it — the
 * start user of an instance ({@code startUserId} in history, Cockpit's "started by"), the author of a
 * task comment ({@code userId}, the workflow service's /bpm/task/comment), the assigner in the identity
 * link log — and the REST conformance suite (packages/engine/test) compares those fields with the
 * embedded engine's. With the authentication kept, all of that is unchanged.
 *
 * <p>What this gives up: a REVOKE authorization written for the service account would no longer be
 * honoured. Only operaton-admin may write authorizations (the operators' groups may not, {@link
 * OpsGroups}), and operaton-admin is the service account itself. Operators (the proxy's users, signed
 * in as other user ids, which may never be the service account's) and users made in Admin keep every
 * check. The match is on the exact user id the REST filter or the webapps' sign-in authenticated.
 */
public class ServiceAccountAuthorizationManager extends AuthorizationManager {

  private final String serviceAccount;

  public ServiceAccountAuthorizationManager(String serviceAccount) {
    this.serviceAccount = serviceAccount;
  }

  /** Registered by PlatformEnginePlugin in place of Operaton's manager. */
  public static SessionFactory sessionFactory(String serviceAccount) {
    return new SessionFactory() {
      @Override
      public Class<?> getSessionType() {
        return AuthorizationManager.class;
      }

      @Override
      public AuthorizationManager openSession() {
        return new ServiceAccountAuthorizationManager(serviceAccount);
      }
    };
  }

  /**
   * Every check of a command and every query's authorization join go through here
   * (checkAuthorization, configureQuery), so answering false for the service account removes them all.
   */
  @Override
  protected boolean isAuthCheckExecuted() {
    return super.isAuthCheckExecuted() && !isServiceAccount(getCurrentAuthentication());
  }

  private boolean isServiceAccount(Authentication authentication) {
    return authentication != null && serviceAccount.equals(authentication.getUserId());
  }
}
