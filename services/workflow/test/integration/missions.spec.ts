import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import {
  AGENT_TOPIC,
  type AgentStatusPush,
  DomainError,
  MISSION_VARIABLES,
  type MissionLogView,
  type MissionStartedView,
  type MissionView,
  renderMessage,
  WORKFLOW_PATTERNS as W,
} from '@platform/contracts';
import { CamundaRestClient } from '@platform/engine-client';
import {
  baseEnvSchema,
  callService,
  createRpcClient,
  type RpcClient,
  userPushChannel,
} from '@platform/nest-common';
import { api, mysqlBase } from '@platform/test-support';
import { createConnection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  agentChain,
  dataOf,
  eventually,
  freePort,
  type StandaloneEngine,
  startStandaloneEngine,
  startWorkflowStack,
  type WorkflowStack,
} from '../support';

// Missions against the embedded engine through its Camunda REST API: a start compiles and deploys
// the workflow version once and starts an instance pinned to that definition; the agent worker's
// reports (sent here over the transport as the worker would) write the mission log idempotently;
// the reconciler finds ends and incidents in the engine's history. The test plays the worker's
// part with fetchAndLock/complete/failure on the engine's REST API.

const ENGINE_AUTH = { user: 'mission-test', password: 'Mission-test-engine-password-0123456789' };

describe('missions on the embedded engine', () => {
  let s: WorkflowStack;
  let engine: CamundaRestClient;
  let rpc: RpcClient;
  let seq = 0;

  beforeAll(async () => {
    const port = await freePort();
    s = await startWorkflowStack({
      ENGINE_PORT: String(port),
      ENGINE_USER: ENGINE_AUTH.user,
      ENGINE_PASSWORD: ENGINE_AUTH.password,
      MISSION_RECONCILE_MS: '150',
    });
    engine = new CamundaRestClient({
      baseUrl: `http://127.0.0.1:${port}/engine-rest`,
      auth: ENGINE_AUTH,
    });
    rpc = createRpcClient(
      baseEnvSchema.parse({
        NAMESPACE: s.stack.namespace,
        REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0',
      }),
    );
    for (const [name, nameEn] of [
      ['规划', 'Plan'],
      ['审核', 'Review'],
    ]) {
      dataOf(await s.post('/wujie/agent', { name, nameEn }));
    }
  });
  afterAll(async () => {
    await rpc?.close();
    await s?.close();
  });

  /** An online (or other status) workflow of agents named by their English names. */
  async function workflow(agents = ['Plan'], status = '2') {
    seq += 1;
    const key = `mission_flow_${seq}`;
    const { id } = dataOf<{ id: number }>(
      await s.post('/wujie/workflow', {
        name: `任务流程${seq}`,
        status,
        agentIds: [1],
        workflow: agentChain(key, key, agents),
      }),
    );
    return { id, key };
  }

  const start = async (workflowId: number, lang: 'zh' | 'en' = 'zh') =>
    dataOf<MissionStartedView>(
      await s.post('/wujie/mission', { workflowId, inputs: { text: 'humanize 1abc' } }, lang),
    );
  const mission = async (id: number) => dataOf<MissionView>(await s.get(`/wujie/mission/${id}`));
  const report = <T>(pattern: string, body: object) => callService<T>(rpc, pattern, body, 10_000);
  const refusal = (pattern: string, body: object) =>
    report(pattern, body).then(
      () => null,
      (error: unknown) => (error instanceof DomainError ? error.key : String(error)),
    );
  const lockOne = async (workerId: string) => {
    const [task] = await eventually(
      () =>
        engine.fetchAndLock({
          workerId,
          maxTasks: 1,
          topics: [{ topicName: AGENT_TOPIC, lockDuration: 30_000 }],
        }),
      (tasks) => tasks.length > 0,
    );
    return task;
  };
  const logsOf = async (code: string) =>
    (await s.get(`/wujie/missionLog/list?missionCode=${code}&pageSize=100`)).body
      .rows as MissionLogView[];

  it('should compile and deploy a workflow version once and start instances pinned to it, with the mission variables', async () => {
    const { id, key } = await workflow();
    const first = await start(id, 'en');
    expect(first).toMatchObject({ status: 'not_started', code: expect.stringMatching(/^M\d{14}/) });
    const second = await start(id);
    const [a, b] = [await mission(first.id), await mission(second.id)];
    expect(b.processDefinitionId).toBe(a.processDefinitionId);
    expect(a).toMatchObject({ workflowId: id, workflowVersion: 1, language: 'en' });
    // The diagram of the pinned version, as designed (the viewer of /mission/info draws it).
    expect(a.diagram).toContain(`id="${key}"`);
    expect(a.diagram).toContain('Task_1');
    expect(await engine.getProcessDefinitionByKey(key)).toMatchObject({
      id: a.processDefinitionId,
      version: 1,
    });
    const [rows] = await s.stack.dbs.workflow.query(
      'SELECT COUNT(*) AS n FROM wf_workflow_deployment WHERE workflow_id = ?',
      [id],
    );
    expect(Number((rows as { n: number }[])[0].n)).toBe(1);

    const instance = await engine.getProcessInstance(a.processInstanceId!);
    expect(instance).toMatchObject({ businessKey: a.code, definitionId: a.processDefinitionId });
    expect(a.currentNodes).toEqual(['Task_1']);
    const tasks = await engine.fetchAndLock({
      workerId: 'mission-vars',
      maxTasks: 10,
      topics: [{ topicName: AGENT_TOPIC, lockDuration: 30_000 }],
    });
    const task = tasks.find((t) => t.processInstanceId === a.processInstanceId)!;
    expect(task.businessKey).toBe(a.code);
    expect(task.variables[MISSION_VARIABLES.missionCode].value).toBe(a.code);
    expect(task.variables[MISSION_VARIABLES.runId].value).toBe(a.currentRunId);
    expect(task.variables[MISSION_VARIABLES.language].value).toBe('en');
    expect(JSON.parse(String(task.variables[MISSION_VARIABLES.inputs].value))).toEqual({
      text: 'humanize 1abc',
    });
    for (const m of [first, second]) dataOf(await s.post(`/wujie/mission/${m.id}/stop`));
  });

  it('should keep a running mission on its pinned definition when a new version is published', async () => {
    const { id, key } = await workflow(['Plan']);
    const old = await mission((await start(id)).id);
    const saved = dataOf<{ version: number }>(
      await s.put('/wujie/workflow', {
        id,
        name: '任务流程 v2',
        status: '2',
        agentIds: [1],
        workflow: agentChain(key, key, ['Plan', 'Review']),
      }),
    );
    expect(saved.version).toBe(2);
    const fresh = await mission((await start(id)).id);
    expect(fresh).toMatchObject({ workflowVersion: 2 });
    expect(fresh.processDefinitionId).not.toBe(old.processDefinitionId);

    const again = await mission(old.id);
    expect(again).toMatchObject({
      workflowVersion: 1,
      processDefinitionId: old.processDefinitionId,
    });
    expect((await engine.getProcessInstance(old.processInstanceId!)).definitionId).toBe(
      old.processDefinitionId,
    );
    // The old run goes on by its own diagram: one agent, then the end.
    const task = await eventually(
      () => engine.externalTasks({ processInstanceId: old.processInstanceId! }),
      (t) => t.length > 0,
    );
    await engine.fetchAndLock({
      workerId: 'pinned',
      maxTasks: 10,
      topics: [{ topicName: AGENT_TOPIC, lockDuration: 30_000 }],
    });
    await engine.completeExternalTask(task[0].id, { workerId: 'pinned' });
    const done = await eventually(
      () => mission(old.id),
      (m) => m.status === 'completed',
    );
    expect(done.status).toBe('completed');
    dataOf(await s.post(`/wujie/mission/${fresh.id}/stop`));
  });

  it('should deploy the version again when the engine lost its definition (engine database reset)', async () => {
    const { id } = await workflow();
    const first = await mission((await start(id)).id);
    dataOf(await s.post(`/wujie/mission/${first.id}/stop`));
    const definition = await engine.getProcessDefinition(first.processDefinitionId);
    await engine.deleteDeployment(definition.deploymentId, { cascade: true });
    const second = await mission((await start(id)).id);
    expect(second.processDefinitionId).not.toBe(first.processDefinitionId);
    expect((await engine.getProcessInstance(second.processInstanceId!)).definitionId).toBe(
      second.processDefinitionId,
    );
    const [rows] = await s.stack.dbs.workflow.query(
      'SELECT process_definition_id AS id FROM wf_workflow_deployment WHERE workflow_id = ?',
      [id],
    );
    expect(rows).toEqual([{ id: second.processDefinitionId }]);
    dataOf(await s.post(`/wujie/mission/${second.id}/stop`));
  });

  it('should refuse a workflow whose diagram does not compile, naming the node in the language, and create nothing', async () => {
    const { id } = await workflow(['Ghost']);
    const count = async () => {
      const [rows] = await s.stack.dbs.workflow.query(
        'SELECT (SELECT COUNT(*) FROM wf_mission WHERE workflow_id = ?) AS missions, (SELECT COUNT(*) FROM wf_workflow_deployment WHERE workflow_id = ?) AS deployments',
        [id, id],
      );
      return (rows as { missions: number; deployments: number }[])[0];
    };
    const zh = await s.post('/wujie/mission', { workflowId: id, inputs: { text: 'x' } });
    expect(zh.body.code).toBe(500);
    expect(zh.body.msg).toBe('智能体节点 Task_1（任务1）对应的智能体不存在');
    const en = await s.post('/wujie/mission', { workflowId: id, inputs: { text: 'x' } }, 'en');
    expect(en.body.msg).toBe('Agent node Task_1 (Ghost): there is no agent of that name');
    expect(en.body.data.errors).toEqual([
      { field: 'Task_1', msg: 'Agent node Task_1 (Ghost): there is no agent of that name' },
    ]);
    expect(await count()).toEqual({ missions: 0, deployments: 0 });
  });

  it('should write one log row per run, node and attempt however often the worker reports it', async () => {
    const { id } = await workflow();
    const m = await mission((await start(id)).id);
    const node = {
      missionCode: m.code,
      runId: m.currentRunId,
      nodeId: 'Task_1',
      attempt: 1,
      nodeName: '任务1',
      nodeNameEn: 'Plan',
      agent: '规划',
      inputs: { text: 'humanize 1abc' },
    };
    const started = await report<MissionLogView>(W.missionNodeStarted, node);
    const repeated = await report<MissionLogView>(W.missionNodeStarted, node);
    expect(repeated).toEqual(started);
    expect(started).toMatchObject({ status: 'running', attempt: 1, endedAt: '' });
    expect((await mission(m.id)).status).toBe('in_progress');

    // Keyed by the process instance this time; the first end wins.
    const ended = { ...node, missionCode: undefined, processInstanceId: m.processInstanceId };
    const first = await report<MissionLogView>(W.missionNodeEnded, {
      ...ended,
      status: 'success',
      outputs: { result: 'H1', files: [] },
    });
    const late = await report<MissionLogView>(W.missionNodeEnded, {
      ...ended,
      status: 'failed',
      outputs: { result: 'other' },
      error: 'late duplicate',
    });
    expect(late).toEqual(first);
    expect(first).toMatchObject({ id: started.id, status: 'success', outputs: { result: 'H1' } });
    // A start redelivered after the end does not make the row run again.
    expect(await report<MissionLogView>(W.missionNodeStarted, node)).toMatchObject({
      status: 'success',
    });
    // A retry is a new attempt, a new row; its end may arrive before its start.
    await report(W.missionNodeEnded, { ...node, attempt: 2, status: 'failed', error: 'timeout' });
    await report(W.missionNodeStarted, { ...node, attempt: 2 });
    const logs = await logsOf(m.code);
    expect(logs.map((l) => [l.nodeId, l.attempt, l.status])).toEqual([
      ['Task_1', 1, 'success'],
      ['Task_1', 2, 'failed'],
    ]);
    expect(logs[1]).toMatchObject({ error: 'timeout', agent: '规划', nodeNameEn: 'Plan' });

    expect(await refusal(W.missionNodeStarted, { ...node, runId: 'stale-run' })).toBe(
      'mission.run_mismatch',
    );
    expect(await refusal(W.missionNodeStarted, { runId: m.currentRunId, nodeId: 'x' })).toBe(
      'mission.key_required',
    );
    dataOf(await s.post(`/wujie/mission/${m.id}/stop`));
  });

  it("should push a node report with its mission's status after the log write, not the one read before it", async () => {
    const { id } = await workflow();
    const m = await mission((await start(id)).id);
    const node = { missionCode: m.code, runId: m.currentRunId, nodeId: 'Task_1', attempt: 1 };
    await report(W.missionNodeStarted, node);
    const pushes: AgentStatusPush[] = [];
    const listener = s.stack.redis.duplicate();
    await listener.subscribe(userPushChannel(s.stack.namespace));
    listener.on('message', (_channel, message: string) => {
      const push = JSON.parse(JSON.parse(message).payload) as AgentStatusPush;
      if (push.code === m.code) pushes.push(push);
    });
    const [[{ database }]] = (await s.stack.dbs.workflow.query(
      'SELECT DATABASE() AS `database`',
    )) as [{ database: string }[], unknown];
    const holder = await createConnection(`${mysqlBase()}/${database}`);
    try {
      // The end's log write waits (the table locked) after the service read the mission running;
      // meanwhile the mission is stopped.
      await holder.query('LOCK TABLES wf_mission_log WRITE');
      const ended = report(W.missionNodeEnded, { ...node, status: 'success', outputs: {} });
      await eventually(
        async () => {
          const [rows] = await s.stack.dbs.workflow.query(
            "SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE INFO LIKE 'INSERT INTO wf_mission_log%'",
          );
          return Number((rows as { n: number }[])[0].n);
        },
        (waiting) => waiting > 0,
      );
      await s.stack.dbs.workflow.query("UPDATE wf_mission SET status = 'stopped' WHERE id = ?", [
        m.id,
      ]);
      await holder.query('UNLOCK TABLES');
      await ended;
      const push = await eventually(
        async () => pushes.find((p) => p.event === 'nodeEnded'),
        (found) => found !== undefined,
      );
      expect(push).toMatchObject({ nodeId: 'Task_1', nodeStatus: 'success', status: 'stopped' });
    } finally {
      await holder.end();
      await listener.quit();
      await engine.deleteProcessInstance(m.processInstanceId!);
    }
  });

  it('should write reports that arrive together (one batch) each as if alone, and answer each with its row', async () => {
    const { id } = await workflow();
    const m = await mission((await start(id)).id);
    const node = (nodeId: string, attempt = 1) => ({
      missionCode: m.code,
      runId: m.currentRunId,
      nodeId,
      attempt,
      nodeName: nodeId,
    });
    const ended = (nodeId: string, status: string, result: string, attempt = 1) => ({
      ...node(nodeId, attempt),
      status,
      outputs: { result },
      ...(status === 'failed' ? { error: result } : {}),
    });
    // Sent at once: the workflow service writes whatever arrives meanwhile in one statement. Among
    // them a start and its end, an end before its start, two ends of one run (the first wins) and
    // repeats; eight nodes started alone.
    const answers = await Promise.all([
      report<MissionLogView>(W.missionNodeStarted, node('Task_a')),
      report<MissionLogView>(W.missionNodeEnded, ended('Task_a', 'success', 'A')),
      report<MissionLogView>(W.missionNodeEnded, ended('Task_b', 'failed', 'B first')),
      report<MissionLogView>(W.missionNodeStarted, node('Task_b')),
      report<MissionLogView>(W.missionNodeEnded, ended('Task_b', 'success', 'B second')),
      report<MissionLogView>(W.missionNodeStarted, node('Task_c', 2)),
      report<MissionLogView>(W.missionNodeStarted, node('Task_c', 2)),
      ...Array.from({ length: 8 }, (_, i) =>
        report<MissionLogView>(W.missionNodeStarted, node(`Task_n${i}`)),
      ),
    ]);
    expect(answers.map((a) => [a.nodeId, a.attempt])).toEqual([
      ['Task_a', 1],
      ['Task_a', 1],
      ['Task_b', 1],
      ['Task_b', 1],
      ['Task_b', 1],
      ['Task_c', 2],
      ['Task_c', 2],
      ...Array.from({ length: 8 }, (_, i) => [`Task_n${i}`, 1]),
    ]);
    expect(answers[1]).toMatchObject({ status: 'success', outputs: { result: 'A' } });
    expect(answers[6]).toEqual(answers[5]);
    const logs = await logsOf(m.code);
    const byNode = new Map(logs.map((l) => [`${l.nodeId}#${l.attempt}`, l]));
    expect(logs).toHaveLength(11);
    expect(byNode.get('Task_a#1')).toMatchObject({ status: 'success', outputs: { result: 'A' } });
    // Whichever end the batch held first won, and the start did not undo it.
    expect(byNode.get('Task_b#1')?.status).not.toBe('running');
    expect(byNode.get('Task_b#1')?.endedAt).not.toBe('');
    expect(byNode.get('Task_c#2')).toMatchObject({ status: 'running', endedAt: '' });
    for (let i = 0; i < 8; i += 1) {
      expect(byNode.get(`Task_n${i}#1`)).toMatchObject({
        status: 'running',
        nodeName: `Task_n${i}`,
      });
    }
    dataOf(await s.post(`/wujie/mission/${m.id}/stop`));
  });

  it('should complete the mission when its instance ends, with the last node outputs, and then refuse new node runs', async () => {
    const { id } = await workflow();
    const m = await mission((await start(id)).id);
    const task = await lockOne('completes');
    expect(task.businessKey).toBe(m.code);
    const node = { missionCode: m.code, runId: m.currentRunId, nodeId: task.activityId };
    await report(W.missionNodeStarted, node);
    await report(W.missionNodeEnded, {
      ...node,
      status: 'success',
      outputs: { result: 'EVQLVESGGGLVQPGG' },
    });
    await engine.completeExternalTask(task.id, { workerId: 'completes' });
    const done = await eventually(
      () => mission(m.id),
      (x) => x.status === 'completed',
    );
    expect(done).toMatchObject({
      status: 'completed',
      result: { result: 'EVQLVESGGGLVQPGG' },
      currentNodes: [],
    });
    expect(done.endedAt).not.toBe('');
    // The worker's last report repeated after the end is still answered; a new node run is not.
    await expect(
      report(W.missionNodeEnded, { ...node, status: 'success', outputs: {} }),
    ).resolves.toMatchObject({ outputs: { result: 'EVQLVESGGGLVQPGG' } });
    expect(await refusal(W.missionNodeStarted, { ...node, nodeId: 'Task_9' })).toBe(
      'mission.status_locked',
    );
    expect(
      await report<MissionStartedView>(W.missionCompleted, { missionCode: m.code }),
    ).toMatchObject({ status: 'completed' });
  });

  it('should stop a mission: instance deleted, status stopped, log kept; a second stop is refused in the user language', async () => {
    const { id } = await workflow();
    const m = await mission((await start(id)).id);
    await report(W.missionNodeStarted, {
      missionCode: m.code,
      runId: m.currentRunId,
      nodeId: 'Task_1',
    });
    const stopped = dataOf<MissionStartedView>(await s.post(`/wujie/mission/${m.id}/stop`));
    expect(stopped).toEqual({ id: m.id, code: m.code, status: 'stopped' });
    expect(await engine.findProcessInstance(m.processInstanceId!)).toBeNull();
    const [history] = await engine.historicProcessInstances({
      processInstanceId: m.processInstanceId!,
    });
    expect(history.state).toBe('EXTERNALLY_TERMINATED');
    expect(await mission(m.id)).toMatchObject({ status: 'stopped', currentNodes: [] });
    expect(await logsOf(m.code)).toHaveLength(1);

    const zh = await s.post(`/wujie/mission/${m.id}/stop`);
    expect(zh.body).toMatchObject({ code: 500, msg: '任务状态不可修改' });
    const en = await s.post(`/wujie/mission/${m.id}/stop`, {}, 'en');
    expect(en.body).toMatchObject({ code: 500, msg: 'Task status cannot be modified' });
  });

  it('should interrupt a mission with an error when a node runs out of retries, and refuse a move the error status does not allow', async () => {
    const { id } = await workflow();
    const m = await mission((await start(id)).id);
    const task = await lockOne('fails');
    await engine.handleExternalTaskFailure(task.id, {
      workerId: 'fails',
      errorMessage: 'numbering failed',
      retries: 0,
      retryTimeout: 0,
    });
    const failed = await eventually(
      () => mission(m.id),
      (x) => x.status === 'error',
    );
    expect(failed.status).toBe('error');
    expect(failed.error).toBe(`${task.activityId}: numbering failed`);
    // Reported again (worker and reconciler both): nothing changes.
    await expect(
      report(W.missionFailed, { missionCode: m.code, error: 'again' }),
    ).resolves.toMatchObject({ status: 'error' });
    expect((await mission(m.id)).error).toBe(`${task.activityId}: numbering failed`);
    const key = await refusal(W.missionCompleted, { missionCode: m.code });
    expect(key).toBe('mission.status_mismatch');
    expect(renderMessage(key as 'mission.status_mismatch', 'en')).toBe(
      'Task status does not match',
    );
    // An interrupted mission can be stopped.
    expect(dataOf(await s.post(`/wujie/mission/${m.id}/stop`))).toMatchObject({
      status: 'stopped',
    });
  });

  it('should mark a mission stopped when its instance is deleted in the engine (Cockpit)', async () => {
    const { id } = await workflow();
    const m = await mission((await start(id)).id);
    await engine.deleteProcessInstance(m.processInstanceId!);
    const gone = await eventually(
      () => mission(m.id),
      (x) => x.status === 'stopped',
    );
    expect(gone).toMatchObject({ status: 'stopped', currentNodes: [] });
  });

  it('should answer a retried start with the mission its first attempt made, also when the kept answers were lost', async () => {
    const { id } = await workflow();
    const requestKey = `mission-start-${Date.now()}`;
    const send = () =>
      api(s.stack)
        .post('/prod-api/wujie/mission')
        .set('Authorization', `Bearer ${s.token}`)
        .set('Idempotency-Key', requestKey)
        .send({ workflowId: id, inputs: { text: 'humanize 1abc' } });
    const first = dataOf<MissionStartedView>(await send());
    // The answers the gateway and the service keep in Redis, lost (the service killed between its
    // commit and keeping its answer, its in-progress marker lapsed; or Redis emptied).
    const kept = await s.stack.redis.keys(`*${requestKey}*`);
    expect(kept.length).toBeGreaterThanOrEqual(2);
    await s.stack.redis.del(...kept);
    const again = dataOf<MissionStartedView>(await send());
    expect(again).toMatchObject({ id: first.id, code: first.code });
    const [rows] = await s.stack.dbs.workflow.query(
      'SELECT COUNT(*) AS n FROM wf_mission WHERE workflow_id = ?',
      [id],
    );
    expect(Number((rows as { n: number }[])[0].n)).toBe(1);
    // Another key starts another mission.
    expect((await start(id)).id).not.toBe(first.id);
    dataOf(await s.post(`/wujie/mission/${first.id}/stop`));
  });

  it('should follow the instance of a start cut off before recording it, and fail one cut off before the engine, releasing its points', async () => {
    const { id } = await workflow();
    const cut = await mission((await start(id)).id);
    const db = s.stack.dbs.workflow;
    // Cut off after the engine started the instance: the row never got the instance's id.
    await db.query(
      'UPDATE wf_mission SET process_instance_id = NULL, create_time = NOW(3) - INTERVAL 1 HOUR WHERE id = ?',
      [cut.id],
    );
    // Cut off before the engine: its points frozen, no instance has its code.
    const lostCode = `M${Date.now()}X`;
    await db.query(
      `INSERT INTO wf_mission (code, name, description, workflow_id, workflow_version_id,
         workflow_version, process_definition_id, owner_user_id, status, language, inputs,
         current_run_id, create_time)
       SELECT ?, name, description, workflow_id, workflow_version_id, workflow_version,
         process_definition_id, owner_user_id, 'not_started', 'en', inputs, 'run-lost',
         NOW(3) - INTERVAL 1 HOUR
         FROM wf_mission WHERE id = ?`,
      [lostCode, cut.id],
    );
    await db.query(
      `INSERT INTO wf_mission_charge (mission_code, run_id, owner_user_id, points, state)
       VALUES (?, 'run-lost', 1, 5, 'frozen')`,
      [lostCode],
    );
    const [found] = await db.query('SELECT id FROM wf_mission WHERE code = ?', [lostCode]);
    const lostId = Number((found as { id: number }[])[0].id);

    const followed = await eventually(
      () => mission(cut.id),
      (m) => m.processInstanceId !== null,
    );
    expect(followed).toMatchObject({
      processInstanceId: cut.processInstanceId,
      status: 'not_started',
      currentNodes: ['Task_1'],
    });
    const lost = await eventually(
      () => mission(lostId),
      (m) => m.status === 'error',
    );
    expect(lost.error).toBe(renderMessage('mission.start_lost', 'en'));
    const [charges] = await db.query('SELECT state FROM wf_mission_charge WHERE mission_code = ?', [
      lostCode,
    ]);
    expect(['release', 'released']).toContain((charges as { state: string }[])[0].state);
    dataOf(await s.post(`/wujie/mission/${cut.id}/stop`));
  });

  it('should finish a start cut off before the engine when it is retried with the same Idempotency-Key', async () => {
    const { id } = await workflow();
    const db = s.stack.dbs.workflow;
    const model = await mission((await start(id)).id);
    /** A mission row as a start cut off before the engine leaves it, written `ageSeconds` ago. */
    const cutOff = async (requestKey: string, ageSeconds: number) => {
      const code = `M${Date.now()}${requestKey.slice(-4)}`;
      await db.query(
        `INSERT INTO wf_mission (code, name, description, workflow_id, workflow_version_id,
           workflow_version, process_definition_id, owner_user_id, status, language, inputs,
           current_run_id, request_key, create_time)
         SELECT ?, name, description, workflow_id, workflow_version_id, workflow_version,
           process_definition_id, owner_user_id, 'not_started', 'en', inputs, ?, ?,
           NOW(3) - INTERVAL ? SECOND
           FROM wf_mission WHERE id = ?`,
        [code, `run-${requestKey}`, requestKey, ageSeconds, model.id],
      );
      return code;
    };
    const retry = (requestKey: string) =>
      api(s.stack)
        .post('/prod-api/wujie/mission')
        .set('Authorization', `Bearer ${s.token}`)
        .set('Idempotency-Key', requestKey)
        .send({ workflowId: id, inputs: { text: 'humanize 1abc' } });
    const instancesOf = (code: string) =>
      engine.historicProcessInstances({ processInstanceBusinessKey: code });

    // Written a minute ago: past the first attempt's claim (twice the RPC timeout), not yet the
    // reconciler's (two minutes), which would fail it as "start lost".
    const lateKey = `cut-late-${Date.now()}`;
    const lateCode = await cutOff(lateKey, 60);
    const finished = dataOf<MissionStartedView>(await retry(lateKey));
    expect(finished.code).toBe(lateCode);
    const [instance] = await instancesOf(lateCode);
    expect(instance).toBeDefined();
    const followed = await eventually(
      () => mission(finished.id),
      (m) => m.currentNodes.length > 0,
    );
    expect(followed).toMatchObject({ processInstanceId: instance.id, currentNodes: ['Task_1'] });
    // Retried again: the same mission and instance, nothing started twice.
    expect(dataOf<MissionStartedView>(await retry(lateKey)).id).toBe(finished.id);
    expect(await instancesOf(lateCode)).toHaveLength(1);

    // Written just now: its first attempt may still be at it, so a retry starts nothing.
    const freshKey = `cut-fresh-${Date.now()}`;
    const freshCode = await cutOff(freshKey, 0);
    expect(dataOf<MissionStartedView>(await retry(freshKey))).toMatchObject({
      code: freshCode,
      status: 'not_started',
    });
    expect(await instancesOf(freshCode)).toHaveLength(0);

    dataOf(await s.post(`/wujie/mission/${finished.id}/stop`));
    dataOf(await s.post(`/wujie/mission/${model.id}/stop`));
  });

  it('should list with filters, paging and allow-listed sort fields only', async () => {
    const { id } = await workflow();
    const made = [await start(id), await start(id), await start(id)];
    const page = await s.get(`/wujie/mission/list?workflowId=${id}&pageSize=2&pageNum=1`);
    expect(page.body).toMatchObject({ code: 200, total: 3 });
    expect(page.body.rows.map((r: { id: number }) => r.id)).toEqual([made[2].id, made[1].id]);
    const asc = await s.get(
      `/wujie/mission/list?workflowId=${id}&orderByColumn=createTime&isAsc=asc`,
    );
    expect(asc.body.rows[0].id).toBe(made[0].id);
    dataOf(await s.post(`/wujie/mission/${made[0].id}/stop`));
    const stopped = await s.get(`/wujie/mission/list?workflowId=${id}&status=stopped`);
    expect(stopped.body.rows.map((r: { id: number }) => r.id)).toEqual([made[0].id]);
    const byName = await s.get(`/wujie/mission/list?name=${encodeURIComponent(`任务流程${seq}`)}`);
    expect(byName.body.total).toBe(3);
    const bad = await s.get('/wujie/mission/list?orderByColumn=inputs');
    expect(bad.status).toBe(400);
    for (const m of made.slice(1)) dataOf(await s.post(`/wujie/mission/${m.id}/stop`));
  });
});

describe('a mission start whose answer from the engine is lost', () => {
  let s: WorkflowStack;
  let standalone: StandaloneEngine;
  let proxy: Server;
  /** Starts the proxy lets through to the engine and then cuts off before the answer. */
  let startsToCut = 0;
  /** Starts the proxy cuts off before passing them on (taken before startsToCut). */
  let startsToDrop = 0;

  /**
   * An HTTP proxy in front of the engine that, for a start while armed, passes the request on, waits
   * for the engine's answer (the instance committed) and destroys the client's connection instead of
   * answering: an engine node killed between its commit and its answer.
   */
  function cuttingProxy(target: URL): Server {
    return createServer((req, res) => {
      const isStart = req.method === 'POST' && /\/start$/.test(req.url ?? '');
      if (isStart && startsToDrop > 0) {
        startsToDrop -= 1;
        req.resume();
        req.on('end', () => req.socket.destroy());
        return;
      }
      const cut = isStart && startsToCut > 0;
      if (cut) startsToCut -= 1;
      const upstream = request(
        {
          host: target.hostname,
          port: target.port,
          path: req.url,
          method: req.method,
          headers: req.headers,
        },
        (answer) => {
          if (cut) {
            answer.resume();
            answer.on('end', () => req.socket.destroy());
            return;
          }
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(upstream);
    });
  }

  beforeAll(async () => {
    standalone = await startStandaloneEngine(ENGINE_AUTH, 'start_cut');
    const target = new URL(standalone.server.url);
    proxy = cuttingProxy(target);
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const { port } = proxy.address() as AddressInfo;
    s = await startWorkflowStack({
      ENGINE_URL: `http://127.0.0.1:${port}${target.pathname}`,
      ENGINE_USER: ENGINE_AUTH.user,
      ENGINE_PASSWORD: ENGINE_AUTH.password,
    });
    dataOf(await s.post('/wujie/agent', { name: '规划', nameEn: 'Plan' }));
  });
  afterAll(async () => {
    await s?.close();
    proxy?.close();
    await standalone?.close();
  });

  it("should keep the mission and follow the engine's instance, not start it twice", async () => {
    const { id } = dataOf<{ id: number }>(
      await s.post('/wujie/workflow', {
        name: '断线启动',
        status: '2',
        agentIds: [1],
        workflow: agentChain('start_cut', 'start_cut', ['Plan']),
      }),
    );
    startsToCut = 1;
    const started = dataOf<MissionStartedView>(
      await s.post('/wujie/mission', { workflowId: id, inputs: { text: 'humanize 1abc' } }),
    );
    expect(startsToCut).toBe(0);
    const client = new CamundaRestClient({ baseUrl: standalone.server.url, auth: ENGINE_AUTH });
    const instances = await client.historicProcessInstances({
      processInstanceBusinessKey: started.code,
    });
    expect(instances).toHaveLength(1);
    const view = dataOf<MissionView>(await s.get(`/wujie/mission/${started.id}`));
    expect(view.processInstanceId).toBe(instances[0].id);
    dataOf(await s.post(`/wujie/mission/${started.id}/stop`));
  });

  it('should keep the mission for the reconciler when the retried start breaks after it was sent', async () => {
    const { id } = dataOf<{ id: number }>(
      await s.post('/wujie/workflow', {
        name: '两次断线',
        status: '2',
        agentIds: [1],
        workflow: agentChain('start_cut_twice', 'start_cut_twice', ['Plan']),
      }),
    );
    // The first start is lost on its way (nothing started); the retry starts the instance and its
    // answer is lost.
    startsToDrop = 1;
    startsToCut = 1;
    const answer = await s.post('/wujie/mission', {
      workflowId: id,
      inputs: { text: 'humanize 1abc' },
    });
    expect([startsToDrop, startsToCut]).toEqual([0, 0]);
    expect(answer.status).toBe(504);
    const rows = (await s.get(`/wujie/mission/list?workflowId=${id}`)).body.rows as MissionView[];
    expect(rows).toHaveLength(1);
    const client = new CamundaRestClient({ baseUrl: standalone.server.url, auth: ENGINE_AUTH });
    const instances = await client.historicProcessInstances({
      processInstanceBusinessKey: rows[0].code,
    });
    expect(instances).toHaveLength(1);
    await client.deleteProcessInstance(instances[0].id);
  });
});
