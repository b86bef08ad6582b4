import { Injectable } from '@nestjs/common';
import {
  DomainError,
  type FrozenRestoreView,
  MISSION_HOLD_STATUS,
  type MissionHoldStatus,
  type MissionHoldView,
  missionLedgerKey,
} from '@platform/contracts';
import type {
  FrozenRestoreRpcBody,
  MissionFreezeBody,
  MissionHoldRefBody,
} from '@platform/contracts/dto';
import { type DataSource, type EntityManager, QueryFailedError } from 'typeorm';

import { InjectBillingDb } from '../database/inject';
import { LedgerService } from '../ledger/ledger.service';

interface HoldRow {
  id: string | number;
  mission_code: string;
  run_id: string;
  user_id: string | number;
  points: string | number;
  status: MissionHoldStatus;
  created_at: Date;
}

/**
 * The price a mission run holds on its owner's points (issue 14). A freeze moves the price from the
 * balance to frozen and records the hold; a settle spends it (frozen → gone), a release gives it
 * back (frozen → balance). A hold ends once: a repeated or late call answers `applied: false` and
 * changes nothing; a settle or release of a run never frozen leaves an ended hold of 0 points, so a
 * freeze that arrives after it (a timed-out start the workflow gave up) freezes nothing.
 * Each change is one ledger entry (key `mission:<code>:<run>:<action>`) in the hold's transaction.
 */
@Injectable()
export class MissionHoldsService {
  constructor(
    @InjectBillingDb() private readonly db: DataSource,
    private readonly ledger: LedgerService,
  ) {}

  /**
   * No lock is taken on the hold before the account's (the ledger locks it first): two freezes
   * would otherwise each hold a gap of the hold index and wait for the other's insert. Repeats are
   * settled by the ledger's key and the hold's unique key.
   */
  freeze(body: MissionFreezeBody): Promise<MissionHoldView> {
    return retryDeadlocks(() =>
      this.db.transaction(async (tx) => {
        const existing = await this.findHold(tx, body);
        if (existing) return this.view(existing, false, tx);
        let result;
        try {
          result = await this.ledger.post(
            {
              userId: body.userId,
              points: -body.points,
              frozen: body.points,
              reason: 'missionFreeze',
              idempotencyKey: missionLedgerKey(body.missionCode, body.runId, 'freeze'),
              reference: { type: 'mission', id: body.missionCode },
              operator: 'system',
              remark: `run ${body.runId}`,
            },
            tx,
          );
        } catch (error) {
          if (error instanceof DomainError && error.key === 'points.insufficient') {
            throw new DomainError(
              'mission.points_insufficient',
              { required: body.points, balance: error.params?.balance ?? 0 },
              601,
            );
          }
          throw error;
        }
        await tx.query(
          `INSERT INTO mission_hold (mission_code, run_id, user_id, points, status)
           VALUES (?, ?, ?, ?, ?) ON DUPLICATE KEY UPDATE id = id`,
          [body.missionCode, body.runId, body.userId, body.points, MISSION_HOLD_STATUS.held],
        );
        const hold = (await this.lockHold(tx, body))!;
        // A release of this run got there first (an ended hold): the freeze is rolled back.
        if (result.applied && hold.status !== MISSION_HOLD_STATUS.held) {
          throw new DomainError('mission.hold_ended');
        }
        return this.view(hold, result.applied, tx);
      }),
    );
  }

  settle(body: MissionHoldRefBody): Promise<MissionHoldView> {
    return this.end(body, MISSION_HOLD_STATUS.settled);
  }

  release(body: MissionHoldRefBody): Promise<MissionHoldView> {
    return this.end(body, MISSION_HOLD_STATUS.released);
  }

  /**
   * The administrator's restore: every point frozen for the user that no running mission holds goes
   * back to the balance. Kept: holds of the missions the workflow service reports running, and holds
   * made after it was asked (a mission starting meanwhile). Released: other holds (their missions
   * ended without a settle or release reaching billing), then any frozen points without a hold.
   */
  restoreFrozen(body: FrozenRestoreRpcBody, operator: string): Promise<FrozenRestoreView> {
    const askedAt = new Date(body.askedAt);
    const running = new Set(body.runningMissionCodes);
    return retryDeadlocks(() =>
      this.db.transaction(async (tx) => {
        const accounts: { frozen: string | number }[] = await tx.query(
          'SELECT frozen FROM points_account WHERE user_id = ? FOR UPDATE',
          [body.userId],
        );
        const holds: HoldRow[] = await tx.query(
          `SELECT * FROM mission_hold WHERE user_id = ? AND status = ? ORDER BY id FOR UPDATE`,
          [body.userId, MISSION_HOLD_STATUS.held],
        );
        let frozen = Number(accounts[0]?.frozen ?? 0);
        let restored = 0;
        let held = 0;
        for (const hold of holds) {
          const points = Number(hold.points);
          if (running.has(hold.mission_code) || hold.created_at > askedAt) {
            held += points;
            continue;
          }
          await this.ledger.post(
            {
              userId: body.userId,
              points,
              frozen: -points,
              reason: 'frozenRestore',
              idempotencyKey: missionLedgerKey(hold.mission_code, hold.run_id, 'restore'),
              reference: { type: 'mission', id: hold.mission_code },
              operator,
              remark: `run ${hold.run_id}`,
            },
            tx,
          );
          await tx.query('UPDATE mission_hold SET status = ? WHERE id = ?', [
            MISSION_HOLD_STATUS.released,
            hold.id,
          ]);
          frozen -= points;
          restored += points;
        }
        const loose = frozen - held;
        if (loose > 0) {
          // Frozen points no hold explains: the lock above makes a repeat find nothing left.
          await this.ledger.post(
            {
              userId: body.userId,
              points: loose,
              frozen: -loose,
              reason: 'frozenRestore',
              idempotencyKey: `frozen-restore:${body.userId}:${Date.now()}:${frozen}`,
              reference: { type: 'admin', id: String(body.userId) },
              operator,
            },
            tx,
          );
          restored += loose;
        }
        const account = await this.ledgerAccount(tx, body.userId);
        return { userId: body.userId, restored, held, ...account };
      }),
    );
  }

  private end(body: MissionHoldRefBody, to: MissionHoldStatus): Promise<MissionHoldView> {
    return retryDeadlocks(() => this.endOnce(body, to));
  }

  private endOnce(body: MissionHoldRefBody, to: MissionHoldStatus): Promise<MissionHoldView> {
    return this.db.transaction(async (tx) => {
      const hold = await this.lockHold(tx, body);
      if (!hold) {
        // Never frozen (the freeze failed or has not arrived): an ended hold of 0 points.
        await tx.query(
          `INSERT INTO mission_hold (mission_code, run_id, user_id, points, status)
           VALUES (?, ?, 0, 0, ?) ON DUPLICATE KEY UPDATE id = id`,
          [body.missionCode, body.runId, MISSION_HOLD_STATUS.released],
        );
        return {
          ...body,
          userId: 0,
          points: 0,
          status: MISSION_HOLD_STATUS.released,
          applied: false,
          balance: 0,
          frozen: 0,
        };
      }
      if (hold.status !== MISSION_HOLD_STATUS.held) return this.view(hold, false, tx);
      const points = Number(hold.points);
      const userId = Number(hold.user_id);
      const settle = to === MISSION_HOLD_STATUS.settled;
      const result = await this.ledger.post(
        {
          userId,
          points: settle ? 0 : points,
          frozen: -points,
          reason: settle ? 'missionSettle' : 'missionRelease',
          idempotencyKey: missionLedgerKey(
            body.missionCode,
            body.runId,
            settle ? 'settle' : 'release',
          ),
          reference: { type: 'mission', id: body.missionCode },
          operator: 'system',
          remark: `run ${body.runId}`,
        },
        tx,
      );
      await tx.query('UPDATE mission_hold SET status = ? WHERE id = ?', [to, hold.id]);
      return {
        missionCode: body.missionCode,
        runId: body.runId,
        userId,
        points,
        status: to,
        applied: result.applied,
        balance: result.balance,
        frozen: result.frozen,
      };
    });
  }

  private async findHold(tx: EntityManager, ref: MissionHoldRefBody): Promise<HoldRow | null> {
    const rows: HoldRow[] = await tx.query(
      'SELECT * FROM mission_hold WHERE mission_code = ? AND run_id = ?',
      [ref.missionCode, ref.runId],
    );
    return rows[0] ?? null;
  }

  private async lockHold(tx: EntityManager, ref: MissionHoldRefBody): Promise<HoldRow | null> {
    const rows: HoldRow[] = await tx.query(
      'SELECT * FROM mission_hold WHERE mission_code = ? AND run_id = ? FOR UPDATE',
      [ref.missionCode, ref.runId],
    );
    return rows[0] ?? null;
  }

  private async view(hold: HoldRow, applied: boolean, tx: EntityManager): Promise<MissionHoldView> {
    const userId = Number(hold.user_id);
    return {
      missionCode: hold.mission_code,
      runId: hold.run_id,
      userId,
      points: Number(hold.points),
      status: hold.status,
      applied,
      ...(userId ? await this.ledgerAccount(tx, userId) : { balance: 0, frozen: 0 }),
    };
  }

  private async ledgerAccount(tx: EntityManager, userId: number) {
    const rows: { balance: string | number; frozen: string | number }[] = await tx.query(
      'SELECT balance, frozen FROM points_account WHERE user_id = ?',
      [userId],
    );
    return { balance: Number(rows[0]?.balance ?? 0), frozen: Number(rows[0]?.frozen ?? 0) };
  }
}

const RETRIED = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT']);

/** Runs a transaction again (up to 3 times) when MySQL chose it as a deadlock's victim. */
async function retryDeadlocks<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      const code =
        error instanceof QueryFailedError
          ? (error.driverError as { code?: string } | undefined)?.code
          : undefined;
      if (attempt >= 3 || !RETRIED.has(code ?? '')) throw error;
    }
  }
}
