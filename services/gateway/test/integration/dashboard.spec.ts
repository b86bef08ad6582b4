import { billingStarter } from '@platform/billing';
import {
  dashboardDays,
  type PersonalDashboardView,
  type PlatformDashboardView,
} from '@platform/contracts';
import { identityStarter } from '@platform/identity';
import { notificationStarter } from '@platform/notification';
import { workflowStarter } from '@platform/workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  ADMIN_PASSWORD,
  api,
  login,
  registerByPhone,
  setCaptcha,
  startStack,
  type TestStack,
} from '../support/stack';

// Issue 30: the dashboard's figures are the owner services' aggregates. The test makes known data
// (users through sign-up, points through the administrator's change, missions and orders as rows of
// their owners' tables), then compares every figure with the rows read straight from each database.
describe('dashboard figures', () => {
  let stack: TestStack;
  let admin: string;
  let user: { token: string; userId: number };

  const rows = async <T>(service: string, sql: string, params: unknown[] = []) =>
    (await stack.dbs[service].query(sql, params))[0] as T[];

  const get = async <T>(path: string, token: string) => {
    const res = await api(stack).get(`/prod-api${path}`).set('Authorization', `Bearer ${token}`);
    return res.body as { code: number; data: T };
  };

  /** Waits until a count stops moving: sign-up rewards reach the ledger through queued events. */
  const settled = async (service: string, sql: string) => {
    let last = -1;
    for (let stable = 0; stable < 3;) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const [{ n }] = await rows<{ n: number }>(service, sql);
      stable = Number(n) === last ? stable + 1 : 0;
      last = Number(n);
    }
  };

  const addMission = (owner: number, workflowId: number, status: string, daysAgo: number) =>
    rows(
      'workflow',
      `INSERT INTO wf_mission (code, name, workflow_id, workflow_version_id, workflow_version,
        process_definition_id, owner_user_id, status, inputs, create_time)
      VALUES (?, 'dashboard test', ?, 1, 1, 'none', ?, ?, '{}', UTC_TIMESTAMP(3) - INTERVAL ? DAY)`,
      [
        `dash-${owner}-${Math.random().toString(36).slice(2, 10)}`,
        workflowId,
        owner,
        status,
        daysAgo,
      ],
    );

  const addOrder = (owner: number, status: string) =>
    rows(
      'billing',
      `INSERT INTO recharge_order (order_no, user_id, amount, points, pay_type, status,
        signing_party, full_name, country, address)
      VALUES (?, ?, 10, 100, 'remittance', ?, 'individual', 'Test', 'CN', 'Somewhere')`,
      [`D${owner}${Math.random().toString(36).slice(2, 12)}`, owner, status],
    );

  beforeAll(async () => {
    stack = await startStack(
      [identityStarter, workflowStarter, billingStarter, notificationStarter],
      {
        ENGINE_USER: 'gateway-dashboard-test',
        ENGINE_PASSWORD: 'Gateway-dashboard-test-engine-password-0123',
      },
    );
    await setCaptcha(stack, false);
    admin = await login(stack, 'admin', ADMIN_PASSWORD);
    const first = await registerByPhone(stack);
    await registerByPhone(stack);
    const info = await get<{ user: { userId: number } }>('/getInfo', first.token);
    user = { token: first.token, userId: info.data.user.userId };
    for (const points of [500, -120]) {
      const change = await api(stack)
        .post('/prod-api/wujie/order/points/admin/change')
        .set('Authorization', `Bearer ${admin}`)
        .set('repeatSubmit', 'false')
        .send({ userId: user.userId, points, reason: 'dashboard test' });
      expect(change.body.code).toBe(200);
    }
    await addMission(user.userId, 7, 'completed', 0);
    await addMission(user.userId, 7, 'completed', 0);
    await addMission(user.userId, 7, 'error', 2);
    await addMission(1, 8, 'stopped', 0);
    await addMission(1, 8, 'completed', 20); // outside the fourteen days
    await addOrder(user.userId, 'completed');
    await addOrder(user.userId, 'pending_verification');
    await addOrder(1, 'completed');
    await settled('billing', 'SELECT COUNT(*) AS n FROM points_entry');
  }, 180_000);

  afterAll(async () => {
    await stack?.close();
  });

  it("should answer the platform's figures equal to the owners' rows", async () => {
    const answer = await get<PlatformDashboardView>('/dashboard/platform', admin);
    expect(answer.code).toBe(200);
    const figures = answer.data;
    const days = new Set(dashboardDays());
    const dayOf = (value: Date) => value.toISOString().slice(0, 10);
    const tally = <K extends string>(keys: K[]) =>
      keys.reduce<Record<string, number>>(
        (acc, key) => ({ ...acc, [key]: (acc[key] ?? 0) + 1 }),
        {},
      );

    const users = await rows<{ create_time: Date; login_date: Date | null; del_flag: string }>(
      'identity',
      'SELECT create_time, login_date, del_flag FROM sys_user',
    );
    const signUps = tally(users.map((u) => dayOf(u.create_time)).filter((d) => days.has(d)));
    expect(Object.fromEntries(figures.users!.signUps.map((d) => [d.day, d.count]))).toEqual(
      signUps,
    );
    const weekAgo = Date.now() - 7 * 86_400_000;
    expect(figures.users!.activeUsers).toBe(
      users.filter((u) => u.login_date && u.login_date.getTime() >= weekAgo).length,
    );
    expect(figures.users!.activeUsers).toBeGreaterThanOrEqual(1); // the administrator signed in
    expect(figures.users!.totalUsers).toBe(users.filter((u) => u.del_flag === '0').length);

    const missions = await rows<{ create_time: Date; workflow_id: number; status: string }>(
      'workflow',
      'SELECT create_time, workflow_id, status FROM wf_mission',
    );
    const missionKeys = missions
      .filter((m) => days.has(dayOf(m.create_time)))
      .map((m) => `${dayOf(m.create_time)} ${m.workflow_id} ${m.status}`);
    expect(missionKeys).toHaveLength(4);
    expect(
      Object.fromEntries(
        figures.missions!.missions.map((m) => [`${m.day} ${m.workflowId} ${m.status}`, m.count]),
      ),
    ).toEqual(tally(missionKeys));

    const entries = await rows<{ created_at: Date; points: number; frozen: number }>(
      'billing',
      'SELECT created_at, points, frozen FROM points_entry',
    );
    const points: Record<string, { issued: number; spent: number }> = {};
    for (const entry of entries) {
      const change = Number(entry.points) + Number(entry.frozen);
      const day = (points[dayOf(entry.created_at)] ??= { issued: 0, spent: 0 });
      if (change > 0) day.issued += change;
      else day.spent -= change;
    }
    expect(
      Object.fromEntries(
        figures.points!.points.map((p) => [p.day, { issued: p.issued, spent: p.spent }]),
      ),
    ).toEqual(points);
    expect(points[dayOf(new Date())].spent).toBeGreaterThanOrEqual(120);

    const orders = await rows<{ status: string }>('billing', 'SELECT status FROM recharge_order');
    expect(Object.fromEntries(figures.points!.orders.map((o) => [o.status, o.count]))).toEqual(
      tally(orders.map((o) => o.status)),
    );
    expect(figures.health).toEqual({
      identity: 'UP',
      workflow: 'UP',
      billing: 'UP',
      notification: 'UP',
      engine: 'UP',
      'agent-worker': 'DOWN', // not in this stack
    });
    expect(figures.missions!.incidents).toBe(0);
  });

  it("should answer a user their own missions, points and unread messages, and not the platform's", async () => {
    const mine = await get<PersonalDashboardView>('/dashboard/mine', user.token);
    expect(mine.code).toBe(200);
    expect(Object.fromEntries(mine.data.missions!.map((m) => [m.status, m.count]))).toEqual({
      completed: 2,
      error: 1,
    });
    const [account] = await rows<{ balance: number; frozen: number }>(
      'billing',
      'SELECT balance, frozen FROM points_account WHERE user_id = ?',
      [user.userId],
    );
    expect(mine.data.points).toEqual({
      balance: Number(account.balance),
      frozen: Number(account.frozen),
    });
    const [unread] = await rows<{ n: number }>(
      'notification',
      'SELECT COUNT(*) AS n FROM message_inbox WHERE user_id = ? AND is_read = 0',
      [user.userId],
    );
    expect(mine.data.unreadMessages).toBe(Number(unread.n));
    expect((await get('/dashboard/platform', user.token)).code).toBe(403);
  });
});
