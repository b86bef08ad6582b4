import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

import { BILLING_PATTERNS, IDENTITY_PATTERNS, PLATFORM_EVENTS } from '@platform/contracts';
import {
  baseEnvSchema,
  callService,
  createRpcClient,
  dropDatabase,
  loadEnv,
  parseMysqlUrl,
  type RpcClient,
} from '@platform/nest-common';
import { ADMIN_PASSWORD, mysqlBase, spawnService, stopService } from '@platform/test-support';
import Redis from 'ioredis';
import { type Connection, createConnection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Identity and billing as their own processes (node dist/main.js), each killed with SIGKILL while
// events are on their way: billing in the middle of paying a burst of rewards, identity right after
// writing events its relay has not published yet. Both started again, every reward is paid exactly
// once: no entry lost, none twice, every account equal to its entries.

const ROOT = join(__dirname, '../../../..');
const tag = `${process.pid}${randomBytes(3).toString('hex')}`;
const namespace = `tk${tag}`;
const identityUrl = `${mysqlBase()}/t_kill_${tag}_identity`;
const billingUrl = `${mysqlBase()}/t_kill_${tag}_billing`;
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';
const common = {
  ...process.env,
  NODE_ENV: 'test',
  LOG_LEVEL: 'error',
  NAMESPACE: namespace,
  REDIS_URL: redisUrl,
  ADMIN_PASSWORD,
  ARGON2_MEMORY_KIB: '19456',
  ARGON2_TIME_COST: '2',
};

const BASE = 5_000_000;
/** Users of the first burst (billing killed) and of the second (identity killed). */
const FIRST = 120;
const SECOND = 40;
const INVITERS = 10;

let rpc: RpcClient;
let identityDb: Connection;
let billingDb: Connection;
const children: ChildProcess[] = [];

function startService(name: 'identity' | 'billing'): ChildProcess {
  const child = spawnService(process.execPath, [join(ROOT, `services/${name}/dist/main.js`)], {
    env: {
      ...common,
      IDENTITY_DB_URL: identityUrl,
      BILLING_DB_URL: billingUrl,
      BILLING_RELAY_INTERVAL_MS: '50',
      // The job active at the kill is delivered again 3 s later instead of the default 30 s.
      BILLING_EVENT_LOCK_MS: '3000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(child);
  return child;
}

async function healthy(pattern: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      const health = await callService<{ mysql: string }>(rpc, pattern, {}, 1000);
      if (health.mysql === 'UP') return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${pattern} did not answer`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function kill(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
  expect(child.signalCode).toBe('SIGKILL');
}

async function connect(url: string): Promise<Connection> {
  const { host, port, user, password, database } = parseMysqlUrl(url);
  return createConnection({ host, port, user, password, database });
}

async function one<T>(db: Connection, sql: string, params: unknown[] = []): Promise<T> {
  const [rows] = await db.query(sql, params);
  return (rows as T[])[0];
}

const entries = async () =>
  Number((await one<{ n: number }>(billingDb, 'SELECT COUNT(*) AS n FROM points_entry')).n);

/** Registration then real-name events of users [from, to), as identity writes them. */
async function writeEvents(from: number, to: number): Promise<void> {
  const rows: unknown[][] = [];
  for (let i = from; i < to; i += 1) {
    const userId = BASE + i;
    const inviterId = i < INVITERS ? 0 : BASE + (i % INVITERS);
    rows.push([
      PLATFORM_EVENTS.userRegistered,
      `user.registered:${userId}`,
      JSON.stringify({ userId, inviterId, companyId: 0, ip: '10.0.0.1' }),
    ]);
  }
  for (let i = from; i < to; i += 1) {
    const userId = BASE + i;
    rows.push([
      PLATFORM_EVENTS.realNameVerified,
      `user.realname_verified:${userId}`,
      JSON.stringify({ userId }),
    ]);
  }
  await identityDb.query(
    'INSERT INTO event_outbox (event_type, idempotency_key, payload) VALUES ?',
    [rows],
  );
}

/** Entries every user must end with: sign-up, real-name, and for the invited ones 2 more; inviters 1 per invitee. */
function expected(users: number) {
  const invited = Math.max(0, users - INVITERS);
  const balances = new Map<number, number>();
  for (let i = 0; i < users; i += 1) {
    const isInvited = i >= INVITERS;
    balances.set(BASE + i, 100 + 100 + (isInvited ? 50 + 100 : 0));
  }
  for (let i = INVITERS; i < users; i += 1) {
    const inviter = BASE + (i % INVITERS);
    balances.set(inviter, balances.get(inviter)! + 100);
  }
  return { entries: users * 2 + invited * 3, balances };
}

async function waitForEntries(count: number, timeoutMs: number): Promise<number> {
  const until = Date.now() + timeoutMs;
  let n = await entries();
  while (n < count && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    n = await entries();
  }
  return n;
}

beforeAll(async () => {
  rpc = createRpcClient(loadEnv(baseEnvSchema, { NAMESPACE: namespace, REDIS_URL: redisUrl }));
  startService('identity');
  await healthy(IDENTITY_PATTERNS.health);
  identityDb = await connect(identityUrl);
}, 120_000);

afterAll(async () => {
  await Promise.all(children.map((child) => stopService(child)));
  await rpc?.close();
  await identityDb?.end();
  await billingDb?.end();
  await dropDatabase(identityUrl);
  await dropDatabase(billingUrl);
  const redis = new Redis(redisUrl);
  const keys = await redis.keys(`${namespace}:*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

describe('identity and billing killed with SIGKILL while rewards are on their way', () => {
  it('should pay every reward exactly once after billing dies mid-burst and identity dies before relaying', async () => {
    let billing = startService('billing');
    await healthy(BILLING_PATTERNS.health);
    billingDb = await connect(billingUrl);

    // Billing killed while it pays the first burst.
    await writeEvents(0, FIRST);
    const firstTotal = expected(FIRST).entries;
    const atKill = await waitForEntries(Math.round(firstTotal / 4), 60_000);
    await kill(billing);
    expect(atKill).toBeGreaterThan(0);
    expect(atKill).toBeLessThan(firstTotal);

    // Identity writes the second burst and is killed before (most of) it is relayed.
    const identity = children[0];
    await writeEvents(FIRST, FIRST + SECOND);
    await kill(identity);
    const unpublished = await one<{ n: number }>(
      identityDb,
      'SELECT COUNT(*) AS n FROM event_outbox WHERE published_at IS NULL',
    );

    startService('identity');
    await healthy(IDENTITY_PATTERNS.health);
    billing = startService('billing');
    await healthy(BILLING_PATTERNS.health);

    const want = expected(FIRST + SECOND);
    // A job active at the kill comes back once its lock expires (BullMQ's stalled check).
    expect(await waitForEntries(want.entries, 120_000)).toBe(want.entries);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await entries()).toBe(want.entries);

    // Each reward once per user: no key twice (unique), none missing, every balance as expected.
    const [accounts] = await billingDb.query(
      'SELECT user_id, balance, frozen FROM points_account ORDER BY user_id',
    );
    const balances = new Map(
      (accounts as { user_id: number; balance: number }[]).map((a) => [
        Number(a.user_id),
        Number(a.balance),
      ]),
    );
    expect(balances).toEqual(want.balances);
    const [perReason] = await billingDb.query(
      'SELECT reason, COUNT(*) AS n FROM points_entry GROUP BY reason ORDER BY reason',
    );
    const invited = FIRST + SECOND - INVITERS;
    expect(
      (perReason as { reason: string; n: number }[]).map((r) => [r.reason, Number(r.n)]),
    ).toEqual([
      ['invitedRealName', invited],
      ['invitedRegister', invited],
      ['inviter', invited],
      ['realName', FIRST + SECOND],
      ['register', FIRST + SECOND],
    ]);
    const processed = await one<{ n: number }>(
      billingDb,
      'SELECT COUNT(*) AS n FROM processed_event',
    );
    expect(Number(processed.n)).toBe((FIRST + SECOND) * 2);
    const mismatched = await one<{ n: number }>(
      billingDb,
      `SELECT COUNT(*) AS n FROM points_account a
        WHERE a.balance <> (SELECT COALESCE(SUM(points), 0) FROM points_entry e WHERE e.user_id = a.user_id)`,
    );
    expect(Number(mismatched.n)).toBe(0);
    console.log(
      `sigkill: billing killed after ${atKill}/${firstTotal} entries; identity killed with ${unpublished.n} of ${SECOND * 2} new events unpublished; ${want.entries} entries in the end, each once`,
    );
  }, 300_000);
});
