import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ADMIN_ROLE, DATA_SCOPES, DomainError, SUPER_USER_ID } from '@platform/contracts';
import type { Caller } from '@platform/contracts/dto';
import type { DataSource } from 'typeorm';

import { inList, type SqlPart } from '../common/sql';

/**
 * What part of the organisation a caller may see and change for one permission: the union of the
 * data scopes of the caller's active roles that grant that permission (a role that does not grant it
 * adds nothing). "All" on any such role wins.
 */
export interface Scope {
  all: boolean;
  userId: number;
  companyId: number | null;
  /** Roles with custom departments (sys_role_dept). */
  customRoleIds: number[];
  /** The caller's department, when a role grants "own department". */
  ownDept: number | null;
  /** The caller's department, when a role grants "department and below". */
  deptAndBelow: number | null;
  /** A role grants "self". */
  self: boolean;
}

const NOTHING: SqlPart = { sql: '1 = 0', params: [] };

@Injectable()
export class DataScopeService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async scopeOf(caller: Caller, permission: string): Promise<Scope> {
    const scope: Scope = {
      all: caller.userId === SUPER_USER_ID,
      userId: caller.userId,
      companyId: caller.companyId ?? null,
      customRoleIds: [],
      ownDept: null,
      deptAndBelow: null,
      self: false,
    };
    if (scope.all) return scope;
    const rows: {
      role_id: number;
      role_key: string;
      data_scope: string;
      dept_id: number | null;
    }[] = await this.db.query(
      `SELECT r.role_id, r.role_key, r.data_scope, u.dept_id
           FROM sys_user u
           JOIN sys_user_role ur ON ur.user_id = u.user_id
           JOIN sys_role r ON r.role_id = ur.role_id AND r.status = '0' AND r.del_flag = '0'
          WHERE u.user_id = ? AND u.del_flag = '0'
            AND (r.role_key = ? OR EXISTS (
                 SELECT 1 FROM sys_role_menu rm JOIN sys_menu m ON m.menu_id = rm.menu_id
                  WHERE rm.role_id = r.role_id AND m.status = '0'
                    AND FIND_IN_SET(?, REPLACE(m.perms, ' ', '')) > 0))`,
      [caller.userId, ADMIN_ROLE, permission],
    );
    for (const row of rows) {
      if (row.role_key === ADMIN_ROLE || row.data_scope === DATA_SCOPES.all) scope.all = true;
      else if (row.data_scope === DATA_SCOPES.custom) scope.customRoleIds.push(Number(row.role_id));
      else if (row.data_scope === DATA_SCOPES.dept) scope.ownDept = row.dept_id;
      else if (row.data_scope === DATA_SCOPES.deptAndBelow) scope.deptAndBelow = row.dept_id;
      else if (row.data_scope === DATA_SCOPES.self) scope.self = true;
    }
    return scope;
  }

  /** Departments of the scope, as a condition on a dept id column. */
  deptCondition(scope: Scope, column: string): SqlPart {
    if (scope.all) return { sql: '1 = 1', params: [] };
    const ors: string[] = [];
    const params: unknown[] = [];
    if (scope.customRoleIds.length) {
      ors.push(
        `${column} IN (SELECT dept_id FROM sys_role_dept WHERE role_id IN (${inList(scope.customRoleIds)}))`,
      );
      params.push(...scope.customRoleIds);
    }
    if (scope.ownDept !== null) {
      ors.push(`${column} = ?`);
      params.push(scope.ownDept);
    }
    if (scope.deptAndBelow !== null) {
      ors.push(
        `${column} IN (SELECT dept_id FROM sys_dept WHERE dept_id = ? OR FIND_IN_SET(?, ancestors) > 0)`,
      );
      params.push(scope.deptAndBelow, scope.deptAndBelow);
    }
    return ors.length ? { sql: ors.join(' OR '), params } : NOTHING;
  }

  /** Users of the scope (alias of sys_user given): their department is in scope, or it is the caller. */
  userCondition(scope: Scope, alias = 'u'): SqlPart {
    if (scope.all) return { sql: '1 = 1', params: [] };
    const depts = this.deptCondition(scope, `${alias}.dept_id`);
    if (!scope.self) return depts;
    const self = `${alias}.user_id = ?`;
    return depts === NOTHING
      ? { sql: self, params: [scope.userId] }
      : { sql: `${depts.sql} OR ${self}`, params: [...depts.params, scope.userId] };
  }

  /** Companies of the scope: their department is in scope, or (self) the caller's own company. */
  companyCondition(scope: Scope, alias = 'c'): SqlPart {
    if (scope.all) return { sql: '1 = 1', params: [] };
    const depts = this.deptCondition(scope, `${alias}.dept_id`);
    if (!scope.self || scope.companyId === null) return depts;
    const own = `${alias}.company_id = ?`;
    return depts === NOTHING
      ? { sql: own, params: [scope.companyId] }
      : { sql: `${depts.sql} OR ${own}`, params: [...depts.params, scope.companyId] };
  }

  /** Refuses unless every user id exists and lies in the caller's scope for the permission. */
  async assertUsers(caller: Caller, permission: string, userIds: number[]): Promise<void> {
    await this.assertAll(
      userIds,
      'user.not_found',
      'sys_user u',
      'u.user_id',
      `u.del_flag = '0'`,
      this.userCondition(await this.scopeOf(caller, permission)),
    );
  }

  async assertDepts(caller: Caller, permission: string, deptIds: number[]): Promise<void> {
    await this.assertAll(
      deptIds,
      'dept.not_found',
      'sys_dept d',
      'd.dept_id',
      `d.del_flag = '0'`,
      this.deptCondition(await this.scopeOf(caller, permission), 'd.dept_id'),
    );
  }

  async assertCompanies(caller: Caller, permission: string, companyIds: number[]): Promise<void> {
    await this.assertAll(
      companyIds,
      'company.not_found',
      'sys_company c',
      'c.company_id',
      `c.del_flag = '0'`,
      this.companyCondition(await this.scopeOf(caller, permission)),
    );
  }

  private async assertAll(
    ids: number[],
    missingKey: 'user.not_found' | 'dept.not_found' | 'company.not_found',
    table: string,
    idColumn: string,
    live: string,
    scope: SqlPart,
  ): Promise<void> {
    const unique = [...new Set(ids)];
    if (!unique.length) return;
    const rows: { id: number; visible: number }[] = await this.db.query(
      `SELECT ${idColumn} AS id, (${scope.sql}) AS visible FROM ${table}
        WHERE ${idColumn} IN (${inList(unique)}) AND ${live}`,
      [...scope.params, ...unique],
    );
    // Outside the caller's scope reads as missing, word for word (issue 25): a 403 would tell that
    // the id exists. (Making something where only "all" may, e.g. a top-level department, stays 403.)
    if (rows.length !== unique.length || rows.some((row) => Number(row.visible) !== 1)) {
      throw new DomainError(missingKey);
    }
  }
}
