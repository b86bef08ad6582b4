import { buildBpmnXml, type DiagramSpec, type NodeSpec } from '@platform/bpmn';
import {
  AGENT_TOPIC,
  DomainError,
  MISSION_ASK_LOCK_MS,
  MISSION_VARIABLES,
  type MissionAskView,
  type MissionLogView,
  type MissionRepliedView,
  type MissionStartedView,
  type MissionView,
  outputVariable,
  reviewVariable,
  WORKFLOW_PATTERNS as W,
} from '@platform/contracts';
import { CamundaRestClient, type LockedExternalTaskDto } from '@platform/engine-client';
import { baseEnvSchema, callService, createRpcClient, type RpcClient } from '@platform/nest-common';
import { api, registerByPhone, signInWithMenus } from '@platform/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { dataOf, eventually, freePort, startWorkflowStack, type WorkflowStack } from '../support';

// The rest of a mission's life on the embedded engine: rerun from a node (after an error, after
// completion), the owner's reply to an agent's question, an administrator's review. The test plays
// the agent worker: it fetches and locks the agent topic (only its mission's tasks, by business
// key), reports node runs over the transport as the worker does, and completes or fails the tasks.

const ENGINE_AUTH = {
  user: 'lifecycle-test',
  password: 'Lifecycle-test-engine-password-0123456789',
};

const agent = (id: string, nameen: string, x: number): NodeSpec => ({
  id,
  type: 'userTask',
  name: id,
  agent: { nameen, type: 'Agent', instruction: `do ${nameen}`, output: '', validators: [] },
  x,
  y: 0,
});

const human = (id: string, descriptor: object, x: number): NodeSpec => ({
  id,
  type: 'userTask',
  name: id,
  documentation: JSON.stringify({ type: 'Human', ...descriptor }),
  x,
  y: 0,
});

/** start → the nodes in a row → end. */
function chain(key: string, nodes: NodeSpec[]): string {
  const spec: DiagramSpec = {
    id: key,
    name: key,
    nodes: [
      { id: 'Start', type: 'startEvent', x: 0, y: 0 },
      ...nodes,
      { id: 'End', type: 'endEvent', x: 200 + nodes.length * 150, y: 0 },
    ],
    flows: [],
  };
  const ids = spec.nodes.map((n) => n.id);
  spec.flows = ids.slice(1).map((target, i) => ({ id: `Flow_${i + 1}`, source: ids[i], target }));
  return buildBpmnXml(spec);
}

const json = (value: unknown) => ({ value: JSON.stringify(value), type: 'Json' });
const parsed = (task: LockedExternalTaskDto, name: string) =>
  task.variables[name] ? JSON.parse(String(task.variables[name].value)) : undefined;

describe('mission lifecycle: rerun, user input, review', () => {
  let s: WorkflowStack;
  let engine: CamundaRestClient;
  let rpc: RpcClient;
  let seq = 0;

  beforeAll(async () => {
    // MISSION_TEST_ENGINE_URL (with _USER and _PASSWORD): the same scenarios against a running
    // Operaton (node scripts/engine.mjs) instead of the embedded engine.
    const external = process.env.MISSION_TEST_ENGINE_URL;
    const auth = external
      ? {
          user: process.env.MISSION_TEST_ENGINE_USER ?? 'platform',
          password: process.env.MISSION_TEST_ENGINE_PASSWORD ?? '',
        }
      : ENGINE_AUTH;
    const url = external ?? `http://127.0.0.1:${await freePort()}/engine-rest`;
    s = await startWorkflowStack({
      ...(external ? { ENGINE_URL: external } : { ENGINE_PORT: new URL(url).port }),
      ENGINE_USER: auth.user,
      ENGINE_PASSWORD: auth.password,
      MISSION_RECONCILE_MS: '150',
    });
    engine = new CamundaRestClient({ baseUrl: url, auth });
    rpc = createRpcClient(
      baseEnvSchema.parse({
        NAMESPACE: s.stack.namespace,
        REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0',
      }),
    );
    for (const [name, nameEn] of [
      ['规划', 'Plan'],
      ['设计', 'Design'],
      ['报告', 'Report'],
    ]) {
      dataOf(await s.post('/wujie/agent', { name, nameEn }));
    }
  });
  afterAll(async () => {
    await rpc?.close();
    await s?.close();
  });

  async function missionOn(nodes: NodeSpec[], extra: object = {}): Promise<MissionView> {
    seq += 1;
    const key = `lifecycle_${seq}`;
    const { id } = dataOf<{ id: number }>(
      await s.post('/wujie/workflow', {
        name: key,
        status: '2',
        agentIds: [1],
        workflow: chain(key, nodes),
      }),
    );
    const started = dataOf<MissionStartedView>(
      await s.post('/wujie/mission', {
        workflowId: id,
        inputs: { text: 'humanize EVQLV' },
        ...extra,
      }),
    );
    return mission(started.id);
  }

  const threeAgents = () =>
    missionOn([
      agent('Task_1', 'Plan', 100),
      agent('Task_2', 'Design', 250),
      agent('Task_3', 'Report', 400),
    ]);

  const mission = async (id: number) => dataOf<MissionView>(await s.get(`/wujie/mission/${id}`));

  /** Attaches a file as the chat screen does: its stored name and the user's name for it. */
  const upload = async (text: string, name: string) => {
    const stored = dataOf<{ fileName: string; originalFilename: string }>(
      await api(s.stack)
        .post('/prod-api/wujie/chat/upload')
        .set('Authorization', `Bearer ${s.token}`)
        .set('repeatSubmit', 'false')
        .attach('file', Buffer.from(text), name),
    );
    return { fileName: stored.fileName, originalFilename: stored.originalFilename };
  };

  const until = (id: number, done: (m: MissionView) => boolean) =>
    eventually(() => mission(id), done);
  const report = <T>(pattern: string, body: object) => callService<T>(rpc, pattern, body, 10_000);
  const refusal = (pattern: string, body: object) =>
    report(pattern, body).then(
      () => null,
      (error: unknown) => (error instanceof DomainError ? error.key : String(error)),
    );
  const logsOf = async (code: string) =>
    (await s.get(`/wujie/missionLog/list?missionCode=${code}&pageSize=100`)).body
      .rows as MissionLogView[];

  /** The next agent task of mission `code` (none within `ms`: undefined). */
  async function lock(code: string, ms = 15_000): Promise<LockedExternalTaskDto | undefined> {
    const until = Date.now() + ms;
    for (;;) {
      const [task] = await engine.fetchAndLock({
        workerId: 'test-worker',
        maxTasks: 1,
        topics: [{ topicName: AGENT_TOPIC, lockDuration: 30_000, businessKey: code }],
      });
      if (task || Date.now() > until) return task;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Runs one node as the worker does: started, ended with `outputs`, task completed. */
  async function runNode(
    m: MissionView,
    task: LockedExternalTaskDto,
    outputs: object,
    variables: Record<string, { value: unknown; type: string }> = {},
    tokens: object = {},
  ) {
    const node = {
      missionCode: m.code,
      runId: String(task.variables[MISSION_VARIABLES.runId].value),
      nodeId: task.activityId,
    };
    await report(W.missionNodeStarted, node);
    await report(W.missionNodeEnded, { ...node, status: 'success', outputs, ...tokens });
    await engine.completeExternalTask(task.id, { workerId: 'test-worker', variables });
  }

  it('should rerun from a middle node after an error: earlier nodes are not run again and their outputs reach the node, in a new run', async () => {
    const m = await threeAgents();
    const first = (await lock(m.code))!;
    expect(first.activityId).toBe('Task_1');
    // Completed without its output variable: what the rerun gives Task_2 comes from the log.
    await runNode(m, first, { result: 'plan A', files: ['plan.txt'] });
    const second = (await lock(m.code))!;
    expect(second.activityId).toBe('Task_2');
    const node = { missionCode: m.code, runId: m.currentRunId, nodeId: 'Task_2' };
    await report(W.missionNodeStarted, node);
    await report(W.missionNodeEnded, { ...node, status: 'failed', error: 'design failed' });
    await engine.handleExternalTaskFailure(second.id, {
      workerId: 'test-worker',
      errorMessage: 'design failed',
      retries: 0,
      retryTimeout: 0,
    });
    const failed = await until(m.id, (x) => x.status === 'error');
    expect(failed.status).toBe('error');

    const rerun = dataOf<MissionStartedView>(
      await s.post(`/wujie/mission/${m.id}/rerun`, { nodeId: 'Task_2' }),
    );
    expect(rerun).toEqual({ id: m.id, code: m.code, status: 'in_progress' });
    const after = await mission(m.id);
    expect(after.currentRunId).not.toBe(m.currentRunId);
    // A live instance is modified, not replaced.
    expect(after.processInstanceId).toBe(m.processInstanceId);
    expect(after.error).toBe('');

    const again = (await lock(m.code))!;
    expect(again.activityId).toBe('Task_2');
    expect(again.variables[MISSION_VARIABLES.runId].value).toBe(after.currentRunId);
    expect(parsed(again, outputVariable('Task_1'))).toEqual({
      result: 'plan A',
      files: ['plan.txt'],
    });
    expect(parsed(again, MISSION_VARIABLES.inputs)).toEqual({ text: 'humanize EVQLV' });
    expect(again.variables[MISSION_VARIABLES.missionCode].value).toBe(m.code);
    // The old run's reports are refused now.
    expect(await refusal(W.missionNodeStarted, node)).toBe('mission.run_mismatch');
    // The incident went with the cancelled task: the reconciler leaves the mission running.
    await new Promise((r) => setTimeout(r, 500));
    expect((await mission(m.id)).status).toBe('in_progress');

    await runNode(after, again, { result: 'design B' });
    const third = (await lock(m.code))!;
    expect(third.activityId).toBe('Task_3');
    expect(parsed(third, outputVariable('Task_1'))).toEqual({
      result: 'plan A',
      files: ['plan.txt'],
    });
    await runNode(after, third, { result: 'report C' });
    const done = await until(m.id, (x) => x.status === 'completed');
    expect(done).toMatchObject({ status: 'completed', result: { result: 'report C' } });

    const logs = await logsOf(m.code);
    expect(logs.map((l) => [l.runId === m.currentRunId ? 1 : 2, l.nodeId, l.status])).toEqual([
      [1, 'Task_1', 'success'],
      [1, 'Task_2', 'failed'],
      [2, 'Task_2', 'success'],
      [2, 'Task_3', 'success'],
    ]);
    expect(logs.filter((l) => l.runId === after.currentRunId).map((l) => l.runId)).toHaveLength(2);
  });

  it('should rerun a completed mission from a middle node on a new instance of the pinned definition', async () => {
    const m = await threeAgents();
    for (const [nodeId, result] of [
      ['Task_1', 'plan 1'],
      ['Task_2', 'design 1'],
      ['Task_3', 'report 1'],
    ]) {
      const task = (await lock(m.code))!;
      expect(task.activityId).toBe(nodeId);
      await runNode(m, task, { result }, { [outputVariable(nodeId)]: json({ result }) });
    }
    const done = await until(m.id, (x) => x.status === 'completed');
    expect(done.status).toBe('completed');

    // Not from a node the diagram does not have, nor from an end event.
    for (const nodeId of ['Task_9', 'End']) {
      const bad = await s.post(`/wujie/mission/${m.id}/rerun`, { nodeId }, 'en');
      expect(bad.body).toMatchObject({
        code: 500,
        msg: `The workflow has no node ${nodeId} to rerun from`,
      });
    }
    expect((await s.post(`/wujie/mission/${m.id}/rerun`, {})).status).toBe(400);

    dataOf(await s.post(`/wujie/mission/${m.id}/rerun`, { nodeId: 'Task_2' }));
    const after = await mission(m.id);
    expect(after).toMatchObject({ status: 'in_progress', result: null, endedAt: '' });
    expect(after.currentRunId).not.toBe(m.currentRunId);
    expect(after.processInstanceId).not.toBe(m.processInstanceId);
    const instance = await engine.getProcessInstance(after.processInstanceId!);
    expect(instance).toMatchObject({ businessKey: m.code, definitionId: m.processDefinitionId });

    const task = (await lock(m.code))!;
    expect(task.activityId).toBe('Task_2');
    expect(task.variables[MISSION_VARIABLES.runId].value).toBe(after.currentRunId);
    expect(parsed(task, outputVariable('Task_1'))).toEqual({ result: 'plan 1' });
    // Nothing of the nodes from the rerun node on is carried over.
    expect(task.variables[outputVariable('Task_2')]).toBeUndefined();
    expect(task.variables[outputVariable('Task_3')]).toBeUndefined();
    await runNode(after, task, { result: 'design 2' });
    const last = (await lock(m.code))!;
    expect(last.activityId).toBe('Task_3');
    await runNode(after, last, { result: 'report 2' });
    expect(await until(m.id, (x) => x.status === 'completed')).toMatchObject({
      result: { result: 'report 2' },
    });

    const logs = await logsOf(m.code);
    const runs = [m.currentRunId, after.currentRunId];
    expect(logs.map((l) => [runs.indexOf(l.runId) + 1, l.nodeId])).toEqual([
      [1, 'Task_1'],
      [1, 'Task_2'],
      [1, 'Task_3'],
      [2, 'Task_2'],
      [2, 'Task_3'],
    ]);
    // The old instance stays as it ended.
    const [old] = await engine.historicProcessInstances({
      processInstanceId: m.processInstanceId!,
    });
    expect(old.state).toBe('COMPLETED');
  });

  it('should rerun a running mission from an earlier node: the active node is cancelled and what the rerun node produced is cleared', async () => {
    const m = await threeAgents();
    const first = (await lock(m.code))!;
    await runNode(
      m,
      first,
      { result: 'plan 1' },
      { [outputVariable('Task_1')]: json({ result: 'plan 1' }) },
    );
    const second = (await lock(m.code))!;
    expect(second.activityId).toBe('Task_2');
    dataOf(await s.post(`/wujie/mission/${m.id}/rerun`, { nodeId: 'Task_1' }));
    const after = await mission(m.id);
    expect(after.processInstanceId).toBe(m.processInstanceId);
    const again = (await lock(m.code))!;
    expect(again.activityId).toBe('Task_1');
    expect(again.variables[MISSION_VARIABLES.runId].value).toBe(after.currentRunId);
    expect(again.variables[outputVariable('Task_1')]).toMatchObject({ value: null });
    // The cancelled task of Task_2 is gone: completing it is refused, and nothing else waits.
    await expect(
      engine.completeExternalTask(second.id, { workerId: 'test-worker' }),
    ).rejects.toMatchObject({ status: 404 });
    expect(await lock(m.code, 300)).toBeUndefined();
    expect(after.currentNodes).toEqual(['Task_1']);
    dataOf(await s.post(`/wujie/mission/${m.id}/stop`));
  });

  it('should refuse a rerun of a mission that has not started, in the user language', async () => {
    const m = await threeAgents();
    const res = await s.post(`/wujie/mission/${m.id}/rerun`, { nodeId: 'Task_2' }, 'en');
    expect(res.body).toMatchObject({ code: 500, msg: 'Task status does not match' });
    dataOf(await s.post(`/wujie/mission/${m.id}/stop`));
  });

  it('should wait for the owner when an agent asks, and resume the node with the reply', async () => {
    const conversationId = dataOf<{ id: number }>(await s.post('/wujie/chat', {})).id;
    const m = await missionOn([agent('Task_1', 'Plan', 100)], { conversationId });
    const task = (await lock(m.code))!;
    const node = { missionCode: m.code, runId: m.currentRunId, nodeId: 'Task_1' };
    await report(W.missionNodeStarted, node);
    const ask = {
      ...node,
      attempt: 1,
      externalTaskId: task.id,
      question: '请确认编号方案',
      questionEn: 'Which numbering scheme?',
    };
    const asked = await report<MissionAskView>(W.missionAskUser, ask);
    expect(asked).toMatchObject({ status: 'waiting', reply: null });
    // The worker keeps the task while the owner thinks.
    await engine.extendExternalTaskLock(task.id, MISSION_ASK_LOCK_MS, 'test-worker');
    // Asked again (a redelivery): still one question.
    expect(await report<MissionAskView>(W.missionAskUser, ask)).toEqual(asked);
    const waiting = await mission(m.id);
    expect(waiting).toMatchObject({
      status: 'user_input',
      waiting: {
        kind: 'user_input',
        nodeId: 'Task_1',
        runId: m.currentRunId,
        question: '请确认编号方案',
        questionEn: 'Which numbering scheme?',
      },
    });
    expect(await lock(m.code, 300)).toBeUndefined();

    const empty = await s.post(`/wujie/mission/${m.id}/reply`, { text: '  ' }, 'en');
    expect(empty.body).toMatchObject({ code: 500, msg: 'Enter a reply or attach a file' });
    // Only files the sender uploaded are attached, by the chat's rule (a stored name of theirs
    // that exists); a path of the caller's choosing is no stored name at all.
    const ghost = {
      fileName: '/profile/chat/2020/01/01/00000000-0000-0000-0000-000000000000.fasta',
      originalFilename: 'ghost.fasta',
    };
    const missing = await s.post(`/wujie/mission/${m.id}/reply`, { files: [ghost] }, 'en');
    expect(missing.body).toEqual({
      code: 404,
      msg: 'The attachment "ghost.fasta" does not exist; please upload it again',
    });
    const outside = { fileName: '/profile/../../etc/passwd', originalFilename: 'passwd.txt' };
    const refused = await s.post(`/wujie/mission/${m.id}/reply`, { files: [outside] }, 'en');
    expect(refused.body).toEqual({
      code: 500,
      msg: 'The file path "/profile/../../etc/passwd" is not valid; only files you uploaded can be submitted',
    });
    const unnamed = { fileName: ghost.fileName, originalFilename: ' ' };
    for (const files of [[unnamed], [ghost.fileName]]) {
      const invalid = await s.post(`/wujie/mission/${m.id}/reply`, { files }, 'en');
      expect(invalid.body.code).toBe(500);
    }
    expect((await mission(m.id)).status).toBe('user_input');
    const vh = await upload(
      '>heavy chain\nEVQLVESGGGLVQPGGSLRLSCAASGFNIKDTYIHWVRQAPGKGLEWVA\n',
      'heavy_chain.fasta',
    );
    const replied = dataOf<MissionRepliedView>(
      await s.post(`/wujie/mission/${m.id}/reply`, { text: 'IMGT', files: [vh] }),
    );
    expect(replied.status).toBe('in_progress');
    expect((await mission(m.id)).waiting).toBeNull();
    // A second reply has nothing to answer.
    const twice = await s.post(`/wujie/mission/${m.id}/reply`, { text: 'again' }, 'en');
    expect(twice.body).toMatchObject({ code: 500, msg: 'Task status does not match' });
    // The answer is in the mission's conversation, once, where a reload of the chat shows it.
    const conversation = dataOf<Record<string, unknown>[]>(
      await s.get(`/wujie/chat/${conversationId}/messages`),
    );
    expect(conversation).toEqual([
      expect.objectContaining({
        id: replied.messageId,
        role: 'user',
        content: 'IMGT',
        files: [{ fileName: vh.fileName, originalFilename: 'heavy_chain.fasta' }],
        missionId: m.id,
      }),
    ]);

    // Unlocked at once: a worker fetches the node again and, asking again, gets the reply.
    const resumed = (await lock(m.code, 2_000))!;
    expect(resumed.id).toBe(task.id);
    const answer = await report<MissionAskView>(W.missionAskUser, {
      ...ask,
      externalTaskId: resumed.id,
    });
    expect(answer).toMatchObject({
      status: 'answered',
      reply: { text: 'IMGT', files: [vh.fileName], userId: 1 },
    });
    // The node's model calls cost tokens: stored with its run.
    const tokens = { promptTokens: 1200, completionTokens: 340, tokensEstimated: false };
    await runNode(m, resumed, { result: 'numbered with IMGT' }, {}, tokens);
    expect(await until(m.id, (x) => x.status === 'completed')).toMatchObject({
      status: 'completed',
    });
    const logs = await logsOf(m.code);
    expect(logs.map((l) => [l.nodeId, l.attempt, l.status])).toEqual([['Task_1', 1, 'success']]);
    expect(logs[0]).toMatchObject(tokens);
  });

  it("should refuse to start a mission in another user's conversation", async () => {
    const other = await registerByPhone(s.stack);
    const theirs = dataOf<{ id: number }>(
      await s.post('/wujie/chat', {}).set('Authorization', `Bearer ${other.token}`),
    ).id;
    const refused = await s.post(
      '/wujie/mission',
      { workflowId: 1, inputs: { text: 'humanize EVQLV' }, conversationId: theirs },
      'en',
    );
    expect(refused.body).toMatchObject({
      code: 403,
      msg: 'You have no permission to access this data',
    });
  });

  const reviewed = () =>
    missionOn([
      agent('Task_1', 'Plan', 100),
      human('Review_1', { nameen: 'Review', instruction: '检查设计方案' }, 250),
      agent('Task_2', 'Report', 400),
    ]);

  async function atReview(m: MissionView) {
    await runNode(m, (await lock(m.code))!, { result: 'plan' });
    return until(m.id, (x) => x.status === 'admin_review');
  }

  it('should wait for an administrator at a Human node, and go on when approved', async () => {
    const m = await reviewed();
    const waiting = await atReview(m);
    expect(waiting).toMatchObject({
      status: 'admin_review',
      currentNodes: ['Review_1'],
      waiting: { kind: 'admin_review', nodeId: 'Review_1', question: '检查设计方案' },
    });
    const [task] = await engine.tasks({ processInstanceId: m.processInstanceId! });
    expect(task.taskDefinitionKey).toBe('Review_1');
    expect((await s.post(`/wujie/mission/${m.id}/review`, { reason: 'x' })).status).toBe(400);

    const approved = dataOf<MissionStartedView>(
      await s.post(`/wujie/mission/${m.id}/review`, { approve: true, reason: '可以' }),
    );
    expect(approved.status).toBe('in_progress');
    expect(await engine.tasks({ processInstanceId: m.processInstanceId! })).toEqual([]);
    const next = (await lock(m.code))!;
    expect(next.activityId).toBe('Task_2');
    expect(parsed(next, reviewVariable('Review_1'))).toEqual({
      approved: true,
      reason: '可以',
      reviewerId: 1,
    });
    // Reviewed once: a second decision finds nothing to review.
    const twice = await s.post(`/wujie/mission/${m.id}/review`, { approve: true }, 'en');
    expect(twice.body).toMatchObject({ code: 500, msg: 'Task status does not match' });
    await runNode(m, next, { result: 'report' });
    expect((await until(m.id, (x) => x.status === 'completed')).status).toBe('completed');
  });

  it('should let a reviewer who is no administrator find and approve another user’s mission, and do nothing else to it', async () => {
    // The task list (11) with its review (11001), view (11004) and stop (11005) buttons.
    const token = await signInWithMenus(s.stack, s.token, [11, 11001, 11004, 11005]);
    const as = (req: ReturnType<ReturnType<typeof api>['get']>) =>
      req.set('Authorization', `Bearer ${token}`).set('repeatSubmit', 'false').set('lang', 'en');
    const m = await reviewed(); // the administrator's
    await atReview(m);

    const queue = await as(api(s.stack).get('/prod-api/wujie/mission/list')).query({
      status: 'admin_review',
      pageSize: 100,
    });
    expect((queue.body.rows as MissionView[]).map((x) => x.id)).toContain(m.id);
    expect(
      dataOf<MissionView>(await as(api(s.stack).get(`/prod-api/wujie/mission/${m.id}`))),
    ).toMatchObject({
      status: 'admin_review',
      waiting: { kind: 'admin_review', nodeId: 'Review_1' },
    });
    // Stop is the owner's and an administrator's, even with the permission to stop one's own.
    const stop = await as(api(s.stack).post(`/prod-api/wujie/mission/${m.id}/stop`));
    expect(stop.body).toEqual({ code: 403, msg: 'You have no permission to access this data' });

    const approved = await as(api(s.stack).post(`/prod-api/wujie/mission/${m.id}/review`)).send({
      approve: true,
      reason: 'ok',
    });
    expect(approved.body.data).toMatchObject({ status: 'in_progress' });
    const next = (await lock(m.code))!;
    expect(parsed(next, reviewVariable('Review_1'))).toMatchObject({
      approved: true,
      reason: 'ok',
    });
    expect(parsed(next, reviewVariable('Review_1')).reviewerId).not.toBe(1);
    await runNode(m, next, { result: 'report' });
    expect((await until(m.id, (x) => x.status === 'completed')).status).toBe('completed');

    // The service's own check, behind the gateway's: an administrator's flag alone no longer reviews.
    const caller = (permissions: string[], admin: boolean) => ({
      body: { id: m.id, approve: true },
      client: { ip: '127.0.0.1', userAgent: 'test', lang: 'en' },
      caller: { userId: 2, tokenId: 't', admin, permissions },
    });
    expect(await refusal(W.missionReview, caller([], true))).toBe('mission.review_not_permitted');
    expect(await refusal(W.missionReview, caller(['wujie:mission:query'], false))).toBe(
      'mission.review_not_permitted',
    );
  });

  it('should stop the mission with the administrator’s reason when rejected', async () => {
    const m = await reviewed();
    await atReview(m);
    const rejected = dataOf<MissionStartedView>(
      await s.post(`/wujie/mission/${m.id}/review`, { approve: false, reason: '设计不合格' }),
    );
    expect(rejected.status).toBe('stopped');
    const after = await mission(m.id);
    expect(after).toMatchObject({ status: 'stopped', error: '设计不合格', waiting: null });
    expect(after.endedAt).not.toBe('');
    expect(await engine.findProcessInstance(m.processInstanceId!)).toBeNull();
    // The reconciler, finding the instance gone, leaves the reason.
    await new Promise((r) => setTimeout(r, 500));
    expect((await mission(m.id)).error).toBe('设计不合格');
    // Stopped: rerun from the review is allowed (and waits for the review again).
    dataOf(await s.post(`/wujie/mission/${m.id}/rerun`, { nodeId: 'Review_1' }));
    expect(await until(m.id, (x) => x.status === 'admin_review')).toMatchObject({
      waiting: { kind: 'admin_review', nodeId: 'Review_1' },
    });
    dataOf(await s.post(`/wujie/mission/${m.id}/stop`));
  });

  it('should wait for a confirmation when the Human node says so', async () => {
    const m = await missionOn([
      agent('Task_1', 'Plan', 100),
      human('Confirm_1', { nameen: 'Confirm', instruction: '确认扣费', review: 'confirm' }, 250),
      agent('Task_2', 'Report', 400),
    ]);
    await runNode(m, (await lock(m.code))!, { result: 'plan' });
    const waiting = await until(m.id, (x) => x.status === 'admin_confirm');
    expect(waiting.waiting).toMatchObject({ kind: 'admin_confirm', nodeId: 'Confirm_1' });
    const res = await s.post(`/wujie/mission/${m.id}/review`, { approve: false }, 'en');
    expect(res.body.data).toMatchObject({ status: 'stopped' });
    expect((await mission(m.id)).error).toBe('管理员驳回了该任务');
  });
});
