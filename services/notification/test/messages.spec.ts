import type { AddressInfo } from 'node:net';

import { EVENT_QUEUES, PLATFORM_EVENTS, type PlatformEvent } from '@platform/contracts';
import { identityStarter } from '@platform/identity';
import { tokenIdOf } from '@platform/nest-common';
import {
  ADMIN_PASSWORD,
  api,
  builtGateway,
  login,
  registerByPhone,
  setCaptcha,
  startStack,
  type TestStack,
} from '@platform/test-support';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

import { notificationStarter } from '../src';

// The notification service with identity and the gateway in one process, over the real transport,
// MariaDB and Redis: administrators' messages, each user's own list and read marks, and the events of
// the durable queue delivered live to sockets on two gateway instances.

interface Member {
  token: string;
  userId: number;
}

function open(url: string, origin?: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, origin ? { origin } : {});
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

/** Every frame a socket receives, in order. */
function collect(ws: WebSocket): string[] {
  const seen: string[] = [];
  ws.on('message', (data) => seen.push(String(data)));
  return seen;
}

async function until(check: () => boolean, ms = 1000): Promise<number> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return Date.now() - start;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('in-app messages and their delivery', () => {
  let stack: TestStack;
  let admin: string;
  let alice: Member;
  let bob: Member;
  let second: Awaited<ReturnType<typeof builtGateway>>;
  let firstWs: string;
  let secondWs: string;
  let queue: Queue;
  let bullRedis: Redis;

  const as = (token: string) => ({
    get: (path: string) =>
      api(stack).get(`/prod-api${path}`).set('Authorization', `Bearer ${token}`),
    put: (path: string, body: object) =>
      api(stack)
        .put(`/prod-api${path}`)
        .set('Authorization', `Bearer ${token}`)
        .set('repeatSubmit', 'false')
        .send(body),
    post: (path: string, body: object) =>
      api(stack)
        .post(`/prod-api${path}`)
        .set('Authorization', `Bearer ${token}`)
        .set('repeatSubmit', 'false')
        .send(body),
  });

  async function member(): Promise<Member> {
    const { token } = await registerByPhone(stack);
    const info = await as(token).get('/getInfo');
    return { token, userId: info.body.data.user.userId as number };
  }

  const unread = async (m: Member | string) =>
    (await as(typeof m === 'string' ? m : m.token).get('/wujie/message/unreadCount')).body.data
      .count as number;

  const publishEvent = (event: PlatformEvent, jobId = event.idempotencyKey) =>
    queue.add(event.type, event, { jobId: jobId.replace(/:/g, '_') });

  beforeAll(async () => {
    stack = await startStack([identityStarter, notificationStarter]);
    await stack.app.listen(0, '127.0.0.1');
    firstWs = `ws://127.0.0.1:${(stack.app.getHttpServer().address() as AddressInfo).port}/ws/user`;
    second = await builtGateway({
      NAMESPACE: stack.namespace,
      SOCKET_PORT: '-1',
      LOG_LEVEL: 'warn',
    });
    await second.listen(0, '127.0.0.1');
    secondWs = `ws://127.0.0.1:${(second.getHttpServer().address() as AddressInfo).port}/ws/user`;
    await setCaptcha(stack, false);
    admin = await login(stack, 'admin', ADMIN_PASSWORD);
    alice = await member();
    bob = await member();
    bullRedis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0', {
      maxRetriesPerRequest: null,
    });
    queue = new Queue(EVENT_QUEUES.notification, {
      connection: bullRedis,
      prefix: `${stack.namespace}:bull`,
    });
  });

  afterAll(async () => {
    await queue?.close();
    await bullRedis?.quit();
    await second?.close();
    await stack?.close();
  });

  it('should let a user read and mark only their own messages', async () => {
    const sent = await as(admin).post('/wujie/message', {
      userId: alice.userId,
      title: '给爱丽丝',
      titleEn: 'For Alice',
      content: '只给你',
      contentEn: 'Only for you',
    });
    expect(sent.body.code).toBe(200);
    expect(sent.body.data.recipients).toBe(1);
    const messageId = sent.body.data.messageId as number;

    expect(await unread(alice)).toBe(1);
    expect(await unread(bob)).toBe(0);
    const list = await as(alice.token).get('/wujie/message/list?read=0');
    expect(list.body.total).toBe(1);
    expect(list.body.rows[0]).toMatchObject({
      id: messageId,
      type: 'system',
      title: '给爱丽丝',
      titleEn: 'For Alice',
      content: '只给你',
      contentEn: 'Only for you',
      read: false,
    });
    expect((await as(bob.token).get('/wujie/message/list')).body.total).toBe(0);

    // Bob names Alice's message: nothing of hers changes.
    const foreign = await as(bob.token).put('/wujie/message/read', { ids: [messageId] });
    expect(foreign.body.data.updated).toBe(0);
    expect(await unread(alice)).toBe(1);

    const mine = await as(alice.token).put('/wujie/message/read', { ids: [messageId] });
    expect(mine.body.data.updated).toBe(1);
    expect(await unread(alice)).toBe(0);
    const read = await as(alice.token).get('/wujie/message/list?read=1');
    expect(read.body.rows.map((r: { id: number }) => r.id)).toEqual([messageId]);
    expect((await as(alice.token).get('/wujie/message/list?read=0')).body.total).toBe(0);
  });

  it('should send to everyone, page the list and mark all read', async () => {
    for (let i = 1; i <= 3; i += 1) {
      const sent = await as(admin).post('/wujie/message', {
        all: true,
        title: `全体 ${i}`,
        titleEn: `Everyone ${i}`,
        content: '内容',
        contentEn: 'Body',
      });
      expect(sent.body.data.recipients).toBeGreaterThanOrEqual(3);
    }
    const page = await as(bob.token).get('/wujie/message/list?pageNum=1&pageSize=2');
    expect(page.body.total).toBe(3);
    expect(page.body.rows.map((r: { titleEn: string }) => r.titleEn)).toEqual([
      'Everyone 3',
      'Everyone 2',
    ]);
    expect(await unread(bob)).toBe(3);
    const all = await as(bob.token).put('/wujie/message/read', { all: true });
    expect(all.body.data.updated).toBe(3);
    expect(await unread(bob)).toBe(0);
    expect(await unread(alice)).toBe(3);
  });

  it('should refuse sending without the permission or without exactly one audience', async () => {
    const denied = await as(alice.token).post('/wujie/message', {
      all: true,
      title: 't',
      titleEn: 't',
      content: 'c',
      contentEn: 'c',
    });
    expect(denied.body.code).toBe(403);
    const none = await as(admin)
      .post('/wujie/message?lang=en', { title: 't', titleEn: 't', content: 'c', contentEn: 'c' })
      .set('lang', 'en');
    expect(none.body.code).toBe(500);
    expect(none.body.msg).toBe('Choose the recipients: a user, a role or everyone (exactly one)');
    const both = await as(admin).post('/wujie/message', {
      userId: alice.userId,
      all: true,
      title: 't',
      titleEn: 't',
      content: 'c',
      contentEn: 'c',
    });
    expect(both.body.msg).toBe('请选择接收人：用户、角色或全部用户（只选其一）');
    const nobody = await as(admin).post('/wujie/message?lang=en', {
      userId: 999_999,
      title: 't',
      titleEn: 't',
      content: 'c',
      contentEn: 'c',
    });
    expect(nobody.body.msg).toBe('No user can receive this message');
    const missingEn = await as(admin).post('/wujie/message', {
      all: true,
      title: 't',
      content: 'c',
      contentEn: 'c',
    });
    expect(missingEn.body.code).toBe(500);
  });

  it('should deliver a published notice to users on two gateway instances once each, within a second', async () => {
    await as(alice.token).put('/wujie/message/read', { all: true });
    const carol = await member(); // registered, never connected: finds it at her next sign-in
    const onFirst = await open(`${firstWs}?userId=${alice.userId}&token=${alice.token}`);
    const onSecond = await open(`${secondWs}?userId=${bob.userId}&token=${bob.token}`);
    const aliceSeen = collect(onFirst);
    const bobSeen = collect(onSecond);

    const event: PlatformEvent = {
      type: PLATFORM_EVENTS.noticePublished,
      idempotencyKey: `identity.notice.published:${Date.now()}`,
      userId: 1,
      payload: {
        noticeId: 7,
        title: '系统维护通知',
        titleEn: 'Maintenance notice',
        content: '<p>今晚 <b>22:00</b> 维护</p>',
        all: true,
      },
      occurredAt: new Date().toISOString(),
    };
    const start = Date.now();
    await publishEvent(event);
    await until(() => aliceSeen.length > 0 && bobSeen.length > 0, 1000);
    const elapsed = Date.now() - start;
    expect(elapsed).toBeLessThan(1000);

    // The same event again (a relay re-publishing its row under another job id): no second message.
    await publishEvent(event, `${event.idempotencyKey}-again`);
    await sleep(500);
    for (const seen of [aliceSeen, bobSeen]) {
      expect(seen).toHaveLength(1);
      const frame = JSON.parse(seen[0]!);
      // The web shows `message` to a zh reader and `messageEn` to an en reader.
      expect(frame).toMatchObject({
        type: 'message',
        kind: 'notice',
        message: '系统维护通知',
        messageEn: 'Maintenance notice',
      });
    }
    expect(await unread(alice)).toBe(1);
    expect(await unread(bob)).toBe(1);

    const [rows] = await stack.dbs.notification!.query(
      'SELECT COUNT(*) AS n FROM message WHERE event_key = ?',
      [event.idempotencyKey],
    );
    expect(Number((rows as { n: number }[])[0]!.n)).toBe(1);

    // Carol signs in later and finds it unread, with the notice's text without its markup.
    const list = await as(carol.token).get('/wujie/message/list?read=0&type=notice');
    expect(list.body.rows).toHaveLength(1);
    expect(list.body.rows[0]).toMatchObject({
      title: '系统维护通知',
      titleEn: 'Maintenance notice',
      content: '今晚 22:00 维护',
      read: false,
    });
    onFirst.close();
    onSecond.close();
  });

  it("should turn a notice an administrator publishes into every user's message, once", async () => {
    const ws = await open(`${secondWs}?userId=${alice.userId}&token=${alice.token}`);
    const seen = collect(ws);
    const before = await unread(alice);
    const created = await as(admin).post('/system/notice', {
      noticeTitle: '新版本上线',
      noticeType: '1',
      noticeContent: '<p>欢迎<b>试用</b></p>',
      status: '0',
    });
    expect(created.body.code).toBe(200);
    // Identity's outbox, its relay, the queue, this service, the hub: the frame arrives.
    await until(() => seen.some((f) => f.includes('新版本上线')), 10_000);
    expect(await unread(alice)).toBe(before + 1);
    const [rows] = await stack.db.query(
      'SELECT idempotency_key FROM event_outbox WHERE event_type = ?',
      [PLATFORM_EVENTS.noticePublished],
    );
    const key = (rows as { idempotency_key: string }[])[0]!.idempotency_key;
    // Saved again while published: no second event, no second message.
    const [notice] = (await as(admin).get('/system/notice/list?noticeTitle=新版本上线')).body
      .rows as { noticeId: number }[];
    await as(admin).put('/system/notice', {
      noticeId: notice!.noticeId,
      noticeTitle: '新版本上线',
      noticeType: '1',
      noticeContent: '<p>欢迎试用</p>',
      status: '0',
    });
    await sleep(1000);
    expect(seen.filter((f) => f.includes('新版本上线'))).toHaveLength(1);
    expect(await unread(alice)).toBe(before + 1);
    const [events] = await stack.db.query(
      'SELECT COUNT(*) AS n FROM event_outbox WHERE idempotency_key = ?',
      [key],
    );
    expect(Number((events as { n: number }[])[0]!.n)).toBe(1);
    ws.close();
  });

  it("should push a user's own event to that user only, and the invitation link's '1' / '0'", async () => {
    const ws = await open(`${firstWs}?userId=${alice.userId}&token=${alice.token}`);
    const bobWs = await open(`${secondWs}?userId=${bob.userId}&token=${bob.token}`);
    const seen = collect(ws);
    const bobSeen = collect(bobWs);
    await publishEvent({
      type: PLATFORM_EVENTS.inviteLinkChanged,
      idempotencyKey: `identity.user.invite_link_changed:${alice.userId}:${Date.now()}`,
      userId: alice.userId,
      payload: { userId: alice.userId, linkStatus: 0 },
      occurredAt: new Date().toISOString(),
    });
    await publishEvent({
      type: PLATFORM_EVENTS.missionStatusChanged,
      idempotencyKey: `workflow.mission.status_changed:M1:${Date.now()}`,
      userId: alice.userId,
      payload: { userId: alice.userId, missionCode: 'M1', status: 'completed', name: '人源化' },
      occurredAt: new Date().toISOString(),
    });
    await until(() => seen.length >= 3, 2000);
    expect(seen[0]).toBe('0');
    expect(JSON.parse(seen[1]!)).toMatchObject({ kind: 'link' });
    expect(JSON.parse(seen[2]!)).toMatchObject({
      kind: 'mission',
      message: '任务「人源化」已完成',
      messageEn: 'Mission "人源化" completed',
    });
    const missions = await as(alice.token).get('/wujie/message/list?type=mission');
    expect(missions.body.rows[0].link).toBe('/mission/info?code=M1');
    await sleep(200);
    expect(bobSeen).toEqual([]);
    ws.close();
    bobWs.close();
  });

  it('should refuse a socket whose session expired, or for another user, or from a foreign origin', async () => {
    const token = await login(stack, 'admin', ADMIN_PASSWORD);
    const ok = await open(`${firstWs}?userId=1&token=${token}`);
    ok.close();
    await expect(open(`${firstWs}?userId=${alice.userId}&token=${token}`)).rejects.toThrow(
      'HTTP 401',
    );
    await expect(open(`${firstWs}?userId=1`)).rejects.toThrow('HTTP 401');
    await expect(
      open(`${secondWs}?userId=1&token=${token}`, 'https://evil.example'),
    ).rejects.toThrow('HTTP 403');
    // The session runs out (its key expires in Redis): the same token no longer opens a socket.
    expect(await stack.redis.pexpire(stack.key(`login_tokens:${tokenIdOf(token)}`), 1)).toBe(1);
    await sleep(20);
    await expect(open(`${firstWs}?userId=1&token=${token}`)).rejects.toThrow('HTTP 401');
  });
});
