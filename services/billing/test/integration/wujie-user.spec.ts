import { type InvitationFlagView, PLATFORM_EVENTS, type WujieUserView } from '@platform/contracts';
import { api, eventually, setCaptcha, type TestStack } from '@platform/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type Member, startBillingWorld } from '../support/world';

// The admin user page of the wujie area and its actions (issue 14) through the gateway on the real
// identity and billing services: the joined list, the link toggle (identity's outbox), abnormal
// invitations flagged from the registration events and the deduction of their rewards. Every
// sign-up of a test comes from the same address, so three through one inviter raise a flag.

let world: Awaited<ReturnType<typeof startBillingWorld>>;
let stack: TestStack;
let admin: string;
let alice: Member;
let invited: Member[];

function call(method: 'get' | 'post' | 'put', path: string, token: string, body: object = {}) {
  const agent = api(stack);
  const req = agent[method](`/prod-api${path}`)
    .set('Authorization', `Bearer ${token}`)
    .set('repeatSubmit', 'false')
    .query({ lang: 'en' });
  return method === 'get' ? req.query(body) : req.send(body);
}

async function users(query: object = {}) {
  const res = await call('get', '/wujie/user/list', admin, { pageSize: 100, ...query });
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
  return res.body as { rows: WujieUserView[]; total: number };
}

async function flags(status?: string) {
  const res = await call('get', '/wujie/user/invitation/flags', admin, status ? { status } : {});
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
  return res.body as { rows: InvitationFlagView[]; total: number };
}

beforeAll(async () => {
  world = await startBillingWorld();
  stack = world.stack;
  await setCaptcha(stack, false);
  admin = world.adminToken;
  alice = await world.register();
  invited = [];
  for (let i = 0; i < 3; i += 1) invited.push(await world.register(alice.inviteCode));
  // Rewards: alice 100 (sign-up) + 3 × 100 (inviter); each invited user 100 + 50.
  await world.waitForBalance(alice.token, 400);
  for (const member of invited) await world.waitForBalance(member.token, 150);
});

afterAll(async () => {
  await world?.stack.close();
});

describe('admin user page (GET /wujie/user/list)', () => {
  it("should join identity's users with billing's accounts for the page", async () => {
    const page = await users({ userName: '' });
    const row = page.rows.find((r) => r.userId === alice.userId)!;
    expect(row).toMatchObject({
      userId: alice.userId,
      inviteCode: alice.inviteCode,
      linkStatus: 1,
      invitedCount: 3,
      realNameStatus: 0,
      balance: 400,
      frozen: 0,
      rewardsEarned: 300,
    });
    const bob = page.rows.find((r) => r.userId === invited[0].userId)!;
    expect(bob).toMatchObject({ invitedCount: 0, balance: 150, rewardsEarned: 50 });
    expect(page.total).toBeGreaterThanOrEqual(5);
  });

  it('should refuse a plain user', async () => {
    const res = await call('get', '/wujie/user/list', alice.token);
    expect(res.body.code).toBe(403);
  });
});

describe('invitation link (PUT /wujie/user/linkStatus)', () => {
  it('should refuse a plain user, even for their own link', async () => {
    const res = await call('put', '/wujie/user/linkStatus', alice.token, {
      userId: alice.userId,
      linkStatus: 0,
    });
    expect(res.body.code).toBe(403);
    const [rows] = await stack.dbs.identity.query(
      'SELECT link_status FROM sys_user WHERE user_id = ?',
      [alice.userId],
    );
    expect(Number((rows as { link_status: number }[])[0].link_status)).toBe(1);
  });

  it('should disable and enable the link, one outbox event per change, and a disabled code invites nobody', async () => {
    const off = await call('put', '/wujie/user/linkStatus', admin, {
      userId: alice.userId,
      linkStatus: 0,
    });
    expect(off.body, JSON.stringify(off.body)).toMatchObject({ code: 200 });
    // The same state again changes nothing and announces nothing.
    await call('put', '/wujie/user/linkStatus', admin, { userId: alice.userId, linkStatus: 0 });
    expect((await users()).rows.find((r) => r.userId === alice.userId)?.linkStatus).toBe(0);
    const late = await world.register(alice.inviteCode);
    const [inviter] = await stack.dbs.identity.query(
      'SELECT inviter_id FROM sys_user WHERE user_id = ?',
      [late.userId],
    );
    expect((inviter as { inviter_id: number | null }[])[0].inviter_id).toBeNull();

    const on = await call('put', '/wujie/user/linkStatus', admin, {
      userId: alice.userId,
      linkStatus: 1,
    });
    expect(on.body.code).toBe(200);
    const [events] = await stack.dbs.identity.query(
      'SELECT idempotency_key, payload FROM event_outbox WHERE event_type = ? ORDER BY id',
      [PLATFORM_EVENTS.inviteLinkChanged],
    );
    const rows = events as { idempotency_key: string; payload: unknown }[];
    expect(rows.map((r) => r.idempotency_key)).toEqual([
      `user.invite_link_changed:${alice.userId}:1`,
      `user.invite_link_changed:${alice.userId}:2`,
    ]);
    const payloads = rows.map((r) =>
      typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload,
    );
    expect(payloads).toEqual([
      { userId: alice.userId, linkStatus: 0 },
      { userId: alice.userId, linkStatus: 1 },
    ]);
  });

  it('should refuse a link status other than 1 or 0, and an unknown user', async () => {
    const bad = await call('put', '/wujie/user/linkStatus', admin, {
      userId: alice.userId,
      linkStatus: 2,
    });
    expect(bad.body.code).toBe(500);
    const unknown = await call('put', '/wujie/user/linkStatus', admin, {
      userId: 999_999,
      linkStatus: 0,
    });
    expect(unknown.body.code).not.toBe(200);
  });
});

describe('abnormal invitations', () => {
  it('should flag three sign-ups through one inviter from one address, deducting nothing by itself', async () => {
    const open = await eventually(
      () => flags('open'),
      (page) => page.total > 0,
    );
    expect(open.rows).toHaveLength(1);
    const [flag] = open.rows;
    expect(flag).toMatchObject({
      inviterId: alice.userId,
      kind: 'ip',
      status: 'open',
      deductedPoints: 0,
    });
    expect(flag.invitedUserIds).toEqual(invited.map((m) => m.userId));
    expect((await world.balance(alice.token)).balance).toBe(400);
    expect((await users()).rows.find((r) => r.userId === alice.userId)?.openFlags).toBe(1);
  });

  it('should refuse the list and the deduction to a plain user', async () => {
    const [flag] = (await flags('open')).rows;
    expect((await call('get', '/wujie/user/invitation/flags', alice.token)).body.code).toBe(403);
    const res = await call('post', '/wujie/user/invitation/deduct', alice.token, {
      flagId: flag.id,
    });
    expect(res.body.code).toBe(403);
    expect((await world.balance(alice.token)).balance).toBe(400);
  });

  it('should deduct the rewards the flagged sign-ups paid, once', async () => {
    const [flag] = (await flags('open')).rows;
    const res = await call('post', '/wujie/user/invitation/deduct', admin, {
      flagId: flag.id,
      remark: 'same address',
    });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
    expect(res.body.data).toMatchObject({ status: 'deducted', deductedPoints: 300 + 3 * 50 });
    expect((await world.balance(alice.token)).balance).toBe(100);
    for (const member of invited) expect((await world.balance(member.token)).balance).toBe(100);
    const again = await call('post', '/wujie/user/invitation/deduct', admin, { flagId: flag.id });
    expect(again.body).toMatchObject({
      code: 500,
      msg: 'This abnormal invitation has already been handled',
    });
    expect((await world.balance(alice.token)).balance).toBe(100);
    const entries = await world.get('/wujie/points/list', alice.token);
    const deductions = (entries.body.rows as { reason: string; points: number }[]).filter(
      (e) => e.reason === 'rewardDeduct',
    );
    expect(deductions.map((e) => e.points)).toEqual([-300]);
  });

  it('should let an administrator dismiss a flag without deducting, and refuse a plain user', async () => {
    const extra: Member[] = [];
    for (let i = 0; i < 3; i += 1) extra.push(await world.register(invited[0].inviteCode));
    const open = await eventually(
      () => flags('open'),
      (page) => page.rows.some((f) => f.inviterId === invited[0].userId),
    );
    const flag = open.rows.find((f) => f.inviterId === invited[0].userId)!;
    const before = (await world.balance(invited[0].token)).balance;
    const refused = await call('post', '/wujie/user/invitation/dismiss', invited[0].token, {
      flagId: flag.id,
    });
    expect(refused.body.code).toBe(403);
    const res = await call('post', '/wujie/user/invitation/dismiss', admin, { flagId: flag.id });
    expect(res.body.data).toMatchObject({ status: 'dismissed', deductedPoints: 0 });
    expect((await world.balance(invited[0].token)).balance).toBe(before);
    expect((await flags('open')).rows.some((f) => f.id === flag.id)).toBe(false);
  });

  it('should answer in Chinese when asked', async () => {
    const res = await world.post(
      '/wujie/user/invitation/dismiss',
      admin,
      { flagId: 999_999 },
      'zh',
    );
    expect(res.body.msg).toBe('异常邀请记录不存在');
  });
});
