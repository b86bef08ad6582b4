import type { AddressInfo } from 'node:net';

import { identityStarter } from '@platform/identity';
import { baseEnvShape, createRedis, loadEnv, publishToUser } from '@platform/nest-common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { z } from 'zod';

import { loadGatewayEnv } from '../../src/config/env';
import { createGateway } from '../../src/main';
import { UserSocketHub } from '../../src/socket/user-socket.hub';
import {
  ADMIN_PASSWORD,
  api,
  login,
  registerByPhone,
  setCaptcha,
  startStack,
  type TestStack,
} from '../support/stack';

function open(url: string, origin?: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, origin ? { origin } : {});
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

const nextMessage = (ws: WebSocket) =>
  new Promise<string>((resolve) => ws.once('message', (data) => resolve(String(data))));

describe('user socket channel', () => {
  let stack: TestStack;
  let base: string;
  let plainBase: string;
  let adminToken: string;
  const push = async (userId: number, payload: string | Record<string, unknown>) => {
    const env = loadEnv(z.object(baseEnvShape), { NAMESPACE: stack.namespace });
    const redis = createRedis(env, 'test-publisher');
    await publishToUser(redis, stack.namespace, userId, payload);
    await redis.quit();
  };

  beforeAll(async () => {
    stack = await startStack([identityStarter], { SOCKET_PORT: '0' });
    await stack.app.listen(0, '127.0.0.1');
    const port = (stack.app.getHttpServer().address() as AddressInfo).port;
    base = `ws://127.0.0.1:${port}/ws/user`;
    plainBase = `ws://127.0.0.1:${stack.app.get(UserSocketHub).plainPort()}/ws/user`;
    await setCaptcha(stack, false);
    adminToken = await login(stack, 'admin', ADMIN_PASSWORD);
  });
  afterAll(() => stack.close());

  it('should deliver a push to the user on the gateway port and on the plain port', async () => {
    const onGateway = await open(`${base}?userId=1&token=${adminToken}`);
    const onPlain = await open(
      `${plainBase}?userId=1&token=${adminToken}`,
      `http://127.0.0.1:8080`,
    );
    const received = Promise.all([nextMessage(onGateway), nextMessage(onPlain)]);
    await push(1, { type: 'notice', message: '你好', messageEn: 'Hello' });
    expect(await received).toEqual([
      JSON.stringify({ type: 'notice', message: '你好', messageEn: 'Hello' }),
      JSON.stringify({ type: 'notice', message: '你好', messageEn: 'Hello' }),
    ]);
    onGateway.close();
    onPlain.close();
  });

  it("should not deliver one user's push to another user", async () => {
    const { token } = await registerByPhone(stack);
    const info = await api(stack).get('/prod-api/getInfo').set('Authorization', `Bearer ${token}`);
    const userId = info.body.data.user.userId as number;
    const admin = await open(`${base}?userId=1&token=${adminToken}`);
    const user = await open(`${base}?userId=${userId}&token=${token}`);
    const seenByAdmin: string[] = [];
    admin.on('message', (m) => seenByAdmin.push(String(m)));
    const forUser = nextMessage(user);
    await push(userId, 'plain text notice');
    expect(await forUser).toBe('plain text notice');
    await push(1, 'for admin');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seenByAdmin).toEqual(['for admin']);
    admin.close();
    user.close();
  });

  it("should refuse a connection without a token, with another user's id, or from a foreign origin", async () => {
    await expect(open(`${base}?userId=1`)).rejects.toThrow('HTTP 401');
    await expect(open(`${base}?userId=2&token=${adminToken}`)).rejects.toThrow('HTTP 401');
    await expect(
      open(`${base}?userId=1&token=${adminToken}`, 'https://evil.example'),
    ).rejects.toThrow('HTTP 403');
  });

  const openWithProtocols = (url: string, protocols: string[]) =>
    new Promise<WebSocket>((resolve, reject) => {
      const socket = new WebSocket(url, protocols);
      socket.once('open', () => resolve(socket));
      socket.once('unexpected-response', (_req, res) =>
        reject(new Error(`HTTP ${res.statusCode}`)),
      );
      socket.once('error', reject);
    });

  it('should accept the token in the Sec-WebSocket-Protocol header without echoing it', async () => {
    const ws = await openWithProtocols(`${base}?userId=1`, ['platform.user', adminToken]);
    expect(ws.protocol).toBe('platform.user');
    ws.close();
    const legacy = await openWithProtocols(`${base}?userId=1`, [adminToken]);
    expect(legacy.readyState).toBe(WebSocket.OPEN);
    legacy.close();
  });

  const closeCode = (ws: WebSocket) =>
    new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));

  it('should close the socket at once when its session ends by logout', async () => {
    const token = await login(stack, 'admin', ADMIN_PASSWORD);
    const ws = await open(`${base}?userId=1&token=${token}`);
    const closed = closeCode(ws);
    await api(stack).post('/prod-api/logout').set('Authorization', `Bearer ${token}`).expect(200);
    expect(await closed).toBe(4401);
  });

  it('should close the sockets of a user forced out by an administrator', async () => {
    const { token } = await registerByPhone(stack);
    const info = await api(stack).get('/prod-api/getInfo').set('Authorization', `Bearer ${token}`);
    const userId = info.body.data.user.userId as number;
    const ws = await open(`${base}?userId=${userId}&token=${token}`);
    const closed = closeCode(ws);
    const online = await api(stack)
      .get('/prod-api/monitor/online/list?pageSize=100')
      .set('Authorization', `Bearer ${adminToken}`);
    const row = (online.body.rows as { tokenId: string; userName: string }[]).find(
      (r) => r.userName === info.body.data.user.userName,
    );
    expect(row).toBeDefined();
    await api(stack)
      .delete(`/prod-api/monitor/online/${row!.tokenId}`)
      .set('Authorization', `Bearer ${adminToken}`)
      .set('repeatSubmit', 'false')
      .expect(200);
    expect(await closed).toBe(4401);
  });

  it('should refuse a frame larger than 64 KB', async () => {
    const ws = await open(`${base}?userId=1&token=${adminToken}`);
    const closed = closeCode(ws);
    ws.send('x'.repeat(64 * 1024 + 1));
    expect(await closed).toBe(1009);
  });

  it('should refuse an eleventh socket of one user', async () => {
    const sockets = [];
    for (let i = 0; i < 10; i += 1)
      sockets.push(await open(`${base}?userId=1&token=${adminToken}`));
    await expect(open(`${base}?userId=1&token=${adminToken}`)).rejects.toThrow('HTTP 429');
    const closed = closeCode(sockets[0]!);
    sockets[0]!.close();
    await closed;
    const again = await open(`${base}?userId=1&token=${adminToken}`);
    for (const ws of [...sockets.slice(1), again]) ws.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
  });

  it('should fan a push out to a socket held by another gateway instance', async () => {
    const second = await createGateway(
      loadGatewayEnv({ NAMESPACE: stack.namespace, SOCKET_PORT: '-1', LOG_LEVEL: 'warn' }),
    );
    await second.listen(0, '127.0.0.1');
    try {
      const port = (second.getHttpServer().address() as AddressInfo).port;
      const ws = await open(`ws://127.0.0.1:${port}/ws/user?userId=1&token=${adminToken}`);
      const message = nextMessage(ws);
      await push(1, 'across instances');
      expect(await message).toBe('across instances');
      ws.close();
    } finally {
      await second.close();
    }
  });
});
