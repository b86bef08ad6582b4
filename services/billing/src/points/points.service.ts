import { randomUUID } from 'node:crypto';

import { Injectable } from '@nestjs/common';
import {
  type Language,
  type LedgerCheckView,
  ledgerReasonText,
  type PageView,
  type PointsAccountView,
  type PointsEntryView,
  type RewardConfigView,
} from '@platform/contracts';
import type { PointsAdminChangeRpcBody, PointsListQuery } from '@platform/contracts/dto';
import type { DataSource } from 'typeorm';

import { InjectBillingDb } from '../database/inject';
import { IdentityClient } from '../identity/identity-client';
import { type LedgerResult, LedgerService } from '../ledger/ledger.service';
import { checkLedger } from '../ledger/ledger-check';
import { REWARD_PARAMS, rewardAmount } from '../rewards/reward-params';

interface EntryRow {
  id: string | number;
  user_id: string | number;
  points: string | number;
  frozen: string | number;
  balance_after: string | number;
  frozen_after: string | number;
  reason: string;
  ref_type: PointsEntryView['refType'];
  ref_id: string;
  operator: string;
  remark: string | null;
  created_at: Date;
}

/**
 * Reading a points account and its entries, the administrator's change, the reward amounts in
 * force. Whose account is read is decided by the gateway (the caller's own, or a named user for a
 * holder of wujie:user:points); here every query is bound to that one user id.
 */
@Injectable()
export class PointsService {
  constructor(
    @InjectBillingDb() private readonly db: DataSource,
    private readonly ledger: LedgerService,
    private readonly identity: IdentityClient,
  ) {}

  async account(userId: number): Promise<PointsAccountView> {
    return { userId, ...(await this.ledger.account(userId)) };
  }

  async entries(
    userId: number,
    query: PointsListQuery,
    lang: Language,
  ): Promise<PageView<PointsEntryView>> {
    const where = ['user_id = ?'];
    const params: unknown[] = [userId];
    if (query.reason) {
      where.push('reason = ?');
      params.push(query.reason);
    }
    if (query.beginTime) {
      where.push('created_at >= ?');
      params.push(query.beginTime);
    }
    if (query.endTime) {
      where.push('created_at < DATE_ADD(?, INTERVAL 1 DAY)');
      params.push(query.endTime.slice(0, 10));
    }
    const pageSize = query.pageSize ?? 10;
    const offset = ((query.pageNum ?? 1) - 1) * pageSize;
    const ascending = query.isAsc === 'asc' || query.isAsc === 'ascending';
    const [rows, count] = await Promise.all([
      this.db.query(
        `SELECT id, user_id, points, frozen, balance_after, frozen_after, reason, ref_type, ref_id,
                operator, remark, created_at
           FROM points_entry WHERE ${where.join(' AND ')}
          ORDER BY id ${ascending ? 'ASC' : 'DESC'} LIMIT ? OFFSET ?`,
        [...params, pageSize, offset],
      ) as Promise<EntryRow[]>,
      this.db.query(
        `SELECT COUNT(*) AS total FROM points_entry WHERE ${where.join(' AND ')}`,
        params,
      ) as Promise<{ total: string | number }[]>,
    ]);
    return {
      rows: rows.map((row) => ({
        id: Number(row.id),
        userId: Number(row.user_id),
        points: Number(row.points),
        frozen: Number(row.frozen),
        balanceAfter: Number(row.balance_after),
        frozenAfter: Number(row.frozen_after),
        reason: row.reason,
        reasonText: ledgerReasonText(row.reason, lang),
        refType: row.ref_type,
        refId: row.ref_id,
        operator: row.operator,
        remark: row.remark,
        createTime: new Date(row.created_at).toISOString(),
      })),
      total: Number(count[0]?.total ?? 0),
    };
  }

  /** An administrator's change: one entry (adminAdd / adminReduce), refused below zero. */
  adminChange(body: PointsAdminChangeRpcBody): Promise<LedgerResult> {
    const requestId = body.requestId ?? randomUUID();
    return this.ledger.post({
      userId: body.userId,
      points: body.points,
      reason: body.points > 0 ? 'adminAdd' : 'adminReduce',
      idempotencyKey: `admin:${body.operator}:${requestId}`.slice(0, 128),
      reference: { type: 'admin', id: requestId },
      operator: body.operator,
      remark: body.reason,
    });
  }

  /** The reward amounts in force: each parameter's value, or its default. */
  async rewardConfig(lang: Language): Promise<RewardConfigView[]> {
    return Promise.all(
      REWARD_PARAMS.map(async (param) => {
        const value = await this.identity.configValue(param.key);
        return {
          key: param.key,
          reason: param.reason,
          name: ledgerReasonText(param.reason, lang),
          points: rewardAmount(value, param.defaultPoints),
          defaultPoints: param.defaultPoints,
        };
      }),
    );
  }

  check(): Promise<LedgerCheckView> {
    return checkLedger(this.db);
  }
}
