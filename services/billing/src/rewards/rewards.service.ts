import { Injectable } from '@nestjs/common';
import { PLATFORM_EVENTS, type PlatformEvent } from '@platform/contracts';
import { consumeOnce } from '@platform/nest-common';
import type { DataSource, EntityManager } from 'typeorm';

import { InjectBillingDb } from '../database/inject';
import { IdentityClient } from '../identity/identity-client';
import { InvitationsService } from '../invitations/invitations.service';
import { type LedgerPosting, LedgerService } from '../ledger/ledger.service';
import { REWARD_PARAMS, rewardAmount, type RewardReason } from './reward-params';

/** What applying one event did. */
export type RewardOutcome =
  { paid: Partial<Record<RewardReason, number>> } | 'duplicate' | 'ignored';

interface RegisteredPayload {
  userId?: number;
  inviterId?: number;
  companyId?: number;
  ip?: string;
  deviceId?: string;
}

/**
 * Pays the rewards of identity's events, each exactly once per user: the event's key is recorded in
 * processed_event in the transaction of its entries (consumeOnce), and every entry's idempotency key
 * names the reward and the user (`reward:register:42`), so even the same reward announced by two
 * different events is paid once. Amounts are read from identity's parameters when the event is
 * applied (a retry after an administrator's edit pays the new amount — never twice).
 */
@Injectable()
export class RewardsService {
  constructor(
    @InjectBillingDb() private readonly db: DataSource,
    private readonly ledger: LedgerService,
    private readonly identity: IdentityClient,
    private readonly invitations: InvitationsService,
  ) {}

  apply(event: PlatformEvent): Promise<RewardOutcome> {
    switch (event.type) {
      case PLATFORM_EVENTS.userRegistered:
        return this.registered(event);
      case PLATFORM_EVENTS.phoneBound:
        return this.phoneBound(event);
      case PLATFORM_EVENTS.realNameVerified:
        return this.realNameVerified(event);
      default:
        return Promise.resolve('ignored');
    }
  }

  /** Free points to the new user; with an inviter, the invited user's and the inviter's rewards. */
  private async registered(event: PlatformEvent): Promise<RewardOutcome> {
    const payload = event.payload as RegisteredPayload;
    const userId = userOf(event);
    const inviterId = Number(payload.inviterId ?? 0);
    const invited = Number.isSafeInteger(inviterId) && inviterId > 0 && inviterId !== userId;
    const amounts = await this.amounts(
      invited ? ['register', 'invitedRegister', 'inviter', 'invitedRealName'] : ['register'],
    );
    return consumeOnce(this.db, event, async (tx) => {
      await tx.query(
        `INSERT IGNORE INTO billing_referral (user_id, inviter_id, company_id, ip, device_id, registered_at)
         VALUES (?, ?, ?, ?, ?, ?)`,
        [
          userId,
          invited ? inviterId : 0,
          Number(payload.companyId ?? 0) || 0,
          typeof payload.ip === 'string' ? payload.ip.slice(0, 64) : null,
          typeof payload.deviceId === 'string' ? payload.deviceId.slice(0, 128) : null,
          new Date(event.occurredAt),
        ],
      );
      const paid: Partial<Record<RewardReason, number>> = {};
      await this.pay(tx, paid, userId, 'register', amounts.register, 'reward');
      if (invited) {
        await this.pay(tx, paid, userId, 'invitedRegister', amounts.invitedRegister, 'referral');
        await this.pay(tx, paid, inviterId, 'inviter', amounts.inviter, 'referral', userId);
        // The real-name event was applied before this registration: its invited reward is due now.
        if (await this.realNamePaid(tx, userId)) {
          await this.pay(tx, paid, userId, 'invitedRealName', amounts.invitedRealName, 'referral');
        }
        // Abnormal invitations (H): many sign-ups through one inviter from one address or device.
        await this.invitations.signedUp(tx, {
          userId,
          inviterId,
          ip: typeof payload.ip === 'string' ? payload.ip : undefined,
          deviceId: typeof payload.deviceId === 'string' ? payload.deviceId : undefined,
          at: new Date(event.occurredAt),
        });
      }
      return { paid };
    });
  }

  /** The phone-binding reward: the amount identity announced (what the user was told), else the parameter. */
  private async phoneBound(event: PlatformEvent): Promise<RewardOutcome> {
    const announced = Number((event.payload as { reward?: unknown }).reward);
    const amount =
      Number.isSafeInteger(announced) && announced >= 0
        ? announced
        : (await this.amounts(['bindPhone'])).bindPhone;
    const userId = userOf(event);
    return consumeOnce(this.db, event, async (tx) => {
      const paid: Partial<Record<RewardReason, number>> = {};
      await this.pay(tx, paid, userId, 'bindPhone', amount, 'reward');
      return { paid };
    });
  }

  /**
   * The real-name reward, and the invited user's second reward when billing knows they were invited.
   * Billing may not have applied the user's registration (the events travel separately, or the user
   * never registered, like an administrator): the reward is paid anyway, the ledger opening the
   * account, and `registered` pays the invited reward when the registration comes later.
   */
  private async realNameVerified(event: PlatformEvent): Promise<RewardOutcome> {
    const userId = userOf(event);
    const amounts = await this.amounts(['realName', 'invitedRealName']);
    return consumeOnce(this.db, event, async (tx) => {
      // A locking read, first: it waits for a registration being applied now and keeps one from
      // being applied until this commits, so one of the two sees the other and the invited
      // reward is paid by exactly one of them.
      const [referral] = (await tx.query(
        'SELECT inviter_id FROM billing_referral WHERE user_id = ? LOCK IN SHARE MODE',
        [userId],
      )) as { inviter_id: string | number }[];
      const paid: Partial<Record<RewardReason, number>> = {};
      await this.pay(tx, paid, userId, 'realName', amounts.realName, 'reward');
      if (referral && Number(referral.inviter_id) > 0)
        await this.pay(tx, paid, userId, 'invitedRealName', amounts.invitedRealName, 'referral');
      return { paid };
    });
  }

  /** Whether the user's real-name reward is in the ledger (read with a lock, see realNameVerified). */
  private async realNamePaid(tx: EntityManager, userId: number): Promise<boolean> {
    const rows = (await tx.query(
      'SELECT 1 FROM points_entry WHERE idempotency_key = ? LOCK IN SHARE MODE',
      [rewardKey('realName', userId)],
    )) as unknown[];
    return rows.length > 0;
  }

  private async pay(
    tx: EntityManager,
    paid: Partial<Record<RewardReason, number>>,
    userId: number,
    reason: RewardReason,
    points: number | undefined,
    refType: LedgerPosting['reference']['type'],
    /** The invited user, for the inviter's reward (one per invited user). */
    about = userId,
  ): Promise<void> {
    if (!points) return;
    const result = await this.ledger.post(
      {
        userId,
        points,
        reason,
        idempotencyKey: rewardKey(reason, about),
        reference: { type: refType, id: String(about) },
        operator: 'system',
      },
      tx,
    );
    if (result.applied) paid[reason] = points;
  }

  private async amounts(reasons: RewardReason[]): Promise<Partial<Record<RewardReason, number>>> {
    const entries = await Promise.all(
      reasons.map(async (reason) => {
        const param = REWARD_PARAMS.find((p) => p.reason === reason)!;
        return [
          reason,
          rewardAmount(await this.identity.configValue(param.key), param.defaultPoints),
        ];
      }),
    );
    return Object.fromEntries(entries) as Partial<Record<RewardReason, number>>;
  }
}

/** One reward per reason and user (the inviter's: per invited user). */
const rewardKey = (reason: RewardReason, about: number) => `reward:${reason}:${about}`;

function userOf(event: PlatformEvent): number {
  const userId = event.userId || Number((event.payload as { userId?: unknown }).userId);
  if (!Number.isSafeInteger(userId) || userId <= 0) {
    throw new Error(`event ${event.idempotencyKey} names no user`);
  }
  return userId;
}
