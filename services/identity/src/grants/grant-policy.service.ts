import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ADMIN_ROLE,
  DATA_SCOPES,
  DomainError,
  PERMISSION_CATALOGUE,
  PERMISSIONS as P,
  permissionsOf,
  SUPER_USER_ID,
} from '@platform/contracts';
import type { Caller } from '@platform/contracts/dto';
import type { DataSource } from 'typeorm';

import { inList } from '../common/sql';
import { DataScopeService, type Scope } from '../datascope/data-scope.service';

/**
 * The one place that decides what a caller may hand out: nobody grants what they do not hold.
 *
 * - A role gets only menus whose permissions the caller holds (or, for a menu without permissions,
 *   the menu itself), and a data scope no wider than the caller's own for each permission it carries.
 * - A user gets only roles that pass the same test; the administrator role only from an administrator.
 * - Nobody changes their own roles or the grants of a role they hold.
 * - A menu's effective grant (its permission string while enabled) is changed only by an administrator.
 * Administrators (user 1 or holders of the `admin` role) hold everything and pass every rule.
 */
@Injectable()
export class GrantPolicy {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly scopes: DataScopeService,
  ) {}

  async isAdmin(caller: Caller): Promise<boolean> {
    if (caller.userId === SUPER_USER_ID) return true;
    const [row] = (await this.db.query(
      `SELECT COUNT(*) AS n FROM sys_user_role ur JOIN sys_role r ON r.role_id = ur.role_id
        WHERE ur.user_id = ? AND r.role_key = ? AND r.status = '0' AND r.del_flag = '0'`,
      [caller.userId, ADMIN_ROLE],
    )) as { n: number }[];
    return Number(row.n) > 0;
  }

  /** Setting or changing what a menu grants (its permissions, or enabling a menu that has some). */
  async assertMenuGrantChange(
    caller: Caller,
    before: { perms: string | null; status: string } | null,
    after: { perms?: string | null; status?: string },
  ): Promise<void> {
    const grantOf = (perms: string | null | undefined, status: string | undefined) =>
      status === '1' ? '' : permissionsOf(perms).sort().join(',');
    const changed =
      grantOf(after.perms, after.status ?? '0') !==
      (before ? grantOf(before.perms, before.status) : '');
    if (changed && !(await this.isAdmin(caller)))
      throw new DomainError('menu.perms_admin_only', {}, 403);
  }

  /** Creating a role with menus, or changing an existing role's menus. */
  async assertRoleMenus(caller: Caller, roleId: number | null, menuIds: number[]): Promise<void> {
    if (await this.isAdmin(caller)) return;
    if (roleId !== null) await this.assertRoleChangeable(caller, roleId);
    const current = roleId === null ? new Set<number>() : await this.menusOfRole(roleId);
    const added = [...new Set(menuIds)].filter((id) => !current.has(id));
    const held = await this.holdingsOf(caller);
    if (!(await this.menusHeld(held, added)))
      throw new DomainError('grant.menus_not_held', {}, 403);
  }

  /** Setting a role's data scope: no wider than the caller's own for each permission of the role. */
  async assertRoleScope(
    caller: Caller,
    roleId: number,
    dataScope: string,
    deptIds: number[],
  ): Promise<void> {
    if (await this.isAdmin(caller)) return;
    await this.assertRoleChangeable(caller, roleId);
    const held = await this.holdingsOf(caller);
    const perms = await this.permissionsOfRole(roleId);
    if (!(await this.scopeWithin(held, perms, dataScope, deptIds)))
      throw new DomainError('grant.scope_too_wide', {}, 403);
  }

  /** Changing anything of a role other than its grants that widens what its holders get (enabling it). */
  async assertRoleEnable(caller: Caller, roleId: number): Promise<void> {
    if (await this.isAdmin(caller)) return;
    await this.assertRoleChangeable(caller, roleId);
    const held = await this.holdingsOf(caller);
    if (!(await this.roleWithin(held, roleId)))
      throw new DomainError('grant.role_too_wide', {}, 403);
  }

  /** A role the caller holds is not theirs to edit (its name and sort order aside). */
  async assertNotOwnRole(caller: Caller, roleId: number): Promise<void> {
    if (await this.isAdmin(caller)) return;
    const [row] = (await this.db.query(
      'SELECT COUNT(*) AS n FROM sys_user_role WHERE user_id = ? AND role_id = ?',
      [caller.userId, roleId],
    )) as { n: number }[];
    if (Number(row.n) > 0) throw new DomainError('grant.own_role', {}, 403);
  }

  /**
   * Giving `roleIds` to the users (`replace`: their whole new role list; else roles added to them).
   * Roles they already have are not re-checked: only what is added is a grant.
   */
  async assertRoleAssignment(
    caller: Caller,
    userIds: number[],
    roleIds: number[],
    mode: 'replace' | 'add' | 'remove',
  ): Promise<void> {
    const admin = await this.isAdmin(caller);
    for (const userId of new Set(userIds)) {
      const current = await this.rolesOfUser(userId);
      const target = new Set(
        mode === 'replace'
          ? roleIds
          : mode === 'add'
            ? [...current, ...roleIds]
            : [...current].filter((id) => !roleIds.includes(id)),
      );
      const unchanged = target.size === current.size && [...target].every((id) => current.has(id));
      if (unchanged) continue;
      if (userId === caller.userId && !admin) throw new DomainError('grant.own_roles', {}, 403);
      if (!admin)
        await this.assertRolesAddable(
          caller,
          [...target].filter((id) => !current.has(id)),
        );
    }
  }

  /** Roles given to someone (a new user, say): each within the caller's own menus and scope. */
  async assertRolesAddable(caller: Caller, roleIds: number[]): Promise<void> {
    if (!roleIds.length || (await this.isAdmin(caller))) return;
    const held = await this.holdingsOf(caller);
    for (const roleId of new Set(roleIds))
      if (!(await this.roleWithin(held, roleId)))
        throw new DomainError('grant.role_too_wide', {}, 403);
  }

  /** Roles whose every menu and scope lie within the caller's: those they may hand out. */
  async assignableRoleIds(caller: Caller, roleIds: number[]): Promise<Set<number>> {
    if (await this.isAdmin(caller)) return new Set(roleIds);
    const held = await this.holdingsOf(caller);
    const result = new Set<number>();
    for (const roleId of roleIds) if (await this.roleWithin(held, roleId)) result.add(roleId);
    return result;
  }

  private async assertRoleChangeable(caller: Caller, roleId: number): Promise<void> {
    await this.assertNotOwnRole(caller, roleId);
    // Changing a role changes every holder: all of them must be people the caller may manage.
    const scope = await this.scopes.scopeOf(caller, P.system.role.edit);
    if (scope.all) return;
    const outside = this.scopes.userCondition(scope);
    const [row] = (await this.db.query(
      `SELECT COUNT(*) AS n FROM sys_user_role ur JOIN sys_user u ON u.user_id = ur.user_id
        WHERE ur.role_id = ? AND u.del_flag = '0' AND NOT (${outside.sql})`,
      [roleId, ...outside.params],
    )) as { n: number }[];
    if (Number(row.n) > 0) throw new DomainError('grant.holders_out_of_scope', {}, 403);
  }

  private async roleWithin(held: Holdings, roleId: number): Promise<boolean> {
    const [role] = (await this.db.query(
      `SELECT role_key, data_scope FROM sys_role WHERE role_id = ? AND del_flag = '0'`,
      [roleId],
    )) as { role_key: string; data_scope: string }[];
    if (!role) throw new DomainError('role.not_found');
    if (role.role_key === ADMIN_ROLE) return false;
    if (!(await this.menusHeld(held, [...(await this.menusOfRole(roleId))]))) return false;
    const deptIds = await this.idList('SELECT dept_id AS id FROM sys_role_dept WHERE role_id = ?', [
      roleId,
    ]);
    return this.scopeWithin(held, await this.permissionsOfRole(roleId), role.data_scope, deptIds);
  }

  private async menusHeld(held: Holdings, menuIds: number[]): Promise<boolean> {
    const notHeld = menuIds.filter((id) => !held.menuIds.has(id));
    if (!notHeld.length) return true;
    const rows = (await this.db.query(
      `SELECT menu_id, perms FROM sys_menu WHERE menu_id IN (${inList(notHeld)})`,
      notHeld,
    )) as { menu_id: number; perms: string | null }[];
    if (rows.length !== notHeld.length) throw new DomainError('menu.not_found');
    return rows.every((row) => {
      const perms = permissionsOf(row.perms);
      return perms.length > 0 && perms.every((p) => held.permissions.has(p));
    });
  }

  /** For each permission the scope would apply to, the caller's own scope for it covers the level. */
  private async scopeWithin(
    held: Holdings,
    permissions: string[],
    level: string,
    deptIds: number[],
  ): Promise<boolean> {
    // A role without permissions still limits what its holders see of the organisation: judge it by
    // the caller's widest scope.
    const judged = permissions.length ? permissions : [null];
    for (const permission of judged) {
      const scope = this.scopeFor(held, permission);
      if (!(await this.covers(scope, level, deptIds))) return false;
    }
    return true;
  }

  private async covers(scope: Scope, level: string, deptIds: number[]): Promise<boolean> {
    if (scope.all) return true;
    switch (level) {
      case DATA_SCOPES.self:
        return true;
      case DATA_SCOPES.dept:
        return scope.ownDept !== null || scope.deptAndBelow !== null;
      case DATA_SCOPES.deptAndBelow:
        return scope.deptAndBelow !== null;
      case DATA_SCOPES.custom:
        return this.deptsInScope(scope, deptIds);
      default:
        return false;
    }
  }

  private async deptsInScope(scope: Scope, deptIds: number[]): Promise<boolean> {
    const unique = [...new Set(deptIds)];
    if (!unique.length) return true;
    const inScope = this.scopes.deptCondition(scope, 'd.dept_id');
    const [row] = (await this.db.query(
      `SELECT COUNT(*) AS n FROM sys_dept d WHERE d.dept_id IN (${inList(unique)}) AND (${inScope.sql})`,
      [...unique, ...inScope.params],
    )) as { n: number }[];
    return Number(row.n) === unique.length;
  }

  /** The caller's scope for one permission (null: over all their roles), as DataScopeService builds it. */
  private scopeFor(held: Holdings, permission: string | null): Scope {
    const scope: Scope = {
      all: false,
      userId: held.userId,
      companyId: null,
      customRoleIds: [],
      ownDept: null,
      deptAndBelow: null,
      self: false,
    };
    for (const role of held.roles) {
      if (permission !== null && !role.permissions.has(permission)) continue;
      if (role.dataScope === DATA_SCOPES.all) scope.all = true;
      else if (role.dataScope === DATA_SCOPES.custom) scope.customRoleIds.push(role.roleId);
      else if (role.dataScope === DATA_SCOPES.dept) scope.ownDept = held.deptId;
      else if (role.dataScope === DATA_SCOPES.deptAndBelow) scope.deptAndBelow = held.deptId;
      else if (role.dataScope === DATA_SCOPES.self) scope.self = true;
    }
    return scope;
  }

  /** The caller's active roles with their menus and catalogued permissions. */
  private async holdingsOf(caller: Caller): Promise<Holdings> {
    const rows = (await this.db.query(
      `SELECT r.role_id, r.data_scope, u.dept_id, rm.menu_id, m.perms, m.status AS menu_status
         FROM sys_user u
         JOIN sys_user_role ur ON ur.user_id = u.user_id
         JOIN sys_role r ON r.role_id = ur.role_id AND r.status = '0' AND r.del_flag = '0'
         LEFT JOIN sys_role_menu rm ON rm.role_id = r.role_id
         LEFT JOIN sys_menu m ON m.menu_id = rm.menu_id
        WHERE u.user_id = ? AND u.del_flag = '0'`,
      [caller.userId],
    )) as HoldingRow[];
    const held: Holdings = {
      userId: caller.userId,
      deptId: rows[0]?.dept_id ?? null,
      roles: [],
      menuIds: new Set(),
      permissions: new Set(),
    };
    const roles = new Map<number, HeldRole>();
    for (const row of rows) {
      const roleId = Number(row.role_id);
      let role = roles.get(roleId);
      if (!role) {
        role = { roleId, dataScope: row.data_scope, permissions: new Set() };
        roles.set(roleId, role);
      }
      if (row.menu_id === null) continue;
      held.menuIds.add(Number(row.menu_id));
      if (row.menu_status !== '0') continue;
      for (const p of permissionsOf(row.perms).filter((p) => PERMISSION_CATALOGUE.has(p))) {
        role.permissions.add(p);
        held.permissions.add(p);
      }
    }
    held.roles = [...roles.values()];
    return held;
  }

  private menusOfRole(roleId: number): Promise<Set<number>> {
    return this.idList('SELECT menu_id AS id FROM sys_role_menu WHERE role_id = ?', [roleId]).then(
      (ids) => new Set(ids),
    );
  }

  private rolesOfUser(userId: number): Promise<Set<number>> {
    return this.idList('SELECT role_id AS id FROM sys_user_role WHERE user_id = ?', [userId]).then(
      (ids) => new Set(ids),
    );
  }

  private async permissionsOfRole(roleId: number): Promise<string[]> {
    const rows = (await this.db.query(
      `SELECT m.perms FROM sys_role_menu rm JOIN sys_menu m ON m.menu_id = rm.menu_id
        WHERE rm.role_id = ? AND m.status = '0'`,
      [roleId],
    )) as { perms: string | null }[];
    return [...new Set(rows.flatMap((r) => permissionsOf(r.perms)))];
  }

  private async idList(sql: string, params: unknown[]): Promise<number[]> {
    return ((await this.db.query(sql, params)) as { id: number }[]).map((r) => Number(r.id));
  }
}

interface HoldingRow {
  role_id: number;
  data_scope: string;
  dept_id: number | null;
  menu_id: number | null;
  perms: string | null;
  menu_status: string | null;
}

interface HeldRole {
  roleId: number;
  dataScope: string;
  permissions: Set<string>;
}

interface Holdings {
  userId: number;
  deptId: number | null;
  roles: HeldRole[];
  menuIds: Set<number>;
  permissions: Set<string>;
}
