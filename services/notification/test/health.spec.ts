import { type AddressInfo, connect, createServer, type Server, type Socket } from 'node:net';

import { identityStarter } from '@platform/identity';
import { api, freePort, startStack, type TestStack } from '@platform/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadNotificationEnv, startNotification } from '../src';

// The notification service's health with its database taken away: the service reaches MariaDB through
// a TCP relay the test can cut, as a database host that went down would be cut.

/** A TCP relay to MariaDB whose listening port can be closed (and every open link dropped) and reopened. */
async function databaseRelay(target: { host: string; port: number }) {
  const links = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const mariadb = connect(target.port, target.host);
        for (const socket of [client, mariadb]) {
          links.add(socket);
          socket.on('close', () => links.delete(socket));
          socket.on('error', () => socket.destroy());
        }
        client.pipe(mariadb).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as AddressInfo).port;
        resolve();
      });
    });
  await open();
  return {
    get port() {
      return port;
    },
    async cut() {
      await new Promise<void>((resolve) => {
        server!.close(() => resolve());
        for (const socket of links) socket.destroy();
      });
    },
    reopen: open,
  };
}

describe('health of the notification service', () => {
  let stack: TestStack;
  let relay: Awaited<ReturnType<typeof databaseRelay>>;
  let probePort: number;

  beforeAll(async () => {
    probePort = await freePort();
    const starter = {
      name: 'notification',
      databaseEnv: 'NOTIFICATION_DB_URL',
      start: async (env: Record<string, string>) => {
        const url = new URL(env.NOTIFICATION_DB_URL);
        relay ??= await databaseRelay({ host: url.hostname, port: Number(url.port || 3306) });
        url.hostname = '127.0.0.1';
        url.port = String(relay.port);
        return startNotification(
          loadNotificationEnv({
            ...env,
            NOTIFICATION_DB_URL: url.toString(),
            HEALTH_PORT: String(probePort),
          }),
        );
      },
    };
    stack = await startStack([identityStarter, starter]);
  });
  afterAll(async () => {
    await stack?.close();
    await relay?.cut();
  });

  const probe = () => fetch(`http://127.0.0.1:${probePort}/health`);
  const platform = () => api(stack).get('/prod-api/health');

  it('should be UP with its database, DOWN (probe and platform) without it, UP once it is back', async () => {
    expect((await probe()).status).toBe(200);
    const up = await platform();
    expect(up.body.data).toMatchObject({ status: 'UP', checks: { mysql: { notification: 'UP' } } });

    await relay.cut();
    try {
      const probed = await probe();
      expect(probed.status).toBe(503);
      expect(await probed.json()).toEqual({ status: 'DOWN' });
      const down = await platform();
      expect(down.status).toBe(503);
      expect(down.body.data).toMatchObject({
        status: 'DOWN',
        checks: { mysql: { notification: 'DOWN', identity: 'UP' } },
      });
    } finally {
      await relay.reopen();
    }
    await expect.poll(async () => (await probe()).status, { timeout: 10_000 }).toBe(200);
    expect((await platform()).body.data.status).toBe('UP');
  });
});
