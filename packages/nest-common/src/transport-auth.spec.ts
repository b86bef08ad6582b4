import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';

import { freePort } from '@platform/test-support';
import { firstValueFrom } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { baseEnvShape, loadEnv } from './env';
import { createRedis } from './redis';
import { createRpcClient, serverStrategy } from './transport';

// Redis and NATS run with passwords in the compose file; the services must read them from REDIS_URL
// and NATS_USER/NATS_PASSWORD. A password-protected server of each is started here on a free port.

const REDIS_SERVER = '/usr/bin/redis-server';
const NATS_SERVER = '/usr/sbin/nats-server';
const password = randomBytes(18).toString('base64url');

async function listening(port: number): Promise<void> {
  const { connect } = await import('node:net');
  for (let i = 0; i < 100; i += 1) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1')
        .once('connect', () => {
          socket.destroy();
          resolve(true);
        })
        .once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nothing listens on ${port}`);
}

const envOf = (values: Record<string, string>) =>
  loadEnv(z.object(baseEnvShape), { NAMESPACE: `auth${process.pid}`, ...values });

/** One request/reply through the platform's transport, server and client built from `env`. */
async function roundTrip(env: ReturnType<typeof envOf>): Promise<unknown> {
  const { strategy } = serverStrategy(env, 'auth-test');
  strategy.addHandler('auth.echo', async (data: unknown) => ({ echoed: data }));
  await new Promise<void>((resolve, reject) => {
    strategy.listen((error?: unknown) => (error ? reject(error) : resolve()));
  });
  const client = createRpcClient(env);
  try {
    await client.connect();
    return await firstValueFrom(client.send('auth.echo', { n: 1 }));
  } finally {
    await client.close();
    await strategy.close();
  }
}

describe.skipIf(!existsSync(REDIS_SERVER) || !existsSync(NATS_SERVER))(
  'transport with passwords',
  () => {
    const children: ChildProcess[] = [];
    let redisPort = 0;
    let natsPort = 0;

    beforeAll(async () => {
      redisPort = await freePort();
      natsPort = await freePort();
      children.push(
        spawn(REDIS_SERVER, [
          '--port', String(redisPort), '--bind', '127.0.0.1', '--requirepass', password,
          '--save', '', '--appendonly', 'no',
        ]), // prettier-ignore
        spawn(NATS_SERVER, [
          '-a', '127.0.0.1', '-p', String(natsPort), '--user', 'platform', '--pass', password,
        ]), // prettier-ignore
      );
      await Promise.all([listening(redisPort), listening(natsPort)]);
    });
    afterAll(() => {
      for (const child of children) child.kill('SIGKILL');
    });

    it('should reach a password-protected Redis through REDIS_URL, and be refused without it', async () => {
      const good = createRedis(
        envOf({ REDIS_URL: `redis://:${password}@127.0.0.1:${redisPort}/0` }),
        'auth-test',
      );
      expect(await good.ping()).toBe('PONG');
      good.disconnect();
      const bare = createRedis(
        envOf({ REDIS_URL: `redis://127.0.0.1:${redisPort}/0` }),
        'auth-test',
      );
      await expect(bare.ping()).rejects.toThrow(/NOAUTH/);
      bare.disconnect();
    });

    it('should carry requests over Redis with the password from REDIS_URL', async () => {
      const env = envOf({ REDIS_URL: `redis://:${password}@127.0.0.1:${redisPort}/0` });
      expect(await roundTrip(env)).toEqual({ echoed: { n: 1 } });
    });

    it('should carry requests over NATS with NATS_USER and NATS_PASSWORD, and be refused without', async () => {
      const nats = { TRANSPORT: 'nats', NATS_URL: `nats://127.0.0.1:${natsPort}` };
      const env = envOf({ ...nats, NATS_USER: 'platform', NATS_PASSWORD: password });
      expect(await roundTrip(env)).toEqual({ echoed: { n: 1 } });
      const client = createRpcClient(
        envOf({ ...nats, NATS_USER: 'platform', NATS_PASSWORD: 'wrong' }),
      );
      await expect(client.connect()).rejects.toThrow(/auth/i);
      await client.close();
    });
  },
);

describe('transport secrets in production', () => {
  const production = (values: Record<string, string>) => () =>
    loadEnv(z.object(baseEnvShape), { NODE_ENV: 'production', ...values });

  it('should refuse a weak Redis or NATS password and accept strong ones', () => {
    expect(production({ REDIS_URL: 'redis://:changeme@redis:6379/0' })).toThrow(
      /REDIS_URL password/,
    );
    expect(
      production({ TRANSPORT: 'nats', NATS_USER: 'platform', NATS_PASSWORD: 'CHANGE_ME' }),
    ).toThrow(/NATS_PASSWORD/);
    expect(production({ TRANSPORT: 'nats', NATS_USER: 'platform' })).toThrow(/NATS_PASSWORD/);
    const strong = randomBytes(24).toString('hex');
    expect(
      production({
        REDIS_URL: `redis://:${strong}@redis:6379/0`,
        TRANSPORT: 'nats',
        NATS_USER: 'platform',
        NATS_PASSWORD: strong,
      })(),
    ).toMatchObject({ NATS_PASSWORD: strong });
  });
});
