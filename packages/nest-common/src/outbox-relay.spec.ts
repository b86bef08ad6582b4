import { randomBytes } from 'node:crypto';

import { EVENT_QUEUES, PLATFORM_EVENTS } from '@platform/contracts';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { dropDatabase, ensureDatabase, parseMysqlUrl } from './database';
import { type BaseEnv, baseEnvSchema } from './env';
import { EVENT_OUTBOX_DDL, eventJobId, OutboxRelay } from './outbox-relay';
import { bullConnection, bullPrefix } from './queues';

// Two relays on one outbox (two instances of a service): every row is published once, by one of
// them, in id order per user, to the queue of every consumer its type is routed to; a row published
// again (a relay that died before marking) is not queued twice.

const tag = `${process.pid}${randomBytes(3).toString('hex')}`;
const base = `mysql://${process.env.TEST_MYSQL_USER ?? 'root'}:${process.env.TEST_MYSQL_PASSWORD ?? ''}@${
  process.env.TEST_MYSQL_HOST ?? '127.0.0.1'
}:${process.env.TEST_MYSQL_PORT ?? '3306'}`;
const url = `${base}/t_relay_${tag}`;
const env: BaseEnv = baseEnvSchema.parse({
  NAMESPACE: `tr${tag}`,
  REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0',
});
const USERS = 5;
const PER_USER = 60;

let db: DataSource;

beforeAll(async () => {
  await ensureDatabase(url);
  const { host, port, user, password, database } = parseMysqlUrl(url);
  db = await new DataSource({
    type: 'mysql',
    host,
    port,
    username: user,
    password,
    database,
  }).initialize();
  await db.query(EVENT_OUTBOX_DDL);
});

afterAll(async () => {
  await db?.destroy();
  await dropDatabase(url);
  const redis = new Redis(env.REDIS_URL);
  const keys = await redis.keys(`${env.NAMESPACE}:*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

describe('OutboxRelay', () => {
  it('should publish each row once, in order per user, however many relays run', async () => {
    const rows: unknown[][] = [];
    for (let n = 0; n < PER_USER; n += 1) {
      for (let u = 1; u <= USERS; u += 1) {
        // Registrations go to billing only; credits to notification only.
        const type = n % 2 ? PLATFORM_EVENTS.pointsCredited : PLATFORM_EVENTS.userRegistered;
        rows.push([type, `e:${u}:${n}`, JSON.stringify({ userId: u, n })]);
      }
    }
    await db.query('INSERT INTO event_outbox (event_type, idempotency_key, payload) VALUES ?', [
      rows,
    ]);

    const relays = [1, 2].map(() => new OutboxRelay({ dataSource: db, env, batchSize: 25 }));
    const published = [0, 0];
    // Both relays poll at once until the outbox is empty.
    await Promise.all(
      relays.map(async (relay, i) => {
        for (let idle = 0; idle < 5;) {
          const n = await relay.relayOnce();
          published[i] += n;
          idle = n ? 0 : idle + 1;
        }
      }),
    );
    expect(published[0] + published[1]).toBe(USERS * PER_USER);
    const [{ unpublished }] = await db.query(
      'SELECT COUNT(*) AS unpublished FROM event_outbox WHERE published_at IS NULL',
    );
    expect(Number(unpublished)).toBe(0);

    // A relay that died before marking publishes again: BullMQ keeps one job per key.
    await db.query('UPDATE event_outbox SET published_at = NULL WHERE id <= 50');
    expect([await relays[0].relayOnce(), await relays[1].relayOnce()]).toEqual([25, 25]);
    for (const relay of relays) await relay.stop();

    const connection = bullConnection(env);
    try {
      for (const [queueName, type] of [
        [EVENT_QUEUES.billing, PLATFORM_EVENTS.userRegistered],
        [EVENT_QUEUES.notification, PLATFORM_EVENTS.pointsCredited],
      ] as const) {
        const queue = new Queue(queueName, { connection, prefix: bullPrefix(env) });
        const jobs = await queue.getJobs(['wait'], 0, -1, true);
        await queue.close();
        expect(jobs).toHaveLength((USERS * PER_USER) / 2);
        expect(jobs.every((j) => j.data.type === type && j.name === type)).toBe(true);
        expect(jobs[0].id).toBe(eventJobId(jobs[0].data.idempotencyKey));
        for (let u = 1; u <= USERS; u += 1) {
          const ns = jobs.filter((j) => j.data.userId === u).map((j) => j.data.payload.n as number);
          expect(ns).toEqual([...ns].sort((a, b) => a - b));
          expect(ns).toHaveLength(PER_USER / 2);
        }
      }
    } finally {
      await connection.quit();
    }
  });
});
