import type { ServiceDbView } from '@platform/contracts';
import { identityStarter } from '@platform/identity';
import { createConnection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  ADMIN_PASSWORD,
  api,
  login,
  mysqlBase,
  registerByPhone,
  setCaptcha,
  startStack,
  type TestStack,
} from '../support/stack';

// Issue 30, the database pool monitor (monitor/druid): each service answers its pools, statements and
// server status. The test holds a write lock on the companies table so that the identity service's
// reads of it wait on their pool connections, asks for several at once, and watches the pool's active
// count rise while they wait; the statements that waited are then among the slowest, and their
// literals (the list's `del_flag = '0'`) show as `?`.
describe('database pool monitor', () => {
  let stack: TestStack;
  let admin: string;

  const monitor = async (token = admin) => {
    const res = await api(stack)
      .get('/prod-api/monitor/druid')
      .set('Authorization', `Bearer ${token}`);
    return res.body as { code: number; data: ServiceDbView[] };
  };
  const identity = async () => (await monitor()).data.find((s) => s.service === 'identity')!;
  const activeOf = (view: ServiceDbView) => view.pools.reduce((n, p) => n + p.active, 0);

  beforeAll(async () => {
    stack = await startStack([identityStarter]);
    await setCaptcha(stack, false);
    admin = await login(stack, 'admin', ADMIN_PASSWORD);
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
  });

  it("should show each service's pool, statements and its server's status", async () => {
    const answer = await monitor();
    expect(answer.code).toBe(200);
    const view = answer.data.find((s) => s.service === 'identity')!;
    expect(view.status).toBe('UP');
    expect(view.pools).toEqual([
      expect.objectContaining({ database: expect.stringMatching(/_identity$/), limit: 10 }),
    ]);
    expect(view.queries).toBeGreaterThan(0);
    expect(view.server).toMatchObject({
      threadsConnected: expect.any(Number),
      connections: expect.any(Number),
      slowQueries: expect.any(Number),
    });
    expect(view.server!.threadsConnected).toBeGreaterThan(0);
    // Not in this stack: shown, and DOWN.
    expect(answer.data.find((s) => s.service === 'billing')?.status).toBe('DOWN');
  });

  it("should show the pool's active count rising under a load, and the slow statements masked", async () => {
    const before = await identity();
    expect(activeOf(before)).toBeLessThan(2);
    const [dbName] = before.pools.map((p) => p.database);
    const locker = await createConnection(`${mysqlBase()}/${dbName}`);
    const LOAD = 4;
    let load: Promise<unknown> | undefined;
    let peak = 0;
    try {
      await locker.query('LOCK TABLES sys_company WRITE');
      load = Promise.all(
        Array.from({ length: LOAD }, (_, i) =>
          api(stack)
            .get(`/prod-api/wujie/company/list?pageNum=1&pageSize=${10 + i}&companyName=load${i}`)
            .set('Authorization', `Bearer ${admin}`),
        ),
      );
      for (let polls = 0; polls < 50 && peak < LOAD; polls += 1) {
        peak = Math.max(peak, activeOf(await identity()));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await new Promise((resolve) => setTimeout(resolve, 300)); // waited long enough to be slow
    } finally {
      await locker.query('UNLOCK TABLES');
      await locker.end();
    }
    const answers = (await load) as { body: { code: number } }[];
    expect(answers.map((a) => a.body.code)).toEqual(Array(LOAD).fill(200));
    expect(peak).toBeGreaterThanOrEqual(LOAD);

    const after = await identity();
    const waited = after.slowest.filter((s) => s.sql.includes('FROM sys_company c'));
    expect(waited.length).toBeGreaterThan(0);
    expect(waited[0].sql).toContain('c.del_flag = ?');
    for (const statement of after.slowest) {
      expect(statement.ms).toBeGreaterThanOrEqual(after.slowThresholdMs);
      expect(statement.sql).not.toMatch(/'|"|load\d/);
      expect(statement.sql).not.toMatch(/(?<![\w$.`])\d/);
    }
    expect(activeOf(after)).toBeLessThan(LOAD);
  });

  it('should refuse a user without the monitor permission', async () => {
    const { token } = await registerByPhone(stack);
    expect((await monitor(token)).code).toBe(403);
  });
});
