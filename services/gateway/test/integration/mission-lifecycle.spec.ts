import type { AddressInfo } from 'node:net';

import { AGENT_TOPIC, type AgentStatusPush, WORKFLOW_PATTERNS as W } from '@platform/contracts';
import { identityStarter } from '@platform/identity';
import { baseEnvSchema, callService, createRpcClient, type RpcClient } from '@platform/nest-common';
import { freePort } from '@platform/test-support';
import { workflowStarter } from '@platform/workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

import { type Caller, callerFor, dataOf } from '../support/callers';
import {
  ADMIN_PASSWORD,
  api,
  login,
  registerByPhone,
  setCaptcha,
  startStack,
  type TestStack,
} from '../support/stack';

// Rerun, reply and review through the gateway as the browser calls them, who may do which, and the
// live status a mission's owner receives on the per-user socket (agentStatus). The test plays the
// agent worker against the embedded engine's REST API and the workflow service's internal patterns.

const ENGINE = { user: 'gateway-lifecycle', password: 'Gateway-lifecycle-engine-password-0123' };

/** start → agents Task_1 … Task_n → end, under `key`. */
function agentFlow(key: string, count: number): string {
  const descriptor = JSON.stringify({
    nameen: 'Plan',
    type: 'Agent',
    instruction: 'do Plan',
    output: '',
    validators: [],
  }).replace(/"/g, '&quot;');
  const ids = ['Start', ...Array.from({ length: count }, (_, i) => `Task_${i + 1}`), 'End'];
  const flows = ids.slice(1).map((target, i) => ({ id: `F${i + 1}`, source: ids[i], target }));
  const io = (id: string) =>
    flows
      .filter((f) => f.target === id)
      .map((f) => `<bpmn:incoming>${f.id}</bpmn:incoming>`)
      .concat(
        flows.filter((f) => f.source === id).map((f) => `<bpmn:outgoing>${f.id}</bpmn:outgoing>`),
      )
      .join('');
  const tasks = ids
    .slice(1, -1)
    .map(
      (id, i) =>
        `<bpmn:userTask id="${id}" name="任务${i + 1}"><bpmn:documentation>${descriptor}</bpmn:documentation>${io(id)}</bpmn:userTask>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="Definitions_${key}" targetNamespace="http://bpmn.io/schema/bpmn">
<bpmn:process id="${key}" name="${key}" isExecutable="true">
<bpmn:startEvent id="Start">${io('Start')}</bpmn:startEvent>
${tasks}
<bpmn:endEvent id="End">${io('End')}</bpmn:endEvent>
${flows.map((f) => `<bpmn:sequenceFlow id="${f.id}" sourceRef="${f.source}" targetRef="${f.target}" />`).join('\n')}
</bpmn:process>
</bpmn:definitions>`;
}

interface LockedTask {
  id: string;
  activityId: string;
  variables: Record<string, { value: unknown }>;
}

describe('mission lifecycle through the gateway', () => {
  let stack: TestStack;
  let engineUrl: string;
  let socketBase: string;
  let rpc: RpcClient;
  let admin: Caller;
  let alice: Caller;
  let bob: Caller;
  let oneAgent: number;
  let twoAgents: number;

  const as = (token: string) => callerFor(stack, token);

  const data = dataOf;

  const engine = async <T>(method: string, path: string, body?: object): Promise<T> => {
    const res = await fetch(`${engineUrl}${path}`, {
      method,
      headers: {
        authorization: `Basic ${Buffer.from(`${ENGINE.user}:${ENGINE.password}`).toString('base64')}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (res.status === 204 ? undefined : await res.json()) as T;
  };

  /** The next agent task of mission `code`. */
  const lock = async (code: string): Promise<LockedTask> => {
    const until = Date.now() + 15_000;
    for (;;) {
      const [task] = await engine<LockedTask[]>('POST', '/external-task/fetchAndLock', {
        workerId: 'gateway-test',
        maxTasks: 1,
        topics: [{ topicName: AGENT_TOPIC, lockDuration: 30_000, businessKey: code }],
      });
      if (task) return task;
      if (Date.now() > until) throw new Error(`no task for ${code}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  const report = <T>(pattern: string, body: object) => callService<T>(rpc, pattern, body, 10_000);

  const mission = async (caller: Caller, id: number) =>
    data<{ status: string; code: string; currentRunId: string }>(
      await caller.get(`/wujie/mission/${id}`),
    );

  const waitFor = async (caller: Caller, id: number, status: string) => {
    const until = Date.now() + 15_000;
    for (;;) {
      const m = await mission(caller, id);
      if (m.status === status || Date.now() > until) return m;
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  const start = async (caller: Caller, workflowId: number) =>
    data<{ id: number; code: string }>(
      await caller.post('/wujie/mission', { workflowId, inputs: { text: '人源化 EVQLV' } }),
    );

  const openSocket = (caller: Caller) =>
    new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(`${socketBase}?userId=${caller.userId}&token=${caller.token}`);
      ws.once('open', () => resolve(ws));
      ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      ws.once('error', reject);
    });

  beforeAll(async () => {
    const port = await freePort();
    engineUrl = `http://127.0.0.1:${port}/engine-rest`;
    stack = await startStack([identityStarter, workflowStarter], {
      ENGINE_PORT: String(port),
      ENGINE_USER: ENGINE.user,
      ENGINE_PASSWORD: ENGINE.password,
      MISSION_RECONCILE_MS: '150',
      SOCKET_PORT: '-1',
    });
    await stack.app.listen(0, '127.0.0.1');
    socketBase = `ws://127.0.0.1:${(stack.app.getHttpServer().address() as AddressInfo).port}/ws/user`;
    rpc = createRpcClient(
      baseEnvSchema.parse({
        NAMESPACE: stack.namespace,
        REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0',
      }),
    );
    await setCaptcha(stack, false);
    admin = await as(await login(stack, 'admin', ADMIN_PASSWORD));
    alice = await as((await registerByPhone(stack)).token);
    bob = await as((await registerByPhone(stack)).token);
    data(await admin.post('/wujie/agent', { name: '规划', nameEn: 'Plan' }));
    const create = async (key: string, count: number) =>
      data<{ id: number }>(
        await admin.post('/wujie/workflow', {
          name: key,
          status: '2',
          agentIds: [1],
          workflow: agentFlow(key, count),
        }),
      ).id;
    oneAgent = await create('lifecycle_one', 1);
    twoAgents = await create('lifecycle_two', 2);
  });
  afterAll(async () => {
    await rpc?.close();
    await stack?.close();
  });

  it("should not let a user rerun, reply on or review another user's mission, nor review their own", async () => {
    const bobs = await start(bob, oneAgent);
    // Another user's mission "does not exist" for the caller (issue 25).
    const missing = { code: 404, msg: 'The task does not exist' };
    for (const res of [
      await alice.post(`/wujie/mission/${bobs.id}/rerun`, { nodeId: 'Task_1' }, 'en'),
      await alice.post(`/wujie/mission/${bobs.id}/reply`, { text: 'hi' }, 'en'),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual(missing);
    }
    // Review is for administrators: refused by permission, on anyone's mission.
    const own = await start(alice, oneAgent);
    for (const id of [bobs.id, own.id]) {
      const res = await alice.post(`/wujie/mission/${id}/review`, { approve: true });
      expect(res.body.code).toBe(403);
    }
    // Nothing changed for Bob; he may stop and rerun his own, an administrator anyone's.
    expect((await mission(bob, bobs.id)).status).toBe('not_started');
    data(await bob.post(`/wujie/mission/${bobs.id}/stop`));
    const rerun = data<{ status: string }>(
      await bob.post(`/wujie/mission/${bobs.id}/rerun`, { nodeId: 'Task_1' }),
    );
    expect(rerun.status).toBe('in_progress');
    data(await admin.post(`/wujie/mission/${bobs.id}/stop`));
    expect(
      data<{ status: string }>(
        await admin.post(`/wujie/mission/${bobs.id}/rerun`, { nodeId: 'Task_1' }),
      ).status,
    ).toBe('in_progress');
    // A reply when nothing was asked: the spec's refusal.
    const early = await alice.post(`/wujie/mission/${own.id}/reply`, { text: 'x' }, 'en');
    expect(early.body).toEqual({ code: 500, msg: 'Task status does not match' });
    for (const m of [bobs, own]) data(await admin.post(`/wujie/mission/${m.id}/stop`));
  });

  it('should let the owner answer an agent question with a reply', async () => {
    const m = await start(alice, oneAgent);
    const task = await lock(m.code);
    const runId = String(task.variables.runId.value);
    const node = { missionCode: m.code, runId, nodeId: 'Task_1' };
    await report(W.missionNodeStarted, node);
    await report(W.missionAskUser, { ...node, externalTaskId: task.id, question: '哪条链？' });
    expect(await waitFor(alice, m.id, 'user_input')).toMatchObject({ status: 'user_input' });
    expect((await bob.post(`/wujie/mission/${m.id}/reply`, { text: 'VH' })).status).toBe(404);
    const replied = data<{ status: string }>(
      await alice.post(`/wujie/mission/${m.id}/reply`, { text: 'VH' }),
    );
    expect(replied.status).toBe('in_progress');
    const answer = await report<{ status: string; reply: { text: string } }>(W.missionAskUser, {
      ...node,
      question: '哪条链？',
    });
    expect(answer).toMatchObject({
      status: 'answered',
      reply: { text: 'VH', userId: alice.userId },
    });
    data(await alice.post(`/wujie/mission/${m.id}/stop`));
  });

  it("should push the owner's socket an agentStatus message per node start and end and status change, in order", async () => {
    const aliceSocket = await openSocket(alice);
    const bobSocket = await openSocket(bob);
    const received: AgentStatusPush[] = [];
    const seenByBob: string[] = [];
    aliceSocket.on('message', (raw) => {
      const push = JSON.parse(String(raw)) as AgentStatusPush;
      if (push.type === 'agentStatus') received.push(push);
    });
    bobSocket.on('message', (raw) => seenByBob.push(String(raw)));

    const m = await start(alice, twoAgents);
    for (const nodeId of ['Task_1', 'Task_2']) {
      const task = await lock(m.code);
      expect(task.activityId).toBe(nodeId);
      const node = { missionCode: m.code, runId: String(task.variables.runId.value), nodeId };
      await report(W.missionNodeStarted, node);
      // A redelivered report: the same message again, with the same key.
      if (nodeId === 'Task_1') await report(W.missionNodeStarted, node);
      await report(W.missionNodeEnded, { ...node, status: 'success', outputs: { result: nodeId } });
      await engine('POST', `/external-task/${task.id}/complete`, { workerId: 'gateway-test' });
    }
    await waitFor(alice, m.id, 'completed');
    const until = Date.now() + 5_000;
    while (!received.some((p) => p.status === 'completed') && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const { currentRunId } = await mission(alice, m.id);
    const mine = received.filter((p) => p.missionId === m.id);
    for (const push of mine) {
      expect(push).toMatchObject({ type: 'agentStatus', code: m.code, runId: currentRunId });
      expect(push.key).toEqual(expect.any(String));
      expect(Number.isNaN(Date.parse(push.at))).toBe(false);
    }
    expect(mine.map((p) => [p.event, p.nodeId, p.nodeStatus, p.attempt, p.status])).toEqual([
      ['nodeStarted', 'Task_1', 'running', 1, 'in_progress'],
      ['nodeStarted', 'Task_1', 'running', 1, 'in_progress'],
      ['nodeEnded', 'Task_1', 'success', 1, 'in_progress'],
      ['nodeStarted', 'Task_2', 'running', 1, 'in_progress'],
      ['nodeEnded', 'Task_2', 'success', 1, 'in_progress'],
      ['complete', undefined, undefined, undefined, 'completed'],
    ]);
    // The redelivery is recognisable: the first two carry one key, every other message its own.
    expect(mine[1].key).toBe(mine[0].key);
    expect(new Set(mine.map((p) => p.key)).size).toBe(5);
    expect(seenByBob).toEqual([]);
    aliceSocket.close();
    bobSocket.close();
  });

  it('should refuse the new mission routes to a caller without a session', async () => {
    for (const route of ['rerun', 'reply', 'review']) {
      const res = await api(stack).post(`/prod-api/wujie/mission/1/${route}`).send({});
      expect(res.body.code).toBe(401);
    }
  });
});
