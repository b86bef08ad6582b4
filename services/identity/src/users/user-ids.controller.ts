import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InjectDataSource } from '@nestjs/typeorm';
import { IDENTITY_PATTERNS, MAX_MESSAGE_RECIPIENTS } from '@platform/contracts';
import { commandOf, UserIdsQuery } from '@platform/contracts/dto';
import type { DataSource } from 'typeorm';

class UserIdsCommand extends commandOf(UserIdsQuery) {}

/** Live, enabled users only: a deleted or disabled account receives no message. */
const LIVE = `u.del_flag = '0' AND u.status = '0'`;

/**
 * Who is in an audience (the notification service's sends and notices): the one user named, a
 * role's users, or everyone, as ids in ascending order. Service to service only: the gateway has no
 * route to it (its callers check the sender's permission before asking).
 */
@Controller()
export class UserIdsController {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  @MessagePattern(IDENTITY_PATTERNS.userIds)
  async userIds(@Payload() c: UserIdsCommand): Promise<number[]> {
    const { userId, roleId, all } = c.body;
    // One more than allowed, so the caller can tell an audience that is too large.
    const limit = MAX_MESSAGE_RECIPIENTS + 1;
    const rows = (await (userId !== undefined
      ? this.db.query(`SELECT u.user_id FROM sys_user u WHERE u.user_id = ? AND ${LIVE}`, [userId])
      : roleId !== undefined
        ? this.db.query(
            `SELECT u.user_id FROM sys_user u JOIN sys_user_role ur ON ur.user_id = u.user_id
              WHERE ur.role_id = ? AND ${LIVE} ORDER BY u.user_id LIMIT ?`,
            [roleId, limit],
          )
        : all
          ? this.db.query(
              `SELECT u.user_id FROM sys_user u WHERE ${LIVE} ORDER BY u.user_id LIMIT ?`,
              [limit],
            )
          : Promise.resolve([]))) as { user_id: number | string }[];
    return rows.map((r) => Number(r.user_id));
  }
}
