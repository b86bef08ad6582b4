import { Injectable } from '@nestjs/common';
import { DomainError, FOUR_EYES_CONFIG_KEY, fourEyesEnabled } from '@platform/contracts';
import type { EntityManager } from 'typeorm';

import { IdentityClient } from '../identity/identity-client';

/** Ledger reasons of a change an administrator makes by hand on a user's points. */
const MANUAL_REASONS = ['adminAdd', 'adminReduce', 'frozenRestore', 'rewardDeduct'];

/** The administrator confirming a payment: their id, and the name their manual changes carry. */
export interface Confirmer {
  userId: number;
  userName?: string;
}

/**
 * Four eyes on orders (issue 25): an administrator may not confirm the payment of an order that is
 * their own, nor of a user whose points they changed by hand (the ledger's operator of those entries
 * is the administrator's user name), since either would let one person credit points alone. The
 * system parameter billing.four_eyes.enabled = false turns it off for a one-person operation.
 */
@Injectable()
export class FourEyes {
  constructor(private readonly identity: IdentityClient) {}

  /** Read before the order is locked (an RPC); an unreadable parameter keeps the rule on. */
  async enabled(): Promise<boolean> {
    try {
      return fourEyesEnabled(await this.identity.configValue(FOUR_EYES_CONFIG_KEY));
    } catch {
      return true;
    }
  }

  /** Refuses with order.four_eyes when `confirmer` may not confirm the order of `orderUserId`. */
  async check(tx: EntityManager, orderUserId: number, confirmer: Confirmer): Promise<void> {
    if (orderUserId === confirmer.userId) throw refused();
    const operators = [`user:${confirmer.userId}`, confirmer.userName].filter(Boolean);
    const rows: unknown[] = await tx.query(
      `SELECT 1 FROM points_entry
        WHERE user_id = ? AND reason IN (?) AND operator IN (?) LIMIT 1`,
      [orderUserId, MANUAL_REASONS, operators],
    );
    if (rows.length > 0) throw refused();
  }
}

const refused = () => new DomainError('order.four_eyes');
