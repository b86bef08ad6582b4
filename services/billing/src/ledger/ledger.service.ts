import { Injectable } from '@nestjs/common';
import {
  DomainError,
  LEDGER_REASONS,
  type LedgerReason,
  type LedgerReferenceType,
  PLATFORM_EVENTS,
} from '@platform/contracts';
import { type DataSource, type EntityManager, QueryFailedError } from 'typeorm';

import { InjectBillingDb } from '../database/inject';
import { writeEvent } from '../events/outbox';

export interface LedgerPosting {
  userId: number;
  /** Signed change of the available balance (negative spends). */
  points: number;
  /** Signed change of the frozen points (a freeze is points: -n, frozen: +n; a settle is frozen: -n). */
  frozen?: number;
  /** A code of the bilingual reason dictionary (contracts/src/billing/reasons.ts), e.g. 'recharge'. */
  reason: LedgerReason;
  /** Unique per source event or request; a repeat returns {applied: false} and changes nothing. */
  idempotencyKey: string;
  reference: { type: LedgerReferenceType; id: string };
  /** User name of the operator, or 'system'. */
  operator: string;
  remark?: string;
}

export interface LedgerResult {
  /** False when an entry with this idempotency key exists already (nothing changed). */
  applied: boolean;
  balance: number;
  frozen: number;
}

interface AccountRow {
  balance: string | number;
  frozen: string | number;
}

const DEADLOCK = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT']);
const ATTEMPTS = 3;

function mysqlCode(error: unknown): string | undefined {
  return error instanceof QueryFailedError
    ? (error.driverError as { code?: string } | undefined)?.code
    : undefined;
}

/**
 * The only writer of points accounts. Every change is one entry (unique idempotency key) and the
 * account row updated in the same transaction, with the account locked (SELECT … FOR UPDATE), so
 * balance = Σ points and frozen = Σ frozen of the user's entries at every commit and never below 0.
 */
/**
 * What a posting does when the user has no account row yet: its own transaction is rolled back and
 * the row created on its own first ('refuse'); a caller's transaction creates it in place (the caller
 * owns retries of a deadlock).
 */
type MissingAccount = 'refuse' | 'open in this transaction';

class AccountMissing extends Error {
  constructor() {
    super('points account missing');
  }
}

@Injectable()
export class LedgerService {
  constructor(@InjectBillingDb() private readonly db: DataSource) {}

  /**
   * Locks the account row (creating it if missing), refuses a negative balance or frozen
   * (DomainError 'points.insufficient' / 'points.frozen_insufficient'), writes the entry and the
   * account in one transaction — the caller's `manager` when given, so an order's state change and
   * its credit commit together (the caller then owns retries of a deadlock).
   */
  async post(posting: LedgerPosting, manager?: EntityManager): Promise<LedgerResult> {
    validate(posting);
    if (manager) return this.apply(posting, manager, 'open in this transaction');
    try {
      return await this.postInOwnTransaction(posting);
    } catch (error) {
      if (!(error instanceof AccountMissing)) throw error;
      await this.openAccount(posting.userId);
      return this.postInOwnTransaction(posting);
    }
  }

  /** The posting in a transaction of its own, run again after a deadlock (ATTEMPTS in all). */
  private async postInOwnTransaction(posting: LedgerPosting): Promise<LedgerResult> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.db.transaction((tx) => this.apply(posting, tx, 'refuse'));
      } catch (error) {
        if (attempt >= ATTEMPTS || !DEADLOCK.has(mysqlCode(error) ?? '')) throw error;
      }
    }
  }

  /**
   * Creates a user's account row on its own (autocommit), outside any posting's transaction. Created
   * inside one, after a locking read found no row, it deadlocked: that read holds a gap lock, and the
   * concurrent postings of a new account (ten repeats of one reward racing) each wait on the others'
   * gaps to insert.
   */
  private async openAccount(userId: number): Promise<void> {
    await this.db.query(
      'INSERT INTO points_account (user_id) VALUES (?) ON DUPLICATE KEY UPDATE user_id = user_id',
      [userId],
    );
  }

  /** The account of a user without locking it ({0, 0} when the user has none yet). */
  async account(userId: number): Promise<{ balance: number; frozen: number }> {
    const rows: AccountRow[] = await this.db.query(
      'SELECT balance, frozen FROM points_account WHERE user_id = ?',
      [userId],
    );
    return rows[0]
      ? { balance: Number(rows[0].balance), frozen: Number(rows[0].frozen) }
      : { balance: 0, frozen: 0 };
  }

  private async apply(
    posting: LedgerPosting,
    tx: EntityManager,
    missingAccount: MissingAccount,
  ): Promise<LedgerResult> {
    const account = await this.lockAccount(tx, posting.userId, missingAccount);
    const seen: unknown[] = await tx.query(
      'SELECT id FROM points_entry WHERE idempotency_key = ?',
      [posting.idempotencyKey],
    );
    if (seen.length) return { applied: false, ...account };
    const frozenChange = posting.frozen ?? 0;
    const balance = account.balance + posting.points;
    const frozen = account.frozen + frozenChange;
    if (balance < 0) {
      throw new DomainError(
        'points.insufficient',
        { balance: account.balance, required: -posting.points },
        601,
      );
    }
    if (frozen < 0) {
      throw new DomainError(
        'points.frozen_insufficient',
        { frozen: account.frozen, required: -frozenChange },
        601,
      );
    }
    let entryId: number;
    try {
      const inserted = (await tx.query(
        `INSERT INTO points_entry (user_id, points, frozen, balance_after, frozen_after, reason,
           ref_type, ref_id, operator, remark, idempotency_key)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          posting.userId,
          posting.points,
          frozenChange,
          balance,
          frozen,
          posting.reason,
          posting.reference.type,
          posting.reference.id.slice(0, 64),
          posting.operator.slice(0, 64),
          posting.remark?.slice(0, 500) ?? null,
          posting.idempotencyKey,
        ],
      )) as { insertId: number };
      entryId = Number(inserted.insertId);
    } catch (error) {
      // The same key committed by a transaction this one's snapshot does not see: nothing to do.
      if (mysqlCode(error) === 'ER_DUP_ENTRY') return { applied: false, ...account };
      throw error;
    }
    await tx.query('UPDATE points_account SET balance = ?, frozen = ? WHERE user_id = ?', [
      balance,
      frozen,
      posting.userId,
    ]);
    if (posting.points > 0 && !frozenChange) {
      // Points credited (reward, recharge, administrator): the user is told (notification service).
      await writeEvent(tx, PLATFORM_EVENTS.pointsCredited, `points.credited:${entryId}`, {
        userId: posting.userId,
        points: posting.points,
        reason: LEDGER_REASONS[posting.reason].zh,
        reasonEn: LEDGER_REASONS[posting.reason].en,
        reasonCode: posting.reason,
        reference: posting.reference,
        balance,
      });
    }
    return { applied: true, balance, frozen };
  }

  private async lockAccount(tx: EntityManager, userId: number, missingAccount: MissingAccount) {
    const select = 'SELECT balance, frozen FROM points_account WHERE user_id = ? FOR UPDATE';
    let rows: AccountRow[] = await tx.query(select, [userId]);
    if (!rows.length && missingAccount === 'refuse') throw new AccountMissing();
    if (!rows.length) {
      await tx.query(
        'INSERT INTO points_account (user_id) VALUES (?) ON DUPLICATE KEY UPDATE user_id = user_id',
        [userId],
      );
      rows = await tx.query(select, [userId]);
    }
    return { balance: Number(rows[0].balance), frozen: Number(rows[0].frozen) };
  }
}

function validate(posting: LedgerPosting): void {
  const integers = [posting.userId, posting.points, posting.frozen ?? 0];
  if (!integers.every(Number.isSafeInteger) || posting.userId <= 0) {
    throw new Error(`Invalid ledger posting: ${JSON.stringify(posting)}`);
  }
  if (!posting.idempotencyKey || posting.idempotencyKey.length > 128) {
    throw new Error('Invalid ledger posting: idempotencyKey must have 1 to 128 characters');
  }
  if (posting.points === 0 && !posting.frozen) {
    throw new Error('Invalid ledger posting: nothing changes');
  }
}
