import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ADMIN_ROLE,
  ADMIN_ROLE_ID,
  DomainError,
  PERMISSIONS as P,
  type RoleView,
  SUPER_USER_ID,
  type UserDetailView,
  type UserView,
} from '@platform/contracts';
import type {
  AuthRoleBody,
  Caller,
  ResetPwdBody,
  UserBody,
  UserQuery,
  UserStatusBody,
} from '@platform/contracts/dto';
import type { DataSource, EntityManager } from 'typeorm';

import { CountCache } from '../common/count-cache.service';
import { inList, isDuplicate, iso, orderBy, type Page, pagedQuery, Where } from '../common/sql';
import { DataScopeService } from '../datascope/data-scope.service';
import { GrantPolicy } from '../grants/grant-policy.service';
import { PasswordService } from '../passwords/password.service';
import { type RoleRow, roleViewOf } from '../roles/role-rows';
import { SessionSync } from './session-sync.service';

export interface UserRow {
  user_id: number;
  dept_id: number | null;
  dept_name: string | null;
  dept_name_en?: string | null;
  company_id: number | null;
  company_name: string | null;
  user_name: string;
  nick_name: string;
  email: string | null;
  qu: string | null;
  phonenumber: string | null;
  sex: string;
  avatar: string;
  status: '0' | '1';
  login_ip: string;
  login_date: Date | null;
  create_time: Date;
  remark: string | null;
}

export const USER_SELECT = `SELECT u.user_id, u.dept_id, d.dept_name, d.dept_name_en, u.company_id, c.company_name,
    u.user_name, u.nick_name, u.email, u.qu, u.phonenumber, u.sex, u.avatar, u.status, u.login_ip,
    u.login_date, u.create_time, u.remark
  FROM sys_user u
  LEFT JOIN sys_dept d ON d.dept_id = u.dept_id
  LEFT JOIN sys_company c ON c.company_id = u.company_id`;

const USER_SORT: Record<string, string> = {
  userId: 'u.user_id',
  userName: 'u.user_name',
  nickName: 'u.nick_name',
  createTime: 'u.create_time',
  loginDate: 'u.login_date',
  status: 'u.status',
};

export function userViewOf(row: UserRow): UserView {
  return {
    userId: Number(row.user_id),
    deptId: row.dept_id === null ? null : Number(row.dept_id),
    deptName: row.dept_name,
    deptNameEn: row.dept_name_en ?? null,
    companyId: row.company_id === null ? null : Number(row.company_id),
    companyName: row.company_name,
    userName: row.user_name,
    nickName: row.nick_name,
    email: row.email,
    qu: row.qu,
    phonenumber: row.phonenumber,
    sex: row.sex,
    avatar: row.avatar,
    status: row.status,
    loginIp: row.login_ip,
    loginDate: iso(row.login_date),
    createTime: iso(row.create_time) ?? '',
    remark: row.remark,
    admin: Number(row.user_id) === SUPER_USER_ID,
  };
}

/** User management of the console: every read and write goes through the caller's data scope. */
@Injectable()
export class UsersAdminService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly scopes: DataScopeService,
    private readonly passwords: PasswordService,
    private readonly sync: SessionSync,
    private readonly counts: CountCache,
    private readonly grants: GrantPolicy,
  ) {}

  /** The filter of the list and of the export (data scope included). */
  async whereOf(query: UserQuery, caller: Caller): Promise<Where> {
    const scope = await this.scopes.scopeOf(caller, P.system.user.list);
    const where = new Where().add(`u.del_flag = '0'`).part(this.scopes.userCondition(scope));
    where
      .like(query.userName, 'u.user_name')
      .like(query.phonenumber, 'u.phonenumber')
      .when(query.status, 'u.status = ?')
      .when(query.companyId, 'u.company_id = ?')
      .range(query.beginTime, query.endTime, 'u.create_time');
    if (query.deptId) {
      where.add(
        `(u.dept_id = ? OR u.dept_id IN (SELECT t.dept_id FROM sys_dept t WHERE FIND_IN_SET(?, t.ancestors) > 0))`,
        query.deptId,
        query.deptId,
      );
    }
    return where;
  }

  async list(query: UserQuery, caller: Caller): Promise<Page<UserView>> {
    const where = await this.whereOf(query, caller);
    return pagedQuery(
      this.db,
      USER_SELECT,
      'SELECT COUNT(*) AS n FROM sys_user u',
      where,
      orderBy(query, USER_SORT, 'u.user_id DESC'),
      query,
      userViewOf,
      (sql, params, run) => this.counts.count(sql, params, run),
    );
  }

  /** One page of the export, in id order after `afterId` (keyset: no deep OFFSET on big tables). */
  async exportPage(query: UserQuery, caller: Caller): Promise<UserView[]> {
    const where = await this.whereOf(query, caller);
    where.add('u.user_id > ?', query.afterId ?? 0);
    const rows: UserRow[] = await this.db.query(
      `${USER_SELECT} ${where.sql} ORDER BY u.user_id LIMIT ?`,
      [...where.params, query.pageSize ?? 500],
    );
    return rows.map(userViewOf);
  }

  async simple(caller: Caller): Promise<Pick<UserView, 'userId' | 'userName' | 'nickName'>[]> {
    const scope = await this.scopes.scopeOf(caller, P.system.user.list);
    const condition = this.scopes.userCondition(scope);
    const rows: { user_id: number; user_name: string; nick_name: string }[] = await this.db.query(
      `SELECT u.user_id, u.user_name, u.nick_name FROM sys_user u
        WHERE u.del_flag = '0' AND u.status = '0' AND (${condition.sql}) ORDER BY u.user_id LIMIT 2000`,
      condition.params,
    );
    return rows.map((r) => ({
      userId: Number(r.user_id),
      userName: r.user_name,
      nickName: r.nick_name,
    }));
  }

  async get(userId: number | undefined, caller: Caller): Promise<UserDetailView> {
    const posts = await this.db.query(
      `SELECT post_id, post_code, post_name, post_name_en, post_sort, status, create_time, remark
         FROM sys_post WHERE status = '0' ORDER BY post_sort`,
    );
    const postViews = (posts as PostRowLite[]).map(postViewOf);
    if (!userId) {
      const roles = await this.assignableRoles(caller, []);
      return { user: null, roles, posts: postViews, roleIds: [], postIds: [] };
    }
    await this.scopes.assertUsers(caller, P.system.user.query, [userId]);
    const [row] = (await this.db.query(`${USER_SELECT} WHERE u.user_id = ?`, [
      userId,
    ])) as UserRow[];
    const roleIds = await this.idsOf(
      'SELECT role_id AS id FROM sys_user_role WHERE user_id = ?',
      userId,
    );
    const postIds = await this.idsOf(
      'SELECT post_id AS id FROM sys_user_post WHERE user_id = ?',
      userId,
    );
    const roles = await this.assignableRoles(caller, roleIds);
    return { user: userViewOf(row), roles, posts: postViews, roleIds, postIds };
  }

  async create(body: UserBody, caller: Caller, by: string): Promise<{ userId: number }> {
    await this.assertDeptAllowed(caller, P.system.user.add, body.deptId);
    await this.assertRolesGrantable(caller, body.roleIds ?? []);
    await this.grants.assertRolesAddable(caller, body.roleIds ?? []);
    const hash = await this.passwords.hash(body.password ?? '');
    const userId = await this.db
      .transaction(async (tx) => {
        const result = await tx.query(
          `INSERT INTO sys_user (dept_id, company_id, user_name, nick_name, email, qu, phonenumber, sex,
             status, password, remark, create_by, pwd_update_date)
           VALUES (?, (SELECT c.company_id FROM sys_company c WHERE c.dept_id = ? AND c.del_flag = '0' LIMIT 1),
             ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NOW(3))`,
          [
            body.deptId ?? null,
            body.deptId ?? null,
            body.userName,
            body.nickName,
            body.email?.toLowerCase() ?? null,
            body.phonenumber ? (body.qu ?? '86') : null,
            body.phonenumber ?? null,
            body.sex ?? '2',
            body.status ?? '0',
            hash,
            body.remark ?? null,
            by,
          ],
        );
        const id = Number((result as { insertId: number }).insertId);
        await this.setLinks(tx, id, body.roleIds ?? [], body.postIds ?? []);
        return id;
      })
      .catch((error: unknown) => {
        throw duplicateUserError(error) ?? error;
      });
    await this.counts.invalidate();
    return { userId };
  }

  async update(body: UserBody, caller: Caller, by: string): Promise<void> {
    const userId = body.userId!;
    this.assertMayTouch(userId, caller);
    await this.scopes.assertUsers(caller, P.system.user.edit, [userId]);
    await this.assertDeptAllowed(caller, P.system.user.edit, body.deptId);
    const roleIds = body.roleIds;
    if (roleIds) await this.assertRoleChange(userId, roleIds, caller);
    if (body.status === '1' && userId === caller.userId)
      throw new DomainError('user.cannot_disable_self');
    await this.db
      .transaction(async (tx) => {
        await tx.query(
          `UPDATE sys_user SET dept_id = ?, user_name = ?, nick_name = ?, email = ?, qu = ?, phonenumber = ?,
             sex = ?, status = ?, remark = ?, update_by = ?,
             company_id = COALESCE((SELECT c.company_id FROM sys_company c WHERE c.dept_id = ? AND c.del_flag = '0' LIMIT 1), company_id)
           WHERE user_id = ?`,
          [
            body.deptId ?? null,
            body.userName,
            body.nickName,
            body.email?.toLowerCase() ?? null,
            body.phonenumber ? (body.qu ?? '86') : null,
            body.phonenumber ?? null,
            body.sex ?? '2',
            body.status ?? '0',
            body.remark ?? null,
            by,
            body.deptId ?? null,
            userId,
          ],
        );
        if (roleIds) await tx.query('DELETE FROM sys_user_role WHERE user_id = ?', [userId]);
        if (body.postIds) await tx.query('DELETE FROM sys_user_post WHERE user_id = ?', [userId]);
        await this.setLinks(tx, userId, roleIds ?? [], body.postIds ?? []);
      })
      .catch((error: unknown) => {
        throw duplicateUserError(error) ?? error;
      });
    await this.counts.invalidate();
    await this.sync.refreshUsers([userId]);
  }

  async remove(ids: number[], caller: Caller, by: string): Promise<void> {
    if (ids.includes(SUPER_USER_ID)) throw new DomainError('user.cannot_touch_admin');
    if (ids.includes(caller.userId)) throw new DomainError('user.cannot_delete_self');
    await this.scopes.assertUsers(caller, P.system.user.remove, ids);
    await this.db.transaction(async (tx) => {
      await tx.query(
        `UPDATE sys_user SET del_flag = '2', update_by = ? WHERE user_id IN (${inList(ids)})`,
        [by, ...ids],
      );
      await tx.query(`DELETE FROM sys_user_role WHERE user_id IN (${inList(ids)})`, ids);
      await tx.query(`DELETE FROM sys_user_post WHERE user_id IN (${inList(ids)})`, ids);
    });
    await this.counts.invalidate();
    for (const id of ids) await this.sync.endAll(id);
  }

  async resetPwd(body: ResetPwdBody, caller: Caller, by: string): Promise<void> {
    this.assertMayTouch(body.userId, caller);
    await this.scopes.assertUsers(caller, P.system.user.resetPwd, [body.userId]);
    const hash = await this.passwords.hash(body.password);
    await this.db.query(
      `UPDATE sys_user SET password = ?, pwd_update_date = NOW(3), update_by = ? WHERE user_id = ?`,
      [hash, by, body.userId],
    );
    await this.sync.endAll(body.userId);
  }

  async changeStatus(body: UserStatusBody, caller: Caller, by: string): Promise<void> {
    this.assertMayTouch(body.userId, caller);
    if (body.userId === caller.userId && body.status === '1')
      throw new DomainError('user.cannot_disable_self');
    await this.scopes.assertUsers(caller, P.system.user.edit, [body.userId]);
    await this.db.query(`UPDATE sys_user SET status = ?, update_by = ? WHERE user_id = ?`, [
      body.status,
      by,
      body.userId,
    ]);
    await this.counts.invalidate();
    await this.sync.refreshUsers([body.userId]);
  }

  async authRoleGet(
    userId: number,
    caller: Caller,
  ): Promise<{ user: UserView; roles: RoleView[] }> {
    await this.scopes.assertUsers(caller, P.system.user.edit, [userId]);
    const [row] = (await this.db.query(`${USER_SELECT} WHERE u.user_id = ?`, [
      userId,
    ])) as UserRow[];
    const heldIds = await this.idsOf(
      'SELECT role_id AS id FROM sys_user_role WHERE user_id = ?',
      userId,
    );
    const held = new Set(heldIds);
    const roles = (await this.assignableRoles(caller, heldIds)).map((r) => ({
      ...r,
      flag: held.has(r.roleId),
    }));
    return { user: userViewOf(row), roles };
  }

  async authRole(body: AuthRoleBody, caller: Caller): Promise<void> {
    this.assertMayTouch(body.userId, caller);
    await this.scopes.assertUsers(caller, P.system.user.edit, [body.userId]);
    await this.assertRoleChange(body.userId, body.roleIds, caller);
    await this.db.transaction(async (tx) => {
      await tx.query('DELETE FROM sys_user_role WHERE user_id = ?', [body.userId]);
      await this.setLinks(tx, body.userId, body.roleIds, []);
    });
    await this.sync.refreshUsers([body.userId]);
  }

  /** Only user 1 may change user 1 from the console (everyone else sees it read-only). */
  private assertMayTouch(userId: number, caller: Caller): void {
    if (userId === SUPER_USER_ID && caller.userId !== SUPER_USER_ID)
      throw new DomainError('user.cannot_touch_admin');
  }

  private async assertDeptAllowed(caller: Caller, permission: string, deptId?: number) {
    if (deptId) {
      await this.scopes.assertDepts(caller, permission, [deptId]);
      return;
    }
    // A user without a department is outside every department scope: only "all" may make one.
    const scope = await this.scopes.scopeOf(caller, permission);
    if (!scope.all) throw new DomainError('datascope.denied', {}, 403);
  }

  private async assertRoleChange(userId: number, roleIds: number[], caller: Caller) {
    await this.assertRolesGrantable(caller, roleIds);
    await this.grants.assertRoleAssignment(caller, [userId], roleIds, 'replace');
    if (userId !== caller.userId) return;
    const [held] = (await this.db.query(
      `SELECT COUNT(*) AS n FROM sys_user_role ur JOIN sys_role r ON r.role_id = ur.role_id
        WHERE ur.user_id = ? AND r.role_key = ?`,
      [userId, ADMIN_ROLE],
    )) as { n: number }[];
    if (Number(held.n) > 0 && !roleIds.includes(ADMIN_ROLE_ID))
      throw new DomainError('user.cannot_drop_own_admin');
  }

  /** Roles must exist; only an administrator may grant the administrator role. */
  private async assertRolesGrantable(caller: Caller, roleIds: number[]) {
    if (!roleIds.length) return;
    const rows: { role_id: number; role_key: string }[] = await this.db.query(
      `SELECT role_id, role_key FROM sys_role WHERE del_flag = '0' AND role_id IN (${inList(roleIds)})`,
      roleIds,
    );
    if (rows.length !== new Set(roleIds).size) throw new DomainError('role.not_found');
    if (rows.some((r) => r.role_key === ADMIN_ROLE) && !(await this.isAdmin(caller)))
      throw new DomainError('role.admin_grant_denied', {}, 403);
  }

  isAdmin(caller: Caller): Promise<boolean> {
    return this.grants.isAdmin(caller);
  }

  /**
   * Roles the user form offers: those the caller may hand out (within their own grants; the
   * administrator role only for administrators), and those the user already has, so a save keeps them.
   */
  private async assignableRoles(caller: Caller, heldIds: number[]): Promise<RoleView[]> {
    const rows: RoleRow[] = await this.db.query(
      `SELECT * FROM sys_role WHERE del_flag = '0' ORDER BY role_sort, role_id`,
    );
    const allowed = await this.grants.assignableRoleIds(
      caller,
      rows.map((r) => Number(r.role_id)),
    );
    return rows.map(roleViewOf).filter((r) => allowed.has(r.roleId) || heldIds.includes(r.roleId));
  }

  private async setLinks(tx: EntityManager, userId: number, roleIds: number[], postIds: number[]) {
    for (const roleId of new Set(roleIds))
      await tx.query('INSERT INTO sys_user_role (user_id, role_id) VALUES (?, ?)', [
        userId,
        roleId,
      ]);
    for (const postId of new Set(postIds))
      await tx.query('INSERT INTO sys_user_post (user_id, post_id) VALUES (?, ?)', [
        userId,
        postId,
      ]);
  }

  private async idsOf(sql: string, id: number): Promise<number[]> {
    return ((await this.db.query(sql, [id])) as { id: number }[]).map((r) => Number(r.id));
  }
}

interface PostRowLite {
  post_id: number;
  post_code: string;
  post_name: string;
  post_name_en: string;
  post_sort: number;
  status: '0' | '1';
  create_time: Date;
  remark: string | null;
}

export function postViewOf(r: PostRowLite) {
  return {
    postId: Number(r.post_id),
    postCode: r.post_code,
    postName: r.post_name,
    postNameEn: r.post_name_en,
    postSort: Number(r.post_sort),
    status: r.status,
    createTime: iso(r.create_time) ?? '',
    remark: r.remark,
  };
}

export function duplicateUserError(error: unknown): DomainError | null {
  if (!isDuplicate(error)) return null;
  const message = String((error as Error).message);
  if (message.includes('uk_user_email')) return new DomainError('user.email_taken');
  if (message.includes('uk_user_phone')) return new DomainError('user.phone_taken');
  if (message.includes('uk_user_name') || message.includes('user_name'))
    return new DomainError('user.username_taken');
  return null;
}
