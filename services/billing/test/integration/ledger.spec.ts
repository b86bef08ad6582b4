import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { DomainError } from '@platform/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { LedgerPosting } from '../../src/ledger/ledger.service';
import { checkLedger } from '../../src/ledger/ledger-check';
import { type BillingUnderTest, startBillingUnderTest } from '../support/billing-db';

const run = promisify(execFile);

let billing: BillingUnderTest;
let nextUser = 1000;

/** checkLedger over the raw connection (mysql2 answers [rows, fields]). */
const check = () =>
  checkLedger({ query: async (sql, params) => (await billing.db.query(sql, params))[0] });

const credit = (userId: number, points: number, key: string): LedgerPosting => ({
  userId,
  points,
  reason: 'adminAdd',
  idempotencyKey: key,
  reference: { type: 'admin', id: key },
  operator: 'admin',
});

async function sums(userId: number) {
  const [rows] = await billing.db.query(
    `SELECT a.balance, a.frozen,
            (SELECT COALESCE(SUM(points), 0) FROM points_entry e WHERE e.user_id = a.user_id) AS sp,
            (SELECT COALESCE(SUM(frozen), 0) FROM points_entry e WHERE e.user_id = a.user_id) AS sf,
            (SELECT COUNT(*) FROM points_entry e WHERE e.user_id = a.user_id) AS n
       FROM points_account a WHERE a.user_id = ?`,
    [userId],
  );
  const row = (rows as Record<string, string | number>[])[0];
  return {
    balance: Number(row.balance),
    frozen: Number(row.frozen),
    sumPoints: Number(row.sp),
    sumFrozen: Number(row.sf),
    entries: Number(row.n),
  };
}

beforeAll(async () => {
  billing = await startBillingUnderTest();
});

afterAll(async () => {
  await billing?.close();
});

describe('the points ledger on the real database', () => {
  it('should let exactly one of twenty parallel spends of more than half the balance succeed', async () => {
    const userId = nextUser++;
    await billing.ledger.post(credit(userId, 1000, `seed:${userId}`));
    const spends = Array.from({ length: 20 }, (_, i) =>
      billing.ledger.post({
        userId,
        points: -600,
        reason: 'missionSettle',
        idempotencyKey: `spend:${userId}:${i}`,
        reference: { type: 'mission', id: `M${i}` },
        operator: 'system',
      }),
    );
    const results = await Promise.allSettled(spends);
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const r of refused) {
      const error = (r as PromiseRejectedResult).reason as DomainError;
      expect(error).toBeInstanceOf(DomainError);
      expect(error.key).toBe('points.insufficient');
      expect(error.params).toEqual({ balance: 400, required: 600 });
    }
    expect(await sums(userId)).toEqual({
      balance: 400,
      frozen: 0,
      sumPoints: 400,
      sumFrozen: 0,
      entries: 2,
    });
  });

  it('should apply a repeated idempotency key once, even when the repeats race', async () => {
    const userId = nextUser++;
    const posting = credit(userId, 50, `reward:bind:${userId}`);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => billing.ledger.post(posting)),
    );
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    expect(results.every((r) => r.balance === 50)).toBe(true);
    const again = await billing.ledger.post(posting);
    expect(again).toEqual({ applied: false, balance: 50, frozen: 0 });
    expect(await sums(userId)).toMatchObject({ balance: 50, sumPoints: 50, entries: 1 });
  });

  it('should never let balance or frozen go below zero, and keep both equal to their entries', async () => {
    const userId = nextUser++;
    await billing.ledger.post(credit(userId, 100, `seed:${userId}`));
    const hold = (key: string, points: number, frozen: number) =>
      billing.ledger.post({
        userId,
        points,
        frozen,
        reason: 'missionFreeze',
        idempotencyKey: key,
        reference: { type: 'mission', id: key },
        operator: 'system',
      });
    expect(await hold('freeze:1', -70, 70)).toEqual({ applied: true, balance: 30, frozen: 70 });
    await expect(hold('freeze:2', -31, 31)).rejects.toMatchObject({ key: 'points.insufficient' });
    await expect(hold('settle:x', 0, -71)).rejects.toMatchObject({
      key: 'points.frozen_insufficient',
      params: { frozen: 70, required: 71 },
    });
    expect(await hold('settle:1', 0, -70)).toEqual({ applied: true, balance: 30, frozen: 0 });
    await expect(billing.ledger.post(credit(userId, -31, 'reduce:1'))).rejects.toMatchObject({
      key: 'points.insufficient',
    });
    expect(await sums(userId)).toEqual({
      balance: 30,
      frozen: 0,
      sumPoints: 30,
      sumFrozen: 0,
      entries: 3,
    });
    // The database refuses a negative account even if code tried (CHECK constraint).
    await expect(
      billing.db.query('UPDATE points_account SET balance = -1 WHERE user_id = ?', [userId]),
    ).rejects.toThrow(/chk_points_account_balance|constraint/i);
  });

  it('should refuse postings that change nothing or have no key', async () => {
    await expect(billing.ledger.post(credit(nextUser, 0, 'zero'))).rejects.toThrow(
      /nothing changes/,
    );
    await expect(billing.ledger.post(credit(nextUser, 1, ''))).rejects.toThrow(/idempotencyKey/);
  });

  it('should prove every account equals its entries, and name an account that does not', async () => {
    const clean = await check();
    expect(clean.mismatches).toEqual([]);
    expect(clean.accounts).toBeGreaterThanOrEqual(3);
    const cli = join(__dirname, '../../dist/ledger/ledger-check.cli.js');
    const env = { ...process.env, ...billing.env };
    const ok = await run(process.execPath, [cli], { env });
    expect(JSON.parse(ok.stdout)).toMatchObject({ mismatches: [] });

    const userId = nextUser++;
    await billing.ledger.post(credit(userId, 10, `seed:${userId}`));
    await billing.db.query('UPDATE points_account SET balance = 11 WHERE user_id = ?', [userId]);
    expect((await check()).mismatches).toEqual([
      { userId, balance: 11, sumPoints: 10, frozen: 0, sumFrozen: 0 },
    ]);
    const failed = await run(process.execPath, [cli], { env }).catch((e: unknown) => e);
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stderr: string }).stderr).toMatch(/ledger check FAILED: 1 account/);
    await billing.db.query('UPDATE points_account SET balance = 10 WHERE user_id = ?', [userId]);
  });
});
