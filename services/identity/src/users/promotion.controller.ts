import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  DomainError,
  type InvitedUserView,
  PROMOTION_PATTERNS,
  type PromotionIdentityView,
} from '@platform/contracts';
import { commandOf, PageQueryBody } from '@platform/contracts/dto';
import type { DataSource } from 'typeorm';

import { callerOf, iso, type Page, pagedQuery, Where } from '../common/sql';

class EmptyCommand extends commandOf(Object) {}
class PageCommand extends commandOf(PageQueryBody) {}

interface InvitedRow {
  user_id: number | string;
  nick_name: string;
  create_time: Date;
  real_name_status: number;
}

/**
 * The referral page's identity part (issue 14): always the caller's own code and invited users —
 * the command names no user, so nobody reads another user's referrals.
 */
@Controller()
export class PromotionController {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  @MessagePattern(PROMOTION_PATTERNS.mine)
  async mine(@Payload() c: EmptyCommand): Promise<PromotionIdentityView> {
    const { userId } = callerOf(c);
    const rows: { invite_code: string | null; link_status: number; invited: number | string }[] =
      await this.db.query(
        `SELECT u.invite_code, u.link_status,
           (SELECT COUNT(*) FROM sys_user i WHERE i.inviter_id = u.user_id AND i.del_flag = '0') AS invited
         FROM sys_user u WHERE u.user_id = ? AND u.del_flag = '0'`,
        [userId],
      );
    const row = rows[0];
    if (!row) throw new DomainError('user.not_found', {}, 404);
    return {
      userId,
      inviteCode: row.invite_code ?? '',
      linkStatus: Number(row.link_status) === 1 ? 1 : 0,
      invitedCount: Number(row.invited),
    };
  }

  @MessagePattern(PROMOTION_PATTERNS.invited)
  invited(@Payload() c: PageCommand): Promise<Page<InvitedUserView>> {
    const { userId } = callerOf(c);
    return pagedQuery(
      this.db,
      'SELECT u.user_id, u.nick_name, u.create_time, u.real_name_status FROM sys_user u',
      'SELECT COUNT(*) AS n FROM sys_user u',
      new Where().add('u.inviter_id = ?', userId).add(`u.del_flag = '0'`),
      'ORDER BY u.user_id DESC',
      c.body,
      (row: InvitedRow) => ({
        userId: Number(row.user_id),
        nickName: row.nick_name,
        createTime: iso(row.create_time) ?? '',
        realNameStatus: Number(row.real_name_status),
      }),
    );
  }
}
