import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';

import { freePort } from '@platform/test-support';
import { firstValueFrom } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { baseEnvShape, loadEnv } from './env';
import { createRpcClient, serverStrategy } from './transport';

// Scale-out (issue 31): with TRANSPORT=nats, the instances of one service share a queue group, so a
// request reaches exactly one of them (without the group every instance would run it) and the load is
// shared. Proven on a nats-server the test starts.

const NATS_SERVER = '/usr/sbin/nats-server';

async function listening(port: number): Promise<void> {
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

describe.skipIf(!existsSync(NATS_SERVER))('NATS transport with several instances', () => {
  let nats: ChildProcess;
  let env: ReturnType<typeof loadEnv>;

  beforeAll(async () => {
    const port = await freePort();
    nats = spawn(NATS_SERVER, ['-a', '127.0.0.1', '-p', String(port)]);
    await listening(port);
    env = loadEnv(z.object(baseEnvShape), {
      NAMESPACE: `qg${process.pid}`,
      TRANSPORT: 'nats',
      NATS_URL: `nats://127.0.0.1:${port}`,
    });
  });
  afterAll(() => {
    nats.kill('SIGKILL');
  });

  /** An instance of `service` answering `pattern`, counting what it handled. */
  async function instance(service: string, pattern: string) {
    const { strategy } = serverStrategy(env, service);
    const handled: number[] = [];
    strategy.addHandler(pattern, async (data: { n: number }) => {
      handled.push(data.n);
      return { by: service, n: data.n };
    });
    await new Promise<void>((resolve, reject) => {
      strategy.listen((error?: unknown) => (error ? reject(error) : resolve()));
    });
    return { handled, close: () => strategy.close() };
  }

  it('should hand each request to one instance of a service, sharing them between instances', async () => {
    const instances = [
      await instance('scaled', 'scaled.work'),
      await instance('scaled', 'scaled.work'),
    ];
    const client = createRpcClient(env);
    try {
      await client.connect();
      const count = 60;
      const replies = await Promise.all(
        Array.from({ length: count }, (_, n) => firstValueFrom(client.send('scaled.work', { n }))),
      );
      expect(replies.map((reply) => (reply as { n: number }).n)).toEqual(
        Array.from({ length: count }, (_, n) => n),
      );
      const all = instances.flatMap((i) => i.handled).sort((a, b) => a - b);
      expect(all).toEqual(Array.from({ length: count }, (_, n) => n));
      for (const { handled } of instances) expect(handled.length).toBeGreaterThan(0);
    } finally {
      await client.close();
      for (const i of instances) await i.close();
    }
  });

  it('should keep serving on the instance left when one stops', async () => {
    const [first, second] = [
      await instance('survivor', 'survivor.work'),
      await instance('survivor', 'survivor.work'),
    ];
    const client = createRpcClient(env);
    try {
      await client.connect();
      await first!.close();
      const replies = await Promise.all(
        Array.from({ length: 10 }, (_, n) => firstValueFrom(client.send('survivor.work', { n }))),
      );
      expect(replies).toHaveLength(10);
      expect(second!.handled.sort((a, b) => a - b)).toEqual(
        Array.from({ length: 10 }, (_, n) => n),
      );
    } finally {
      await client.close();
      await second!.close();
    }
  });
});
