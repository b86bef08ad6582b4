import { billingStarter } from '@platform/billing';
import { buildBpmnXml, type DiagramSpec } from '@platform/bpmn';
import {
  AGENT_TOPIC,
  BILLING_MISSION_PATTERNS as BM,
  type FrozenRestoreView,
  MISSION_PRICE_PARAM,
  MISSION_VARIABLES,
  type MissionHoldView,
  type MissionStartedView,
  type MissionView,
  WORKFLOW_PATTERNS as W,
} from '@platform/contracts';
import { CamundaRestClient, type LockedExternalTaskDto } from '@platform/engine-client';
import { identityStarter } from '@platform/identity';
import { baseEnvSchema, callService, createRpcClient, type RpcClient } from '@platform/nest-common';
import {
  ADMIN_PASSWORD,
  api,
  login,
  registerByPhone,
  setCaptcha,
  startStack,
  type TestStack,
} from '@platform/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { workflowStarter } from '../../src';
import { dataOf, eventually, freePort } from '../support';

// Mission costs on the real services (identity, workflow with its embedded engine, billing): the
// price is frozen before a mission starts, settled when it completes, released when it stops
// before any node finished or fails on the platform's side; too few points start nothing; a
// settle while billing is down is sent when billing is back. The test plays the agent worker.

const ENGINE_AUTH = { user: 'costs-test', password: 'Costs-test-engine-password-0123456789' };
const ADMIN_ID = 1;

/** start → two agents → end. */
function twoAgents(key: string): string {
  const spec: DiagramSpec = {
    id: key,
    name: key,
    nodes: [
      { id: 'Start', type: 'startEvent', x: 0, y: 0 },
      ...['Plan', 'Report'].map((nameen, i) => ({
        id: `Task_${i + 1}`,
        type: 'userTask' as const,
        name: nameen,
        agent: { nameen, type: 'Agent', instruction: `do ${nameen}`, output: '', validators: [] },
        x: 100 + i * 150,
        y: 0,
      })),
      { id: 'End', type: 'endEvent', x: 450, y: 0 },
    ],
    flows: [],
  };
  const ids = spec.nodes.map((n) => n.id);
  spec.flows = ids.slice(1).map((target, i) => ({ id: `Flow_${i + 1}`, source: ids[i], target }));
  return buildBpmnXml(spec);
}

interface Account {
  balance: number;
  frozen: number;
}

describe('mission costs: freeze, settle, release', () => {
  let stack: TestStack;
  let token: string;
  let engine: CamundaRestClient;
  let rpc: RpcClient;
  let seq = 0;
  let credits = 0;

  const send = (req: ReturnType<ReturnType<typeof api>['get']>, lang = 'zh') =>
    req.set('Authorization', `Bearer ${token}`).set('repeatSubmit', 'false').set('lang', lang);
  const get = (path: string) => send(api(stack).get(`/prod-api${path}`));
  const post = (path: string, body: object = {}, lang = 'zh') =>
    send(api(stack).post(`/prod-api${path}`), lang).send(body);
  const billingDb = () => stack.dbs.billing;
  const workflowDb = () => stack.dbs.workflow;

  beforeAll(async () => {
    const url = `http://127.0.0.1:${await freePort()}/engine-rest`;
    stack = await startStack([identityStarter, workflowStarter, billingStarter], {
      ENGINE_PORT: new URL(url).port,
      ENGINE_USER: ENGINE_AUTH.user,
      ENGINE_PASSWORD: ENGINE_AUTH.password,
      MISSION_RECONCILE_MS: '150',
      MISSION_CHARGE_RETRY_MS: '200',
      RPC_TIMEOUT_MS: '3000',
    });
    await setCaptcha(stack, false);
    token = await login(stack, 'admin', ADMIN_PASSWORD);
    engine = new CamundaRestClient({ baseUrl: url, auth: ENGINE_AUTH });
    rpc = createRpcClient(
      baseEnvSchema.parse({
        NAMESPACE: stack.namespace,
        REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0',
      }),
    );
    dataOf(await post('/wujie/agent', { name: '规划', nameEn: 'Plan' }));
    dataOf(await post('/wujie/agent', { name: '报告', nameEn: 'Report' }));
  });
  afterAll(async () => {
    await rpc?.close();
    await stack?.close();
  });

  /** Credits the admin's account as the ledger does (an entry and the account in one transaction). */
  async function credit(points: number, frozenPoints = 0): Promise<void> {
    credits += 1;
    const db = billingDb();
    await db.beginTransaction();
    await db.query(
      'INSERT INTO points_account (user_id) VALUES (?) ON DUPLICATE KEY UPDATE user_id = user_id',
      [ADMIN_ID],
    );
    const [rows] = await db.query(
      'SELECT balance, frozen FROM points_account WHERE user_id = ? FOR UPDATE',
      [ADMIN_ID],
    );
    const { balance, frozen } = (rows as { balance: string; frozen: string }[])[0];
    // With `frozenPoints`: that much of the balance frozen without any mission's hold.
    const after = Number(balance) + points - frozenPoints;
    const frozenAfter = Number(frozen) + frozenPoints;
    await db.query(
      `INSERT INTO points_entry (user_id, points, frozen, balance_after, frozen_after, reason, ref_type,
         ref_id, operator, idempotency_key) VALUES (?, ?, ?, ?, ?, 'adminAdd', 'admin', 'test', 'test', ?)`,
      [ADMIN_ID, points - frozenPoints, frozenPoints, after, frozenAfter, `test-credit:${credits}`],
    );
    await db.query('UPDATE points_account SET balance = ?, frozen = ? WHERE user_id = ?', [
      after,
      frozenAfter,
      ADMIN_ID,
    ]);
    await db.commit();
  }

  async function account(): Promise<Account> {
    const [rows] = await billingDb().query(
      'SELECT balance, frozen FROM points_account WHERE user_id = ?',
      [ADMIN_ID],
    );
    const row = (rows as { balance: string; frozen: string }[])[0];
    return { balance: Number(row?.balance ?? 0), frozen: Number(row?.frozen ?? 0) };
  }

  /** The ledger's sums agree with the account (balance = Σ points, frozen = Σ frozen). */
  async function sums(): Promise<Account> {
    const [rows] = await billingDb().query(
      'SELECT COALESCE(SUM(points), 0) AS p, COALESCE(SUM(frozen), 0) AS f FROM points_entry WHERE user_id = ?',
      [ADMIN_ID],
    );
    const row = (rows as { p: string; f: string }[])[0];
    return { balance: Number(row.p), frozen: Number(row.f) };
  }

  async function entriesOf(code: string): Promise<[string, number, number][]> {
    const [rows] = await billingDb().query(
      `SELECT reason, points, frozen FROM points_entry WHERE ref_type = 'mission' AND ref_id = ? ORDER BY id`,
      [code],
    );
    return (rows as { reason: string; points: string; frozen: string }[]).map((r) => [
      r.reason,
      Number(r.points),
      Number(r.frozen),
    ]);
  }

  async function chargeOf(code: string): Promise<{ state: string; attempts: number } | undefined> {
    const [rows] = await workflowDb().query(
      'SELECT state, attempts FROM wf_mission_charge WHERE mission_code = ? ORDER BY id DESC',
      [code],
    );
    return (rows as { state: string; attempts: number }[])[0];
  }

  async function workflow(price: number | null): Promise<number> {
    seq += 1;
    const key = `costs_${seq}`;
    return dataOf<{ id: number }>(
      await post('/wujie/workflow', {
        name: key,
        status: '2',
        agentIds: [1],
        workflow: twoAgents(key),
        ...(price === null ? {} : { price }),
      }),
    ).id;
  }

  const start = (workflowId: number, lang = 'zh') =>
    post('/wujie/mission', { workflowId, inputs: { text: 'humanize EVQLV' } }, lang);
  const mission = async (id: number) => dataOf<MissionView>(await get(`/wujie/mission/${id}`));
  const until = (id: number, done: (m: MissionView) => boolean) =>
    eventually(() => mission(id), done);
  const report = <T = MissionHoldView>(pattern: string, body: object) =>
    callService<T>(rpc, pattern, body, 10_000);

  async function lock(code: string): Promise<LockedExternalTaskDto> {
    const until = Date.now() + 15_000;
    for (;;) {
      const [task] = await engine.fetchAndLock({
        workerId: 'costs-worker',
        maxTasks: 1,
        topics: [{ topicName: AGENT_TOPIC, lockDuration: 30_000, businessKey: code }],
      });
      if (task) return task;
      if (Date.now() > until) throw new Error(`no task of ${code}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async function runNode(m: MissionView, task: LockedExternalTaskDto): Promise<void> {
    const node = {
      missionCode: m.code,
      runId: String(task.variables[MISSION_VARIABLES.runId].value),
      nodeId: task.activityId,
    };
    await report(W.missionNodeStarted, node);
    await report(W.missionNodeEnded, { ...node, status: 'success', outputs: { result: 'ok' } });
    await engine.completeExternalTask(task.id, { workerId: 'costs-worker' });
  }

  async function started(workflowId: number): Promise<MissionView> {
    return mission(dataOf<MissionStartedView>(await start(workflowId)).id);
  }

  it('should freeze the price at start and settle it when the mission completes', async () => {
    await credit(100);
    const wf = await workflow(30);
    const m = await started(wf);
    // Frozen before anything ran: the first task is not even fetched yet.
    expect(await account()).toEqual({ balance: 70, frozen: 30 });
    expect(await chargeOf(m.code)).toMatchObject({ state: 'frozen' });
    await runNode(m, await lock(m.code));
    await runNode(m, await lock(m.code));
    await until(m.id, (x) => x.status === 'completed');
    await eventually(account, (a) => a.frozen === 0);
    expect(await account()).toEqual({ balance: 70, frozen: 0 });
    expect(await entriesOf(m.code)).toEqual([
      ['missionFreeze', -30, 30],
      ['missionSettle', 0, -30],
    ]);
    // Billing settles first; the workflow service marks its charge settled once billing answered.
    expect(
      await eventually(
        () => chargeOf(m.code),
        (c) => c?.state === 'settled',
      ),
    ).toMatchObject({ state: 'settled' });
    expect(await sums()).toEqual(await account());
  });

  it('should refuse a start with too few points, in zh and en, creating and running nothing', async () => {
    const wf = await workflow(1000);
    const before = await account();
    const [[{ n: missionsBefore }]] = (await workflowDb().query(
      'SELECT COUNT(*) AS n FROM wf_mission',
    )) as unknown as [[{ n: number }]];
    const zh = await start(wf, 'zh');
    expect(zh.body.code).not.toBe(200);
    expect(zh.body.msg).toBe(
      `积分不足，无法发起任务：该任务需要 1000 积分，当前可用 ${before.balance} 积分，请先充值`,
    );
    const en = await start(wf, 'en');
    expect(en.body.msg).toBe(
      `Not enough points to start this task: it costs 1000 points and ${before.balance} are available; please recharge first`,
    );
    const [[{ n: missionsAfter }]] = (await workflowDb().query(
      'SELECT COUNT(*) AS n FROM wf_mission',
    )) as unknown as [[{ n: number }]];
    expect(Number(missionsAfter)).toBe(Number(missionsBefore));
    const [charges] = await workflowDb().query(
      'SELECT COUNT(*) AS n FROM wf_mission_charge WHERE points = 1000',
    );
    expect(Number((charges as { n: number }[])[0].n)).toBe(0);
    expect(await account()).toEqual(before);
    // Nothing reached the engine either: no instance of the workflow's process.
    const instances = await engine.historicProcessInstances({
      processDefinitionKey: `costs_${seq}`,
    });
    expect(instances).toHaveLength(0);
  });

  it('should release the price when the mission is stopped before any node finished', async () => {
    const before = await account();
    const wf = await workflow(20);
    const m = await started(wf);
    expect(await account()).toEqual({ balance: before.balance - 20, frozen: before.frozen + 20 });
    dataOf(await post(`/wujie/mission/${m.id}/stop`));
    await eventually(account, (a) => a.frozen === before.frozen);
    expect(await account()).toEqual(before);
    expect(await entriesOf(m.code)).toEqual([
      ['missionFreeze', -20, 20],
      ['missionRelease', 20, -20],
    ]);
  });

  it('should settle the price when the mission is stopped after a node finished', async () => {
    const before = await account();
    const wf = await workflow(10);
    const m = await started(wf);
    await runNode(m, await lock(m.code));
    dataOf(await post(`/wujie/mission/${m.id}/stop`));
    await eventually(account, (a) => a.frozen === before.frozen);
    expect(await account()).toEqual({ balance: before.balance - 10, frozen: before.frozen });
    expect((await entriesOf(m.code)).map((e) => e[0])).toEqual(['missionFreeze', 'missionSettle']);
  });

  it('should release the price when the mission fails on the platform side (error interrupted)', async () => {
    const before = await account();
    const wf = await workflow(15);
    const m = await started(wf);
    const task = await lock(m.code);
    await engine.handleExternalTaskFailure(task.id, {
      workerId: 'costs-worker',
      errorMessage: 'the model did not answer',
      retries: 0,
      retryTimeout: 0,
    });
    await until(m.id, (x) => x.status === 'error');
    await eventually(account, (a) => a.frozen === before.frozen);
    expect(await account()).toEqual(before);
    expect((await entriesOf(m.code)).map((e) => e[0])).toEqual(['missionFreeze', 'missionRelease']);
    // A rerun is a new run: a new freeze.
    dataOf(await post(`/wujie/mission/${m.id}/rerun`, { nodeId: 'Task_1' }));
    expect(await account()).toEqual({ balance: before.balance - 15, frozen: before.frozen + 15 });
    dataOf(await post(`/wujie/mission/${m.id}/stop`));
    await eventually(account, (a) => a.frozen === before.frozen);
    expect(await account()).toEqual(before);
    expect(await sums()).toEqual(await account());
  });

  it('should settle the run a rerun replaces once a node of it finished, and freeze the new run', async () => {
    await credit(30);
    const before = await account();
    const m = await started(await workflow(10));
    await runNode(m, await lock(m.code));
    // Still in progress (Task_2 waits): the rerun replaces a live run.
    dataOf(await post(`/wujie/mission/${m.id}/rerun`, { nodeId: 'Task_1' }));
    await eventually(
      account,
      (a) => a.frozen === before.frozen + 10 && a.balance === before.balance - 20,
    );
    expect(await account()).toEqual({ balance: before.balance - 20, frozen: before.frozen + 10 });
    const after = await mission(m.id);
    expect(after.currentRunId).not.toBe(m.currentRunId);
    expect(await chargeOf(m.code)).toMatchObject({ state: 'frozen' });
    // The new run stopped before any of its nodes finished: only its own price goes back.
    dataOf(await post(`/wujie/mission/${m.id}/stop`));
    await eventually(account, (a) => a.frozen === before.frozen);
    expect(await account()).toEqual({ balance: before.balance - 10, frozen: before.frozen });
    expect((await entriesOf(m.code)).map((e) => e[0])).toEqual([
      'missionFreeze',
      'missionFreeze',
      'missionSettle',
      'missionRelease',
    ]);
  });

  it('should start exactly one of five parallel missions when the balance pays for one', async () => {
    await credit(40);
    const before = await account();
    expect(before.frozen).toBe(0);
    // More than half the balance each.
    const price = Math.floor(before.balance / 2) + 1;
    const wf = await workflow(price);
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => start(wf)));
    const ok = answers.filter((res) => res.body.code === 200);
    expect(ok).toHaveLength(1);
    for (const refused of answers.filter((res) => res.body.code !== 200)) {
      expect(refused.body, JSON.stringify(refused.body)).toMatchObject({ code: 601 });
    }
    expect(await account()).toEqual({ balance: before.balance - price, frozen: price });
    const id = (ok[0].body.data as MissionStartedView).id;
    dataOf(await post(`/wujie/mission/${id}/stop`));
    await eventually(account, (a) => a.frozen === 0);
    expect(await account()).toEqual(before);
  });

  it("should keep a workflow's price through edits that leave it out, and go back to the parameter with null", async () => {
    const id = await workflow(5);
    const view = async () =>
      dataOf<{ price: number | null; version: number }>(await get(`/wujie/workflow/${id}`));
    expect((await view()).price).toBe(5);
    const body = { id, name: `costs_${seq}`, status: '2', agentIds: [1] };
    dataOf(await send(api(stack).put('/prod-api/wujie/workflow')).send(body));
    expect((await view()).price).toBe(5);
    dataOf(await send(api(stack).put('/prod-api/wujie/workflow')).send({ ...body, price: null }));
    expect((await view()).price).toBeNull();
    const bad = await send(api(stack).put('/prod-api/wujie/workflow')).send({ ...body, price: -1 });
    expect(bad.body.code).toBe(500);
    expect((await view()).price).toBeNull();
  });

  it('should send a settle when billing is back if it was down when the mission completed', async () => {
    const before = await account();
    const wf = await workflow(25);
    const m = await started(wf);
    await runNode(m, await lock(m.code));
    await stack.stopService('billing');
    try {
      await runNode(m, await lock(m.code));
      await until(m.id, (x) => x.status === 'completed');
      // Decided and kept: tried, failed, tried again.
      const pending = await eventually(
        () => chargeOf(m.code),
        (c) => (c?.attempts ?? 0) >= 1,
      );
      expect(pending).toMatchObject({ state: 'settle' });
    } finally {
      await stack.startService('billing');
    }
    await eventually(
      () => chargeOf(m.code),
      (c) => c?.state === 'settled',
    );
    expect(await account()).toEqual({ balance: before.balance - 25, frozen: before.frozen });
    expect((await entriesOf(m.code)).map((e) => e[0])).toEqual(['missionFreeze', 'missionSettle']);
  }, 60_000);

  it('should restore the frozen points no running mission holds, for an administrator only', async () => {
    await credit(50);
    const before = await account();
    expect(before.frozen).toBe(0);
    const m = await started(await workflow(10));
    // A hold whose mission is not running (its release never reached billing) and 5 points frozen
    // without any hold.
    const stray = await report(BM.freeze, {
      missionCode: 'MSTRAY',
      runId: 'run-1',
      userId: ADMIN_ID,
      points: 12,
    });
    expect(stray).toMatchObject({ status: 'held', applied: true });
    await credit(0, 5);
    expect(await account()).toEqual({
      balance: before.balance - 10 - 12 - 5,
      frozen: before.frozen + 27,
    });

    const user = await registerByPhone(stack);
    const refused = await send(api(stack).post('/prod-api/wujie/user/restoreFrozen'), 'en')
      .set('Authorization', `Bearer ${user.token}`)
      .send({ userId: ADMIN_ID });
    expect(refused.body.code).toBe(403);
    expect((await account()).frozen).toBe(before.frozen + 27);

    const restored = dataOf<FrozenRestoreView>(
      await post('/wujie/user/restoreFrozen', { userId: ADMIN_ID }),
    );
    expect(restored).toEqual({
      userId: ADMIN_ID,
      restored: 17,
      held: 10,
      balance: before.balance - 10,
      frozen: 10,
    });
    // Again: nothing more to restore; the running mission keeps its hold.
    expect(
      dataOf<FrozenRestoreView>(await post('/wujie/user/restoreFrozen', { userId: ADMIN_ID })),
    ).toMatchObject({ restored: 0, frozen: before.frozen + 10 });
    // A late release of the restored hold changes nothing.
    const late = await report(BM.release, { missionCode: 'MSTRAY', runId: 'run-1' });
    expect(late).toMatchObject({ status: 'released', applied: false });
    expect(await account()).toEqual({ balance: before.balance - 10, frozen: before.frozen + 10 });

    dataOf(await post(`/wujie/mission/${m.id}/stop`));
    await eventually(account, (a) => a.frozen === before.frozen);
    expect(await account()).toEqual(before);
    expect(await sums()).toEqual(await account());
  });

  it('should take the system parameter as the price of a workflow without one', async () => {
    // Seeded at 0 (missions free); an administrator's edit as System → Parameters does it.
    const [seeded] = await stack.db.query(
      'SELECT config_value FROM sys_config WHERE config_key = ?',
      [MISSION_PRICE_PARAM],
    );
    expect((seeded as { config_value: string }[])[0]?.config_value).toBe('0');
    await stack.db.query(`UPDATE sys_config SET config_value = '7' WHERE config_key = ?`, [
      MISSION_PRICE_PARAM,
    ]);
    await stack.redis.del(stack.key(`sys_config:${MISSION_PRICE_PARAM}`));
    const before = await account();
    const wf = await workflow(null);
    const m = await started(wf);
    expect(await account()).toEqual({ balance: before.balance - 7, frozen: before.frozen + 7 });
    dataOf(await post(`/wujie/mission/${m.id}/stop`));
    await eventually(account, (a) => a.frozen === before.frozen);
    expect(await account()).toEqual(before);
  });
});
