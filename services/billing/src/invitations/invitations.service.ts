import { Injectable, Logger } from '@nestjs/common';
import {
  DomainError,
  INVITATION_FLAG_RULE,
  INVITATION_FLAG_STATUS,
  type InvitationFlagStatus,
  type InvitationFlagView,
  type PageView,
  type PointsSummaryView,
} from '@platform/contracts';
import type { InvitationFlagListQuery } from '@platform/contracts/dto';
import type { DataSource, EntityManager } from 'typeorm';

import { InjectBillingDb } from '../database/inject';
import { LedgerService } from '../ledger/ledger.service';

/** Ledger reasons of referral rewards: what an abnormal invitation paid, and what a user earned. */
const INVITER_REASON = 'inviter';
const INVITED_REASONS = ['invitedRegister', 'invitedRealName'];
const REWARD_REASONS = [INVITER_REASON, ...INVITED_REASONS, 'rewardDeduct'];

/** What the registration event says about an invited sign-up. */
export interface InvitedSignup {
  userId: number;
  inviterId: number;
  ip?: string;
  deviceId?: string;
  /** When the user registered (the event's time). */
  at: Date;
}

interface FlagRow {
  id: string | number;
  inviter_id: string | number;
  kind: 'ip' | 'device';
  source: string;
  invited_user_ids: number[] | string;
  status: InvitationFlagStatus;
  deducted_points: string | number;
  operator: string;
  created_at: Date;
  updated_at: Date;
}

/**
 * Abnormal invitations (issue 14): the rewards consumer records every sign-up with its inviter,
 * address and device (billing_referral) and hands invited ones to `signedUp`; when INVITATION_FLAG_RULE.threshold or more sign-ups through one inviter share one of them within
 * INVITATION_FLAG_RULE.windowMinutes, an open flag lists them for the administrator, who may deduct
 * the referral rewards they paid (one ledger entry per user, idempotent per flag) or dismiss it.
 * Nothing is deducted automatically. Also billing's part of the admin user page.
 */
@Injectable()
export class InvitationsService {
  private readonly logger = new Logger(InvitationsService.name);

  constructor(
    @InjectBillingDb() private readonly db: DataSource,
    private readonly ledger: LedgerService,
  ) {}

  /**
   * Judges an invited sign-up the rewards consumer has just recorded (billing_referral, in the
   * consumer's transaction `tx`): flags its inviter when the rule is met. A repeat changes nothing.
   */
  async signedUp(tx: EntityManager, signup: InvitedSignup): Promise<void> {
    if (!signup.inviterId) return;
    const ip = (signup.ip ?? '').slice(0, 64);
    const deviceId = (signup.deviceId ?? '').slice(0, 128);
    if (ip) await this.judge(tx, signup, 'ip', ip);
    if (deviceId) await this.judge(tx, signup, 'device', deviceId);
  }

  async flags(query: InvitationFlagListQuery): Promise<PageView<InvitationFlagView>> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.status) {
      where.push('status = ?');
      params.push(query.status);
    }
    if (query.inviterId) {
      where.push('inviter_id = ?');
      params.push(query.inviterId);
    }
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const size = query.pageSize ?? 10;
    const offset = ((query.pageNum ?? 1) - 1) * size;
    const [count]: { total: string | number }[] = await this.db.query(
      `SELECT COUNT(*) AS total FROM invitation_flag ${clause}`,
      params,
    );
    const rows: FlagRow[] = await this.db.query(
      `SELECT * FROM invitation_flag ${clause} ORDER BY id DESC LIMIT ? OFFSET ?`,
      [...params, size, offset],
    );
    return { rows: rows.map(flagView), total: Number(count.total) };
  }

  /**
   * Deducts what the flagged invitation paid: the inviter's referral rewards for the listed users
   * and those users' invited rewards, each user's sum at most their balance (never negative; the
   * flag records what was taken). One entry per user, keyed by the flag, so a repeat takes nothing.
   */
  async deduct(flagId: number, operator: string, remark?: string): Promise<InvitationFlagView> {
    return this.db.transaction(async (tx) => {
      const flag = await this.lockOpen(tx, flagId);
      const invited = idsOf(flag.invited_user_ids);
      const inviterId = Number(flag.inviter_id);
      const paid: { user_id: string | number; total: string | number }[] = await tx.query(
        `SELECT user_id, SUM(points) AS total FROM points_entry
          WHERE (user_id = ? AND reason = ? AND ref_id IN (?))
             OR (user_id IN (?) AND reason IN (?))
          GROUP BY user_id ORDER BY user_id`,
        [inviterId, INVITER_REASON, invited.map(String), invited, INVITED_REASONS],
      );
      let deducted = 0;
      for (const row of paid) {
        const userId = Number(row.user_id);
        const [account]: { balance: string | number }[] = await tx.query(
          'SELECT balance FROM points_account WHERE user_id = ? FOR UPDATE',
          [userId],
        );
        const take = Math.min(Number(row.total), Number(account?.balance ?? 0));
        if (take <= 0) continue;
        const result = await this.ledger.post(
          {
            userId,
            points: -take,
            reason: 'rewardDeduct',
            idempotencyKey: `invitation-flag:${flagId}:deduct:${userId}`,
            reference: { type: 'referral', id: `flag:${flagId}` },
            operator,
            remark: remark ?? `abnormal invitation ${flag.kind} ${flag.source}`.slice(0, 500),
          },
          tx,
        );
        if (result.applied) deducted += take;
      }
      await tx.query(
        'UPDATE invitation_flag SET status = ?, deducted_points = ?, operator = ?, remark = ? WHERE id = ?',
        [INVITATION_FLAG_STATUS.deducted, deducted, operator, remark ?? null, flagId],
      );
      return flagView(await this.lockOpen(tx, flagId, true));
    });
  }

  async dismiss(flagId: number, operator: string, remark?: string): Promise<InvitationFlagView> {
    return this.db.transaction(async (tx) => {
      await this.lockOpen(tx, flagId);
      await tx.query(
        'UPDATE invitation_flag SET status = ?, operator = ?, remark = ? WHERE id = ?',
        [INVITATION_FLAG_STATUS.dismissed, operator, remark ?? null, flagId],
      );
      return flagView(await this.lockOpen(tx, flagId, true));
    });
  }

  /** Balance, frozen, referral rewards earned and open flags of each user named (0 when none). */
  async summaries(userIds: number[]): Promise<PointsSummaryView[]> {
    if (!userIds.length) return [];
    const accounts: { user_id: string | number; balance: string; frozen: string }[] =
      await this.db.query(
        'SELECT user_id, balance, frozen FROM points_account WHERE user_id IN (?)',
        [userIds],
      );
    const rewards: { user_id: string | number; total: string }[] = await this.db.query(
      `SELECT user_id, SUM(points) AS total FROM points_entry
        WHERE user_id IN (?) AND reason IN (?) GROUP BY user_id`,
      [userIds, REWARD_REASONS],
    );
    const flags: { inviter_id: string | number; open: string }[] = await this.db.query(
      `SELECT inviter_id, COUNT(*) AS open FROM invitation_flag
        WHERE inviter_id IN (?) AND status = ? GROUP BY inviter_id`,
      [userIds, INVITATION_FLAG_STATUS.open],
    );
    const byUser = <T extends { user_id?: string | number; inviter_id?: string | number }>(
      rows: T[],
    ) => new Map(rows.map((r) => [Number(r.user_id ?? r.inviter_id), r]));
    const a = byUser(accounts);
    const r = byUser(rewards);
    const f = byUser(flags);
    return userIds.map((userId) => ({
      userId,
      balance: Number(a.get(userId)?.balance ?? 0),
      frozen: Number(a.get(userId)?.frozen ?? 0),
      rewardsEarned: Number(r.get(userId)?.total ?? 0),
      openFlags: Number(f.get(userId)?.open ?? 0),
    }));
  }

  /** Sign-ups through the inviter from `source` within the window before this one: flag at the threshold. */
  private async judge(
    tx: EntityManager,
    signup: InvitedSignup,
    kind: 'ip' | 'device',
    source: string,
  ): Promise<void> {
    const column = kind === 'ip' ? 'ip' : 'device_id';
    const rows: { user_id: string | number }[] = await tx.query(
      `SELECT user_id FROM billing_referral
        WHERE inviter_id = ? AND ${column} = ?
          AND registered_at BETWEEN ? - INTERVAL ? MINUTE AND ? + INTERVAL ? MINUTE
        ORDER BY user_id`,
      [
        signup.inviterId,
        source,
        signup.at,
        INVITATION_FLAG_RULE.windowMinutes,
        signup.at,
        INVITATION_FLAG_RULE.windowMinutes,
      ],
    );
    if (rows.length < INVITATION_FLAG_RULE.threshold) return;
    const ids = rows.map((r) => Number(r.user_id));
    const open: FlagRow[] = await tx.query(
      `SELECT * FROM invitation_flag WHERE inviter_id = ? AND kind = ? AND source = ? AND status = ?
        FOR UPDATE`,
      [signup.inviterId, kind, source, INVITATION_FLAG_STATUS.open],
    );
    if (open[0]) {
      const merged = [...new Set([...idsOf(open[0].invited_user_ids), ...ids])].sort(
        (x, y) => x - y,
      );
      await tx.query('UPDATE invitation_flag SET invited_user_ids = ? WHERE id = ?', [
        JSON.stringify(merged),
        open[0].id,
      ]);
      return;
    }
    await tx.query(
      `INSERT INTO invitation_flag (inviter_id, kind, source, invited_user_ids) VALUES (?, ?, ?, ?)`,
      [signup.inviterId, kind, source, JSON.stringify(ids)],
    );
    this.logger.log(`inviter ${signup.inviterId}: ${ids.length} sign-ups from one ${kind} flagged`);
  }

  private async lockOpen(tx: EntityManager, flagId: number, any = false): Promise<FlagRow> {
    const rows: FlagRow[] = await tx.query(
      'SELECT * FROM invitation_flag WHERE id = ? FOR UPDATE',
      [flagId],
    );
    if (!rows[0]) throw new DomainError('invitation.flag_not_found', {}, 404);
    if (!any && rows[0].status !== INVITATION_FLAG_STATUS.open) {
      throw new DomainError('invitation.flag_closed');
    }
    return rows[0];
  }
}

function idsOf(value: number[] | string): number[] {
  const list: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(list) ? list.map(Number) : [];
}

function flagView(row: FlagRow): InvitationFlagView {
  return {
    id: Number(row.id),
    inviterId: Number(row.inviter_id),
    kind: row.kind,
    source: row.source,
    invitedUserIds: idsOf(row.invited_user_ids),
    status: row.status,
    deductedPoints: Number(row.deducted_points),
    operator: row.operator,
    createTime: new Date(row.created_at).toISOString(),
    updateTime: new Date(row.updated_at).toISOString(),
  };
}
