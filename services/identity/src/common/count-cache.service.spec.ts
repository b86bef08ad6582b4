import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { type BaseEnv, createRedis } from '@platform/nest-common';
import { eventually, freePort } from '@platform/test-support';
import type Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CountCache } from './count-cache.service';

// The version bump runs after a user, department or role change is committed. Redis is killed here
// (a redis-server of the test's own, on a free port, persisting like production) to show that the
// bump never fails the change, and that it lands once Redis is back.

const dir = mkdtempSync(join(tmpdir(), 'count-cache-'));
let port: number;
let server: ChildProcess | undefined;
let redis: Redis;

async function startRedis(): Promise<void> {
  server = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes'],
    { cwd: dir, stdio: 'ignore' },
  );
  await eventually(
    () => redis.ping().catch(() => ''),
    (answer) => answer === 'PONG',
    20_000,
  );
}

async function killRedis(): Promise<void> {
  const child = server;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

beforeAll(async () => {
  port = await freePort();
  // The service's own connection settings (createRedis: two retries per command, then an error).
  redis = createRedis(
    { REDIS_URL: `redis://127.0.0.1:${port}/0`, NAMESPACE: `counts${process.pid}` } as BaseEnv,
    'count-cache-test',
  );
  redis.on('error', () => undefined);
  await startRedis();
});

afterAll(async () => {
  redis?.disconnect();
  await killRedis();
  rmSync(dir, { recursive: true, force: true });
});

describe(CountCache.name, () => {
  it('should not fail a committed change while Redis is down, and drop stale totals once it is back', async () => {
    const counts = new CountCache(redis);
    const sql = 'SELECT COUNT(*) FROM sys_user';
    expect(await counts.count(sql, [], async () => 5)).toBe(5);
    expect(await counts.count(sql, [], async () => 99)).toBe(5);
    const cached = await redis.keys('user_count:*');

    await killRedis();
    await expect(counts.invalidate()).resolves.toBeUndefined();

    await startRedis();
    // The total cached before the change survived the restart (appendonly); only the bump, retried in
    // the background, makes the next read count again.
    expect(await redis.keys('user_count:*')).toEqual(expect.arrayContaining(cached));
    const total = await eventually(
      () => counts.count(sql, [], async () => 6),
      (value) => value === 6,
      20_000,
    );
    expect(total).toBe(6);
  }, 60_000);
});
