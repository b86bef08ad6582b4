import { Injectable } from '@nestjs/common';
import { SUPER_USER_ID } from '@platform/contracts';
import { SessionStore } from '@platform/nest-common';

import { UserDirectory } from './user-directory.service';

/**
 * Keeps live sessions in step with the database: the gateway authorises from the session record, so
 * a change of roles, menus or status must reach the sessions of the users it affects at once.
 */
@Injectable()
export class SessionSync {
  constructor(
    private readonly directory: UserDirectory,
    private readonly sessions: SessionStore,
  ) {}

  async refreshUsers(userIds: Iterable<number>): Promise<void> {
    for (const userId of new Set(userIds)) {
      // Read and write under the user's lock: two refreshes of one user (a role edited while the user
      // sets a preference) would otherwise be able to write the older read last.
      await this.sessions.lockUser(userId, () => this.refreshUser(userId));
    }
  }

  private async refreshUser(userId: number): Promise<void> {
    const user = await this.directory.findById(userId);
    if (!user || user.status !== '0') {
      await this.sessions.removeAllForUser(userId);
      return;
    }
    const grants = await this.directory.grantsOf(userId);
    await this.sessions.updateForUser(userId, (s) => ({
      ...s,
      nickName: user.nickName,
      avatar: user.avatar,
      deptId: user.deptId,
      companyId: user.companyId,
      pagesize: user.pagesize,
      tour: user.tour,
      admin: grants.admin || userId === SUPER_USER_ID,
      roles: grants.roles,
      permissions: grants.permissions,
    }));
  }

  /** Users holding any of the roles (after a role's menus or status changed). */
  async refreshRoles(
    db: { query(sql: string, p: unknown[]): Promise<unknown> },
    roleIds: number[],
  ) {
    if (!roleIds.length) return;
    const rows = (await db.query(
      `SELECT DISTINCT user_id FROM sys_user_role WHERE role_id IN (${roleIds.map(() => '?').join(',')})`,
      roleIds,
    )) as { user_id: number }[];
    await this.refreshUsers(rows.map((r) => Number(r.user_id)));
  }

  endAll(userId: number): Promise<number> {
    return this.sessions.removeAllForUser(userId);
  }
}
