import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  DomainError,
  PERMISSIONS as P,
  PLATFORM_EVENTS,
  type WujieUserIdentityView,
} from '@platform/contracts';
import type { Caller, LinkStatusBody, WujieUserListQuery } from '@platform/contracts/dto';
import type { DataSource } from 'typeorm';

import { iso, type Page, pagedQuery, Where } from '../common/sql';
import { DataScopeService } from '../datascope/data-scope.service';
import { EventOutbox } from '../events/event-outbox.entity';

const SELECT = `SELECT u.user_id, u.user_name, u.nick_name, u.phonenumber, u.email, c.company_name,
    u.create_time, u.link_status, u.invite_code, u.real_name_status,
    (SELECT COUNT(*) FROM sys_user i WHERE i.inviter_id = u.user_id AND i.del_flag = '0') AS invited_count
  FROM sys_user u
  LEFT JOIN sys_company c ON c.company_id = u.company_id`;

interface Row {
  user_id: number | string;
  user_name: string;
  nick_name: string;
  phonenumber: string | null;
  email: string | null;
  company_name: string | null;
  create_time: Date;
  link_status: number;
  invite_code: string | null;
  real_name_status: number;
  invited_count: number | string;
}

/**
 * Identity's side of the admin user page of the wujie area (issue 14): the users (in the caller's
 * data scope) with their invitation link and its use, and the administrator's link toggle, which
 * writes identity.user.invite_link_changed to the outbox in the same transaction (the notification
 * service pushes '1' / '0' to the user's sockets from it).
 */
@Injectable()
export class WujieUsersService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly scopes: DataScopeService,
  ) {}

  async list(query: WujieUserListQuery, caller: Caller): Promise<Page<WujieUserIdentityView>> {
    const scope = await this.scopes.scopeOf(caller, P.wujie.user.list);
    const where = new Where()
      .add(`u.del_flag = '0'`)
      .part(this.scopes.userCondition(scope))
      .like(query.userName, 'u.user_name')
      .like(query.phonenumber, 'u.phonenumber')
      .when(query.linkStatus, 'u.link_status = ?');
    return pagedQuery(
      this.db,
      SELECT,
      'SELECT COUNT(*) AS n FROM sys_user u',
      where,
      'ORDER BY u.user_id DESC',
      query,
      viewOf,
    );
  }

  async setLinkStatus(body: LinkStatusBody, caller: Caller, by: string): Promise<void> {
    await this.scopes.assertUsers(caller, P.wujie.user.edit, [body.userId]);
    await this.db.transaction(async (tx) => {
      const rows: { link_status: number }[] = await tx.query(
        `SELECT link_status FROM sys_user WHERE user_id = ? AND del_flag = '0' FOR UPDATE`,
        [body.userId],
      );
      if (!rows[0]) throw new DomainError('user.not_found', {}, 404);
      if (Number(rows[0].link_status) === body.linkStatus) return;
      await tx.query('UPDATE sys_user SET link_status = ?, update_by = ? WHERE user_id = ?', [
        body.linkStatus,
        by,
        body.userId,
      ]);
      // One event per change: the key counts the user's link changes so far.
      const [{ n }]: { n: number | string }[] = await tx.query(
        'SELECT COUNT(*) AS n FROM event_outbox WHERE event_type = ? AND idempotency_key LIKE ?',
        [PLATFORM_EVENTS.inviteLinkChanged, `user.invite_link_changed:${body.userId}:%`],
      );
      await tx.insert(EventOutbox, {
        eventType: PLATFORM_EVENTS.inviteLinkChanged,
        idempotencyKey: `user.invite_link_changed:${body.userId}:${Number(n) + 1}`,
        payload: { userId: body.userId, linkStatus: body.linkStatus },
      });
    });
  }
}

function viewOf(row: Row): WujieUserIdentityView {
  return {
    userId: Number(row.user_id),
    userName: row.user_name,
    nickName: row.nick_name,
    phonenumber: row.phonenumber,
    email: row.email,
    companyName: row.company_name,
    createTime: iso(row.create_time) ?? '',
    linkStatus: Number(row.link_status) === 1 ? 1 : 0,
    inviteCode: row.invite_code ?? '',
    invitedCount: Number(row.invited_count),
    realNameStatus: Number(row.real_name_status),
  };
}
