import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ADMIN_ROLE_ID,
  DATA_SCOPES,
  DomainError,
  PERMISSIONS as P,
  type RoleView,
  type TreeNode,
  type UserView,
} from '@platform/contracts';
import type {
  Caller,
  RoleBody,
  RoleDataScopeBody,
  RoleQuery,
  RoleStatusBody,
  RoleUsersBody,
  RoleUsersQuery,
} from '@platform/contracts/dto';
import type { DataSource, EntityManager } from 'typeorm';

import { CountCache } from '../common/count-cache.service';
import { found, inList, isDuplicate, orderBy, type Page, pagedQuery, Where } from '../common/sql';
import { ROLE_IDS } from '../database/seed/roles';
import { DataScopeService } from '../datascope/data-scope.service';
import { DeptsService } from '../depts/depts.service';
import { GrantPolicy } from '../grants/grant-policy.service';
import { SessionSync } from '../users/session-sync.service';
import { USER_SELECT, userViewOf } from '../users/users-admin.service';
import { type RoleRow, roleViewOf } from './role-rows';

const ROLE_SORT: Record<string, string> = {
  roleId: 'r.role_id',
  roleSort: 'r.role_sort',
  roleKey: 'r.role_key',
  createTime: 'r.create_time',
};

/** Roles: CRUD, menu grants, data scope and the users holding each role. */
@Injectable()
export class RolesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly scopes: DataScopeService,
    private readonly sync: SessionSync,
    private readonly depts: DeptsService,
    private readonly counts: CountCache,
    private readonly grants: GrantPolicy,
  ) {}

  list(query: RoleQuery): Promise<Page<RoleView>> {
    const where = new Where()
      .add(`r.del_flag = '0'`)
      .like(query.roleName, 'r.role_name')
      .like(query.roleKey, 'r.role_key')
      .when(query.status, 'r.status = ?')
      .range(query.beginTime, query.endTime, 'r.create_time');
    return pagedQuery(
      this.db,
      'SELECT r.* FROM sys_role r',
      'SELECT COUNT(*) AS n FROM sys_role r',
      where,
      orderBy(query, ROLE_SORT, 'r.role_sort, r.role_id'),
      query,
      roleViewOf,
    );
  }

  async options(): Promise<RoleView[]> {
    const rows: RoleRow[] = await this.db.query(
      `SELECT * FROM sys_role WHERE del_flag = '0' ORDER BY role_sort, role_id`,
    );
    return rows.map(roleViewOf);
  }

  async get(roleId: number): Promise<RoleView & { menuIds: number[]; deptIds: number[] }> {
    const [row] = (await this.db.query(
      `SELECT * FROM sys_role WHERE role_id = ? AND del_flag = '0'`,
      [roleId],
    )) as RoleRow[];
    const role = roleViewOf(found(row, 'role.not_found'));
    return {
      ...role,
      menuIds: await this.ids('SELECT menu_id AS id FROM sys_role_menu WHERE role_id = ?', roleId),
      deptIds: await this.ids('SELECT dept_id AS id FROM sys_role_dept WHERE role_id = ?', roleId),
    };
  }

  async create(body: RoleBody, caller: Caller, by: string): Promise<{ roleId: number }> {
    await this.assertNameFree(body.roleName, 0);
    await this.assertMenusExist(body.menuIds ?? []);
    await this.grants.assertRoleMenus(caller, null, body.menuIds ?? []);
    // A new role sees all data only when an administrator makes it; anyone else starts it at "self"
    // and widens it within their own scope through the data-scope screen.
    const dataScope = (await this.grants.isAdmin(caller)) ? DATA_SCOPES.all : DATA_SCOPES.self;
    const roleId = await this.db
      .transaction(async (tx) => {
        const result = (await tx.query(
          `INSERT INTO sys_role (role_name, role_name_en, role_key, role_sort, status, menu_check_strictly,
             dept_check_strictly, remark, create_by, data_scope) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          [...roleValues(body), by, dataScope],
        )) as { insertId: number };
        await this.setMenus(tx, result.insertId, body.menuIds ?? []);
        return Number(result.insertId);
      })
      .catch((error: unknown) => {
        throw duplicateRoleError(error) ?? error;
      });
    return { roleId };
  }

  async update(body: RoleBody, caller: Caller, by: string): Promise<void> {
    const roleId = body.roleId!;
    const before = await this.assertEditable(roleId);
    await this.assertNameFree(body.roleName, roleId);
    await this.assertMenusExist(body.menuIds ?? []);
    await this.grants.assertNotOwnRole(caller, roleId);
    if (body.menuIds) await this.grants.assertRoleMenus(caller, roleId, body.menuIds);
    if (before.status !== '0' && (body.status ?? '0') === '0')
      await this.grants.assertRoleEnable(caller, roleId);
    await this.db
      .transaction(async (tx) => {
        await tx.query(
          `UPDATE sys_role SET role_name = ?, role_name_en = ?, role_key = ?, role_sort = ?, status = ?,
             menu_check_strictly = ?, dept_check_strictly = ?, remark = ?, update_by = ? WHERE role_id = ?`,
          [...roleValues(body), by, roleId],
        );
        if (body.menuIds) {
          await tx.query('DELETE FROM sys_role_menu WHERE role_id = ?', [roleId]);
          await this.setMenus(tx, roleId, body.menuIds);
        }
      })
      .catch((error: unknown) => {
        throw duplicateRoleError(error) ?? error;
      });
    await this.sync.refreshRoles(this.db, [roleId]);
  }

  async setDataScope(body: RoleDataScopeBody, caller: Caller, by: string): Promise<void> {
    await this.assertEditable(body.roleId);
    const deptIds = body.dataScope === DATA_SCOPES.custom ? (body.deptIds ?? []) : [];
    // A caller may hand a role only departments they can see themselves.
    await this.scopes.assertDepts(caller, P.system.role.edit, deptIds);
    await this.grants.assertRoleScope(caller, body.roleId, body.dataScope, deptIds);
    await this.db.transaction(async (tx) => {
      await tx.query(`UPDATE sys_role SET data_scope = ?, update_by = ? WHERE role_id = ?`, [
        body.dataScope,
        by,
        body.roleId,
      ]);
      await tx.query('DELETE FROM sys_role_dept WHERE role_id = ?', [body.roleId]);
      for (const deptId of new Set(deptIds))
        await tx.query('INSERT INTO sys_role_dept (role_id, dept_id) VALUES (?, ?)', [
          body.roleId,
          deptId,
        ]);
    });
    await this.counts.invalidate();
  }

  async changeStatus(body: RoleStatusBody, caller: Caller, by: string): Promise<void> {
    await this.assertEditable(body.roleId);
    await this.grants.assertNotOwnRole(caller, body.roleId);
    // Enabling a role hands its grants to every holder again.
    if (body.status === '0') await this.grants.assertRoleEnable(caller, body.roleId);
    await this.db.query(`UPDATE sys_role SET status = ?, update_by = ? WHERE role_id = ?`, [
      body.status,
      by,
      body.roleId,
    ]);
    await this.sync.refreshRoles(this.db, [body.roleId]);
  }

  async remove(ids: number[], by: string): Promise<void> {
    for (const roleId of ids) {
      await this.assertEditable(roleId);
      // Registration grants these two; without them new users would get nothing.
      if (roleId === ROLE_IDS.default || roleId === ROLE_IDS.company)
        throw new DomainError('role.builtin');
      const [used] = (await this.db.query(
        `SELECT r.role_name, (SELECT COUNT(*) FROM sys_user_role ur JOIN sys_user u ON u.user_id = ur.user_id
            WHERE ur.role_id = r.role_id AND u.del_flag = '0') AS n FROM sys_role r WHERE r.role_id = ?`,
        [roleId],
      )) as { role_name: string; n: number }[];
      if (Number(used.n) > 0) throw new DomainError('role.in_use', { name: used.role_name });
    }
    await this.db.transaction(async (tx) => {
      await tx.query(
        `UPDATE sys_role SET del_flag = '2', update_by = ? WHERE role_id IN (${inList(ids)})`,
        [by, ...ids],
      );
      await tx.query(`DELETE FROM sys_role_menu WHERE role_id IN (${inList(ids)})`, ids);
      await tx.query(`DELETE FROM sys_role_dept WHERE role_id IN (${inList(ids)})`, ids);
    });
  }

  /** Users holding (or, `allocated` false, not holding) the role, within the caller's scope. */
  async users(query: RoleUsersQuery, caller: Caller, allocated: boolean): Promise<Page<UserView>> {
    const scope = await this.scopes.scopeOf(caller, P.system.role.list);
    const held = `EXISTS (SELECT 1 FROM sys_user_role ur WHERE ur.user_id = u.user_id AND ur.role_id = ?)`;
    const where = new Where()
      .add(`u.del_flag = '0'`)
      .add(allocated ? held : `NOT ${held}`, query.roleId)
      .part(this.scopes.userCondition(scope))
      .like(query.userName, 'u.user_name')
      .like(query.phonenumber, 'u.phonenumber');
    return pagedQuery(
      this.db,
      USER_SELECT,
      'SELECT COUNT(*) AS n FROM sys_user u',
      where,
      'ORDER BY u.user_id DESC',
      query,
      userViewOf,
    );
  }

  async cancelUsers(body: RoleUsersBody, caller: Caller): Promise<void> {
    await this.get(body.roleId);
    if (body.roleId === ADMIN_ROLE_ID && body.userIds.includes(caller.userId))
      throw new DomainError('user.cannot_drop_own_admin');
    await this.scopes.assertUsers(caller, P.system.role.edit, body.userIds);
    await this.grants.assertRoleAssignment(caller, body.userIds, [body.roleId], 'remove');
    await this.db.query(
      `DELETE FROM sys_user_role WHERE role_id = ? AND user_id IN (${inList(body.userIds)})`,
      [body.roleId, ...body.userIds],
    );
    await this.sync.refreshUsers(body.userIds);
  }

  async selectUsers(body: RoleUsersBody, caller: Caller): Promise<void> {
    await this.get(body.roleId);
    if (body.roleId === ADMIN_ROLE_ID && !(await this.grants.isAdmin(caller)))
      throw new DomainError('role.admin_grant_denied', {}, 403);
    await this.scopes.assertUsers(caller, P.system.role.edit, body.userIds);
    await this.grants.assertRoleAssignment(caller, body.userIds, [body.roleId], 'add');
    for (const userId of new Set(body.userIds))
      await this.db.query('INSERT IGNORE INTO sys_user_role (user_id, role_id) VALUES (?, ?)', [
        userId,
        body.roleId,
      ]);
    await this.sync.refreshUsers(body.userIds);
  }

  /** The departments a caller can pick for a role's custom scope, and those the role has. */
  async deptTree(
    roleId: number,
    caller: Caller,
  ): Promise<{ checkedKeys: number[]; depts: TreeNode[] }> {
    const role = await this.get(roleId);
    const depts = await this.depts.userPageTree(caller);
    return { checkedKeys: role.deptIds, depts };
  }

  /** The administrator role stays as seeded: all permissions, all data. */
  private async assertEditable(roleId: number): Promise<RoleView> {
    if (roleId === ADMIN_ROLE_ID) throw new DomainError('role.cannot_touch_admin');
    return this.get(roleId);
  }

  private async assertNameFree(name: string, exceptId: number): Promise<void> {
    const [row] = (await this.db.query(
      `SELECT COUNT(*) AS n FROM sys_role WHERE role_name = ? AND del_flag = '0' AND role_id <> ?`,
      [name, exceptId],
    )) as { n: number }[];
    if (Number(row.n) > 0) throw new DomainError('role.name_taken');
  }

  private async assertMenusExist(menuIds: number[]): Promise<void> {
    if (!menuIds.length) return;
    const unique = [...new Set(menuIds)];
    const [row] = (await this.db.query(
      `SELECT COUNT(*) AS n FROM sys_menu WHERE menu_id IN (${inList(unique)})`,
      unique,
    )) as { n: number }[];
    if (Number(row.n) !== unique.length) throw new DomainError('menu.not_found');
  }

  private async setMenus(tx: EntityManager, roleId: number, menuIds: number[]): Promise<void> {
    for (const menuId of new Set(menuIds))
      await tx.query('INSERT INTO sys_role_menu (role_id, menu_id) VALUES (?, ?)', [
        roleId,
        menuId,
      ]);
  }

  private async ids(sql: string, id: number): Promise<number[]> {
    return ((await this.db.query(sql, [id])) as { id: number }[]).map((r) => Number(r.id));
  }
}

function roleValues(body: RoleBody): unknown[] {
  return [
    body.roleName,
    body.roleNameEn ?? '',
    body.roleKey,
    body.roleSort,
    body.status ?? '0',
    body.menuCheckStrictly === false ? 0 : 1,
    body.deptCheckStrictly === false ? 0 : 1,
    body.remark ?? null,
  ];
}

function duplicateRoleError(error: unknown): DomainError | null {
  if (!isDuplicate(error)) return null;
  return new DomainError('role.key_taken');
}
