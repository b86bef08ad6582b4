import { EVENT_QUEUES, PLATFORM_EVENTS } from '@platform/contracts';
import { bullConnection, bullPrefix, EVENT_JOB_OPTIONS, eventJobId } from '@platform/nest-common';
import {
  api,
  freshPhone,
  latestCode,
  signInWithMenus,
  type TestStack,
  USER_PASSWORD,
} from '@platform/test-support';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type Member, startBillingWorld } from '../support/world';

type World = Awaited<ReturnType<typeof startBillingWorld>>;

let world: World;
let stack: TestStack;
let inviter: Member;
let invited: Member;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function identityEvent(type: string, key: string, payload: Record<string, unknown>) {
  await stack.dbs.identity.query(
    'INSERT INTO event_outbox (event_type, idempotency_key, payload) VALUES (?, ?, ?)',
    [type, key, JSON.stringify(payload)],
  );
}

async function entryCount(userId: number): Promise<number> {
  const [rows] = await stack.dbs.billing.query(
    'SELECT COUNT(*) AS n FROM points_entry WHERE user_id = ?',
    [userId],
  );
  return Number((rows as { n: number }[])[0].n);
}

beforeAll(async () => {
  world = await startBillingWorld();
  stack = world.stack;
});

afterAll(async () => {
  await world?.stack.close();
});

describe('rewards paid from identity events, through the relay and the billing queue', () => {
  it('should give a new user the registration points, once', async () => {
    inviter = await world.register();
    expect(await world.waitForBalance(inviter.token, 100)).toEqual({
      userId: inviter.userId,
      balance: 100,
      frozen: 0,
    });
    const list = await world.get('/wujie/points/list', inviter.token);
    expect(list.body).toMatchObject({ code: 200, total: 1 });
    expect(list.body.rows[0]).toMatchObject({
      points: 100,
      frozen: 0,
      balanceAfter: 100,
      reason: 'register',
      reasonText: 'Sign-up bonus',
      refType: 'reward',
      operator: 'system',
    });
    const zh = await world.get('/wujie/points/list', inviter.token, 'zh');
    expect(zh.body.rows[0].reasonText).toBe('注册赠送积分');
  });

  it('should pay an invited user and their inviter, and the real-name rewards, each once', async () => {
    invited = await world.register(inviter.inviteCode);
    // 100 sign-up + 50 invited sign-up; the inviter 100 + 100 per invited user.
    expect((await world.waitForBalance(invited.token, 150)).balance).toBe(150);
    expect((await world.waitForBalance(inviter.token, 200)).balance).toBe(200);

    await identityEvent(
      PLATFORM_EVENTS.realNameVerified,
      `user.realname_verified:${invited.userId}`,
      {
        userId: invited.userId,
      },
    );
    // 100 real-name + 100 invited user's real-name.
    expect((await world.waitForBalance(invited.token, 350)).balance).toBe(350);
    await identityEvent(PLATFORM_EVENTS.phoneBound, `user.phone_bound:${invited.userId}`, {
      userId: invited.userId,
      reward: 50,
    });
    expect((await world.waitForBalance(invited.token, 400)).balance).toBe(400);
    const reasons = (await world.get('/wujie/points/list', invited.token)).body.rows.map(
      (r: { reason: string }) => r.reason,
    );
    expect(reasons).toEqual([
      'bindPhone',
      'invitedRealName',
      'realName',
      'invitedRegister',
      'register',
    ]);
  });

  it('should change nothing when every event is published again or delivered under another job id', async () => {
    const before = [await entryCount(inviter.userId), await entryCount(invited.userId)];
    // The relay publishes every row again (as after a crash between publishing and marking)…
    await stack.dbs.identity.query('UPDATE event_outbox SET published_at = NULL');
    // …and each event is also queued again under a new job id (a consumer-side repeat).
    const connection = bullConnection({
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0',
      NAMESPACE: stack.namespace,
    } as never);
    const queue = new Queue(EVENT_QUEUES.billing, {
      connection,
      prefix: bullPrefix({ NAMESPACE: stack.namespace } as never),
    });
    const [rows] = await stack.dbs.identity.query(
      'SELECT event_type, idempotency_key, payload, created_at FROM event_outbox ORDER BY id',
    );
    for (const row of rows as {
      event_type: string;
      idempotency_key: string;
      payload: unknown;
      created_at: Date;
    }[]) {
      const payload = typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload;
      await queue.add(
        row.event_type,
        {
          type: row.event_type,
          idempotencyKey: row.idempotency_key,
          userId: Number(payload.userId),
          payload,
          occurredAt: new Date(row.created_at).toISOString(),
        },
        { ...EVENT_JOB_OPTIONS, jobId: `again-${eventJobId(row.idempotency_key)}` },
      );
    }
    const until = Date.now() + 30_000;
    while (Date.now() < until) {
      const counts = await queue.getJobCounts('waiting', 'active', 'delayed');
      const [unpublished] = await stack.dbs.identity.query(
        'SELECT COUNT(*) AS n FROM event_outbox WHERE published_at IS NULL',
      );
      if (
        counts.waiting + counts.active + counts.delayed === 0 &&
        Number((unpublished as { n: number }[])[0].n) === 0
      )
        break;
      await sleep(100);
    }
    await sleep(300);
    await queue.close();
    await connection.quit();
    expect([await entryCount(inviter.userId), await entryCount(invited.userId)]).toEqual(before);
    expect((await world.balance(invited.token)).balance).toBe(400);
    expect((await world.balance(inviter.token)).balance).toBe(200);
  });

  it('should announce each credit in billing’s outbox and relay it', async () => {
    const until = Date.now() + 30_000;
    let rows: { n: number; published: number }[] = [];
    while (Date.now() < until) {
      const [result] = await stack.dbs.billing.query(
        `SELECT COUNT(*) AS n, COUNT(published_at) AS published FROM event_outbox
          WHERE event_type = ?`,
        [PLATFORM_EVENTS.pointsCredited],
      );
      rows = result as typeof rows;
      if (Number(rows[0].n) === 7 && Number(rows[0].published) === 7) break;
      await sleep(100);
    }
    // 3 on registration (2 to the invited user, 1 to the inviter), the inviter's own 1, 2 on
    // real-name, 1 phone: 7 credits, each once.
    expect(rows[0]).toEqual({ n: 7, published: 7 });
  });
});

describe('the sign-up recorded for abnormal-invitation checks', () => {
  it("should record the sign-up's address and the browser's device id (X-Device-Id)", async () => {
    const phone = freshPhone();
    await api(stack)
      .post('/prod-api/wujie/user/sendSmsCode')
      .send({ qu: '+86', phonenumber: phone, scene: 'register' })
      .expect(200);
    const code = await latestCode(stack, `+86 ${phone}`);
    const res = await api(stack)
      .post('/prod-api/wujie/user/registerByPhone')
      .set('X-Device-Id', 'device-0123456789abcdef')
      .send({
        qu: '86',
        phonenumber: phone,
        code,
        password: USER_PASSWORD,
        inviteCode: inviter.inviteCode,
      });
    expect(res.body.code).toBe(200);
    const [users] = await stack.dbs.identity.query(
      'SELECT user_id FROM sys_user WHERE phonenumber = ?',
      [phone],
    );
    const userId = Number((users as { user_id: number }[])[0].user_id);
    const until = Date.now() + 30_000;
    type Referral = { inviter_id: number; ip: string; device_id: string };
    let row: Referral | undefined;
    while (!row && Date.now() < until) {
      const [rows] = await stack.dbs.billing.query(
        'SELECT inviter_id, ip, device_id FROM billing_referral WHERE user_id = ?',
        [userId],
      );
      row = (rows as Referral[])[0];
      if (!row) await sleep(100);
    }
    expect(row).toMatchObject({ inviter_id: inviter.userId, device_id: 'device-0123456789abcdef' });
    expect(row?.ip).toMatch(/127\.0\.0\.1|::1|::ffff:127\.0\.0\.1/);
    // The inviter's reward for this third invited user keeps the balances of the tests below exact.
    await world.waitForBalance(inviter.token, 300);
  });
});

describe('points through the gateway: isolation and the administrator', () => {
  it("should refuse a user reading another user's account or ledger", async () => {
    for (const path of ['/wujie/points/account', '/wujie/points/list']) {
      const res = await world.get(path, invited.token).query({ userId: inviter.userId });
      expect(res.body.code).toBe(403);
    }
    // Naming oneself is fine.
    const own = await world
      .get('/wujie/points/account', invited.token)
      .query({ userId: invited.userId });
    expect(own.body.data.balance).toBe(400);
    // Without a session: 401.
    expect((await api(stack).get('/prod-api/wujie/points/account')).body.code).toBe(401);
  });

  it("should let an administrator read a user's account and ledger", async () => {
    const account = await world
      .get('/wujie/points/account', world.adminToken)
      .query({ userId: inviter.userId });
    expect(account.body.data).toEqual({ userId: inviter.userId, balance: 300, frozen: 0 });
    const list = await world
      .get('/wujie/points/list', world.adminToken)
      .query({ userId: inviter.userId, pageSize: 1, isAsc: 'asc', reason: 'inviter' });
    expect(list.body.total).toBe(2);
    expect(list.body.rows).toHaveLength(1);
    expect(list.body.rows[0]).toMatchObject({
      userId: inviter.userId,
      reason: 'inviter',
      refId: String(invited.userId),
    });
  });

  it('should let an administrator add and reduce points with a reason, never below zero', async () => {
    const change = (body: object, token = world.adminToken, lang = 'en') =>
      // repeatSubmit: false lets the same body through the gateway's resubmission guard, so the
      // ledger's own idempotency (requestId) is what a repeat meets.
      world
        .post('/wujie/order/points/admin/change', token, body, lang)
        .set('repeatSubmit', 'false');
    const refused = await change({ userId: invited.userId, points: -401, reason: 'too much' });
    expect(refused.body).toMatchObject({
      code: 601,
      msg: 'Not enough points (available 400, required 401)',
    });
    const refusedZh = await change(
      { userId: invited.userId, points: -401, reason: 'too much' },
      world.adminToken,
      'zh',
    );
    expect(refusedZh.body.msg).toBe('积分不足（可用 400，需要 401）');
    const zero = await change({ userId: invited.userId, points: 0, reason: 'nothing' });
    expect(zero.body.code).not.toBe(200);

    const reduced = await change({
      userId: invited.userId,
      points: -50,
      reason: 'Deducted by support',
      requestId: 'r-1',
    });
    expect(reduced.body.data).toEqual({ userId: invited.userId, balance: 350, frozen: 0 });
    const repeated = await change({
      userId: invited.userId,
      points: -50,
      reason: 'Deducted by support',
      requestId: 'r-1',
    });
    expect(repeated.body.data.balance).toBe(350);
    const added = await change({ userId: invited.userId, points: 25, reason: 'Goodwill' });
    expect(added.body.data.balance).toBe(375);

    const rows = (await world.get('/wujie/points/list', invited.token)).body.rows;
    expect(rows[0]).toMatchObject({
      points: 25,
      reason: 'adminAdd',
      remark: 'Goodwill',
      operator: 'admin',
      refType: 'admin',
    });
    expect(rows[1]).toMatchObject({
      points: -50,
      reason: 'adminReduce',
      reasonText: 'Points deducted by an administrator',
      remark: 'Deducted by support',
    });

    // A plain user cannot change points, not even their own.
    const self = await change(
      { userId: invited.userId, points: 1000, reason: 'free money' },
      invited.token,
    );
    expect(self.body.code).toBe(403);
    expect((await world.balance(invited.token)).balance).toBe(375);
  });

  it('should list the reward amounts in force and prove the ledger', async () => {
    const config = await world.get('/wujie/reward/config/list', invited.token);
    expect(config.body.data).toEqual([
      {
        key: 'points.register.free',
        reason: 'register',
        name: 'Sign-up bonus',
        points: 100,
        defaultPoints: 100,
      },
      {
        key: 'points.bindPhone.reward',
        reason: 'bindPhone',
        name: 'Phone binding reward',
        points: 50,
        defaultPoints: 50,
      },
      {
        key: 'points.realName.reward',
        reason: 'realName',
        name: 'Real-name verification reward',
        points: 100,
        defaultPoints: 100,
      },
      {
        key: 'points.invite.inviter',
        reason: 'inviter',
        name: 'Referral reward (friend invited)',
        points: 100,
        defaultPoints: 100,
      },
      {
        key: 'points.invite.register',
        reason: 'invitedRegister',
        name: 'Invited sign-up reward',
        points: 50,
        defaultPoints: 50,
      },
      {
        key: 'points.invite.realName',
        reason: 'invitedRealName',
        name: 'Invited user real-name reward',
        points: 100,
        defaultPoints: 100,
      },
    ]);
    const check = await world.get('/wujie/points/check', world.adminToken);
    expect(check.body.data).toMatchObject({ accounts: 3, mismatches: [] });
    expect((await world.get('/wujie/points/check', invited.token)).body.code).toBe(403);
  });

  it('should let a role that holds wujie:user:points, not an administrator, adjust points and prove the ledger', async () => {
    // The "User management" page (3) and its "Adjust points" button (3002) only.
    const finance = await signInWithMenus(stack, world.adminToken, [3, 3002]);

    const check = await world.get('/wujie/points/check', finance);
    expect(check.body.code, JSON.stringify(check.body)).toBe(200);
    expect(check.body.data.mismatches).toEqual([]);
    const before = (await world.balance(invited.token)).balance;
    const added = await world.post('/wujie/order/points/admin/change', finance, {
      userId: invited.userId,
      points: 5,
      reason: 'goodwill',
    });
    expect(added.body.code, JSON.stringify(added.body)).toBe(200);
    expect((await world.balance(invited.token)).balance).toBe(before + 5);
    const back = await world.post('/wujie/order/points/admin/change', finance, {
      userId: invited.userId,
      points: -5,
      reason: 'goodwill taken back',
    });
    expect(back.body.code, JSON.stringify(back.body)).toBe(200);
    expect((await world.balance(invited.token)).balance).toBe(before);
  });

  it('should report billing in the health check, and the platform DOWN without it', async () => {
    const res = await api(stack).get('/prod-api/health');
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('UP');
    expect(res.body.data.checks.mysql.billing).toBe('UP');
    // Billing holds money: while it does not answer, the platform is DOWN and says why.
    await stack.stopService('billing');
    try {
      const down = await api(stack).get('/prod-api/health');
      expect(down.status).toBe(503);
      expect(down.body.data).toMatchObject({
        status: 'DOWN',
        checks: { mysql: { billing: 'DOWN', identity: 'UP' } },
        down: ['billing'],
      });
    } finally {
      await stack.startService('billing');
    }
    expect((await api(stack).get('/prod-api/health')).body.data.status).toBe('UP');
  });
});

describe('a real-name event of a user billing never heard of', () => {
  /** The user's ledger entries, oldest first. */
  async function entriesOf(userId: number) {
    const [rows] = await stack.dbs.billing.query(
      'SELECT reason, points FROM points_entry WHERE user_id = ? ORDER BY id',
      [userId],
    );
    return (rows as { reason: string; points: number }[]).map((r) => ({
      reason: r.reason,
      points: Number(r.points),
    }));
  }

  async function waitForEntries(userId: number, count: number) {
    const until = Date.now() + 20_000;
    let entries = await entriesOf(userId);
    while (entries.length < count && Date.now() < until) {
      await sleep(100);
      entries = await entriesOf(userId);
    }
    return entries;
  }

  /** Jobs of these events that failed or wait for a retry in billing's queue (once it is idle). */
  async function unsettledJobs(keys: string[]) {
    const connection = bullConnection({
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0',
      NAMESPACE: stack.namespace,
    } as never);
    const queue = new Queue(EVENT_QUEUES.billing, {
      connection,
      prefix: bullPrefix({ NAMESPACE: stack.namespace } as never),
    });
    try {
      const until = Date.now() + 30_000;
      while (Date.now() < until) {
        const counts = await queue.getJobCounts('waiting', 'active');
        if (counts.waiting + counts.active === 0) break;
        await sleep(100);
      }
      const jobs = await queue.getJobs(['failed', 'delayed']);
      return jobs
        .filter((job) => keys.includes((job.data as { idempotencyKey: string }).idempotencyKey))
        .map((job) => `${job.name} ${job.failedReason ?? ''}`);
    } finally {
      await queue.close();
      await connection.quit();
    }
  }

  it('should open their account and pay the real-name reward once, with no failed job', async () => {
    // The administrator exists in identity but never registered: billing has no event of theirs.
    const [users] = await stack.dbs.identity.query(
      "SELECT user_id FROM sys_user WHERE user_name = 'admin'",
    );
    const userId = Number((users as { user_id: number }[])[0].user_id);
    expect(await entriesOf(userId)).toEqual([]);

    const keys = [`user.realname_verified:${userId}`, `user.realname_verified:${userId}:again`];
    // The event, and the same reward announced by a second event: paid once.
    for (const key of keys) await identityEvent(PLATFORM_EVENTS.realNameVerified, key, { userId });

    expect(await waitForEntries(userId, 1)).toEqual([{ reason: 'realName', points: 100 }]);
    expect(await unsettledJobs(keys)).toEqual([]);
    expect(await entriesOf(userId)).toEqual([{ reason: 'realName', points: 100 }]);
    const [accounts] = await stack.dbs.billing.query(
      'SELECT balance FROM points_account WHERE user_id = ?',
      [userId],
    );
    expect(accounts).toEqual([{ balance: 100 }]);
  });

  it("should pay the invited user's real-name reward when their registration arrives after it", async () => {
    // A user whose events reach billing out of order: real-name first, then the invited sign-up.
    const userId = 8_000_000 + Math.floor(Math.random() * 1_000_000);
    const inviterBefore = await entriesOf(inviter.userId);
    await identityEvent(PLATFORM_EVENTS.realNameVerified, `user.realname_verified:${userId}`, {
      userId,
    });
    expect(await waitForEntries(userId, 1)).toEqual([{ reason: 'realName', points: 100 }]);

    await identityEvent(PLATFORM_EVENTS.userRegistered, `user.registered:${userId}`, {
      userId,
      inviterId: inviter.userId,
    });
    const entries = await waitForEntries(userId, 4);
    expect(entries.map((e) => e.reason).sort()).toEqual(
      ['invitedRealName', 'invitedRegister', 'realName', 'register'].sort(),
    );
    expect(await unsettledJobs([`user.registered:${userId}`])).toEqual([]);
    expect(await entriesOf(userId)).toHaveLength(4);
    const inviterNow = await entriesOf(inviter.userId);
    expect(inviterNow.slice(inviterBefore.length)).toEqual([{ reason: 'inviter', points: 100 }]);
  });
});
