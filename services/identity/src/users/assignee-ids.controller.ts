import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InjectDataSource } from '@nestjs/typeorm';
import { IDENTITY_PATTERNS } from '@platform/contracts';
import { AssigneeIdsQuery, commandOf } from '@platform/contracts/dto';
import type { DataSource } from 'typeorm';

import { ROLE_IDS } from '../database/seed/roles';

class AssigneeIdsCommand extends commandOf(AssigneeIdsQuery) {}

/** Live, enabled users only: a deleted or disabled account is given no task. */
const LIVE = `u.del_flag = '0' AND u.status = '0'`;
const LIMIT = 500;

/**
 * Who a task assignment rule names, read from the current data at the moment the task is created,
 * so a change of role, post or department head applies to the next task (workflow, issue 29).
 * Service to service only: the gateway has no route to it.
 */
@Controller()
export class AssigneeIdsController {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  @MessagePattern(IDENTITY_PATTERNS.assigneeIds)
  async assigneeIds(@Payload() { body }: AssigneeIdsCommand): Promise<number[]> {
    const ids = body.ids.length ? body.ids : [0];
    const rows = (await this.db.query(this.sqlOf(body.dimension, body.level ?? 1), [
      ids,
      LIMIT,
    ])) as { user_id: number | string }[];
    return [...new Set(rows.map((r) => Number(r.user_id)))];
  }

  private sqlOf(dimension: AssigneeIdsQuery['dimension'], level: number): string {
    const users = (join: string, where: string) =>
      `SELECT DISTINCT u.user_id FROM sys_user u ${join} WHERE ${where} AND ${LIVE}
        ORDER BY u.user_id LIMIT ?`;
    switch (dimension) {
      case 'role':
        return users('JOIN sys_user_role r ON r.user_id = u.user_id', 'r.role_id IN (?)');
      case 'post':
        return users('JOIN sys_user_post p ON p.user_id = u.user_id', 'p.post_id IN (?)');
      case 'deptMember':
        return users('', 'u.dept_id IN (?)');
      case 'deptLeader':
        return users(
          "JOIN sys_dept d ON d.leader_user_id = u.user_id AND d.del_flag = '0'",
          'd.dept_id IN (?)',
        );
      case 'user':
        return users('', 'u.user_id IN (?)');
      case 'admins':
        return users(
          'JOIN sys_user_role r ON r.user_id = u.user_id',
          `(r.role_id = ${ROLE_IDS.admin} OR u.user_id = 1 OR u.user_id IN (?))`,
        );
      case 'starterDeptLeader': {
        // The head of the starter's department, or (level 2) of the department above it.
        const dept =
          level === 2
            ? '(SELECT d0.parent_id FROM sys_dept d0 WHERE d0.dept_id = s.dept_id)'
            : 's.dept_id';
        return users(
          `JOIN sys_dept d ON d.leader_user_id = u.user_id AND d.del_flag = '0'
            JOIN sys_user s ON d.dept_id = ${dept}`,
          's.user_id IN (?)',
        );
      }
    }
  }
}
