import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DeptView, DomainError, PERMISSIONS as P, type TreeNode } from '@platform/contracts';
import type { Caller, DeptBody, DeptQuery } from '@platform/contracts/dto';
import type { DataSource } from 'typeorm';

import { CountCache } from '../common/count-cache.service';
import { found, iso, Where } from '../common/sql';
import { DataScopeService } from '../datascope/data-scope.service';
import { buildTree } from './dept-tree';

interface DeptRow {
  dept_id: number;
  parent_id: number;
  ancestors: string;
  dept_name: string;
  dept_name_en: string;
  order_num: number;
  leader: string;
  leader_user_id: number | string | null;
  phone: string;
  email: string;
  status: '0' | '1';
  create_time: Date;
}

function deptViewOf(r: DeptRow): DeptView {
  return {
    deptId: Number(r.dept_id),
    parentId: Number(r.parent_id),
    ancestors: r.ancestors,
    deptName: r.dept_name,
    deptNameEn: r.dept_name_en,
    orderNum: Number(r.order_num),
    leader: r.leader,
    leaderUserId: r.leader_user_id === null ? null : Number(r.leader_user_id),
    phone: r.phone,
    email: r.email,
    status: r.status,
    createTime: iso(r.create_time) ?? '',
  };
}

function deptValues(body: DeptBody, ancestors: string): unknown[] {
  return [
    body.parentId,
    ancestors,
    body.deptName,
    body.deptNameEn ?? '',
    body.orderNum ?? 0,
    body.leader ?? '',
    body.leaderUserId ?? null,
    body.phone ?? '',
    body.email ?? '',
    body.status ?? '0',
  ];
}

/** The department tree. Reads and writes are limited to the caller's data scope. */
@Injectable()
export class DeptsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly scopes: DataScopeService,
    private readonly counts: CountCache,
  ) {}

  /** The department tree the user page filters by: the departments whose users the caller may list. */
  async userPageTree(caller: Caller): Promise<TreeNode[]> {
    const scope = await this.scopes.scopeOf(caller, P.system.user.list);
    const condition = this.scopes.deptCondition(scope, 'd.dept_id');
    const rows: { dept_id: number; parent_id: number; dept_name: string; dept_name_en: string }[] =
      await this.db.query(
        `SELECT d.dept_id, d.parent_id, d.dept_name, d.dept_name_en FROM sys_dept d
          WHERE d.del_flag = '0' AND d.status = '0' AND (${condition.sql})
          ORDER BY d.parent_id, d.order_num, d.dept_id`,
        condition.params,
      );
    return buildTree(rows);
  }

  async list(query: DeptQuery, caller: Caller, excludeId?: number): Promise<DeptView[]> {
    const scope = await this.scopes.scopeOf(caller, P.system.dept.list);
    const where = new Where()
      .add(`d.del_flag = '0'`)
      .part(this.scopes.deptCondition(scope, 'd.dept_id'))
      .like(query.deptName, 'd.dept_name')
      .when(query.status, 'd.status = ?');
    if (excludeId)
      where.add(`d.dept_id <> ? AND FIND_IN_SET(?, d.ancestors) = 0`, excludeId, excludeId);
    const rows: DeptRow[] = await this.db.query(
      `SELECT d.* FROM sys_dept d ${where.sql} ORDER BY d.parent_id, d.order_num, d.dept_id`,
      where.params,
    );
    return rows.map(deptViewOf);
  }

  async get(deptId: number, caller: Caller): Promise<DeptView> {
    await this.scopes.assertDepts(caller, P.system.dept.query, [deptId]);
    return deptViewOf(await this.row(deptId));
  }

  async create(body: DeptBody, caller: Caller, by: string): Promise<{ deptId: number }> {
    const ancestors = await this.ancestorsUnder(body.parentId, caller, P.system.dept.add);
    await this.assertNameFree(body, 0);
    await this.assertLeader(body.leaderUserId);
    const result = (await this.db.query(
      `INSERT INTO sys_dept (parent_id, ancestors, dept_name, dept_name_en, order_num, leader, leader_user_id,
         phone, email, status, create_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [...deptValues(body, ancestors), by],
    )) as { insertId: number };
    return { deptId: Number(result.insertId) };
  }

  async update(body: DeptBody, caller: Caller, by: string): Promise<void> {
    const deptId = body.deptId!;
    await this.scopes.assertDepts(caller, P.system.dept.edit, [deptId]);
    const current = await this.row(deptId);
    if (body.parentId === deptId) throw new DomainError('dept.parent_self');
    const ancestors = await this.ancestorsUnder(body.parentId, caller, P.system.dept.edit);
    if (ancestors.split(',').includes(String(deptId))) throw new DomainError('dept.parent_self');
    await this.assertNameFree(body, deptId);
    await this.assertLeader(body.leaderUserId);
    if (body.status === '1') await this.assertNoEnabledChildren(deptId);
    await this.db.transaction(async (tx) => {
      await tx.query(
        `UPDATE sys_dept SET parent_id = ?, ancestors = ?, dept_name = ?, dept_name_en = ?, order_num = ?,
           leader = ?, leader_user_id = ?, phone = ?, email = ?, status = ?, update_by = ? WHERE dept_id = ?`,
        [...deptValues(body, ancestors), by, deptId],
      );
      // Descendants carry the path from the root: move it along with the department.
      const oldPrefix = `${current.ancestors},${deptId}`;
      const newPrefix = `${ancestors},${deptId}`;
      if (oldPrefix !== newPrefix) {
        await tx.query(
          `UPDATE sys_dept SET ancestors = CONCAT(?, SUBSTRING(ancestors, ?))
            WHERE ancestors = ? OR ancestors LIKE ?`,
          [newPrefix, oldPrefix.length + 1, oldPrefix, `${oldPrefix},%`],
        );
      }
    });
    await this.counts.invalidate();
  }

  /** The head is a live, enabled user: task assignment rules give them the department's approvals. */
  private async assertLeader(userId: number | undefined): Promise<void> {
    if (userId === undefined) return;
    const rows: unknown[] = await this.db.query(
      `SELECT 1 FROM sys_user WHERE user_id = ? AND del_flag = '0' AND status = '0'`,
      [userId],
    );
    if (!rows.length) throw new DomainError('dept.leader_not_found');
  }

  async remove(deptId: number, caller: Caller, by: string): Promise<void> {
    await this.scopes.assertDepts(caller, P.system.dept.remove, [deptId]);
    const [children] = (await this.db.query(
      `SELECT COUNT(*) AS n FROM sys_dept WHERE parent_id = ? AND del_flag = '0'`,
      [deptId],
    )) as { n: number }[];
    if (Number(children.n) > 0) throw new DomainError('dept.has_children');
    const [users] = (await this.db.query(
      `SELECT COUNT(*) AS n FROM sys_user WHERE dept_id = ? AND del_flag = '0'`,
      [deptId],
    )) as { n: number }[];
    if (Number(users.n) > 0) throw new DomainError('dept.has_users');
    await this.db.query(`UPDATE sys_dept SET del_flag = '2', update_by = ? WHERE dept_id = ?`, [
      by,
      deptId,
    ]);
  }

  /** The ancestors of a new child of `parentId`; the parent must be in scope and enabled. */
  private async ancestorsUnder(parentId: number, caller: Caller, permission: string) {
    if (parentId === 0) {
      // A new top-level department sits outside every department scope: only "all" may add one.
      if (!(await this.scopes.scopeOf(caller, permission)).all)
        throw new DomainError('datascope.denied', {}, 403);
      return '0';
    }
    await this.scopes.assertDepts(caller, permission, [parentId]);
    const parent = await this.row(parentId);
    if (parent.status !== '0') throw new DomainError('dept.parent_disabled');
    return `${parent.ancestors},${parentId}`;
  }

  private async assertNameFree(body: DeptBody, exceptId: number): Promise<void> {
    const [row] = (await this.db.query(
      `SELECT COUNT(*) AS n FROM sys_dept WHERE dept_name = ? AND parent_id = ? AND del_flag = '0' AND dept_id <> ?`,
      [body.deptName, body.parentId, exceptId],
    )) as { n: number }[];
    if (Number(row.n) > 0) throw new DomainError('dept.name_taken');
  }

  private async assertNoEnabledChildren(deptId: number): Promise<void> {
    const [row] = (await this.db.query(
      `SELECT COUNT(*) AS n FROM sys_dept WHERE status = '0' AND del_flag = '0' AND FIND_IN_SET(?, ancestors) > 0`,
      [deptId],
    )) as { n: number }[];
    if (Number(row.n) > 0) throw new DomainError('dept.children_enabled');
  }

  private async row(deptId: number): Promise<DeptRow> {
    const [row] = (await this.db.query(
      `SELECT * FROM sys_dept WHERE dept_id = ? AND del_flag = '0'`,
      [deptId],
    )) as DeptRow[];
    return found(row, 'dept.not_found');
  }
}
