import { buildBpmnXml, type DiagramSpec } from '@platform/bpmn';
import {
  type AgentNodeContextView,
  DomainError,
  type MissionStartedView,
  WORKFLOW_PATTERNS as W,
} from '@platform/contracts';
import { baseEnvSchema, callService, createRpcClient, type RpcClient } from '@platform/nest-common';
import { freePort } from '@platform/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { dataOf, startWorkflowStack, type WorkflowStack } from '../support';

// The agent worker's question `workflow.mission.node-context`, asked over the transport as the
// worker asks it: the node's descriptor and the branches after it from the pinned definition's
// graph (kept with the deployment, else compiled again while the diagram is the deployed one),
// the agent with its skills' tools and functions, the mission's inputs and what earlier nodes of
// the run produced.

const ENGINE_AUTH = { user: 'context-test', password: 'Context-test-engine-password-0123456789' };

const tag = Date.now().toString(36);

/** start → plan → route (Equals ok → review, default → end) → end. */
function diagram(key: string, plan: string, review: string): string {
  const agent = (nameen: string, validators = [] as { name: string; params: string }[]) => ({
    nameen,
    type: 'Agent',
    instruction: `do ${nameen}`,
    output: 'a summary',
    validators,
  });
  const spec: DiagramSpec = {
    id: key,
    name: key,
    nodes: [
      { id: 'Start', type: 'startEvent', x: 0, y: 0 },
      {
        id: 'Task_plan',
        type: 'userTask',
        name: plan,
        agent: agent(`Plan ${tag}`, [{ name: 'JsonKeyNotEmpty', params: 'result' }]),
        x: 100,
        y: 0,
      },
      {
        id: 'Gateway_route',
        type: 'exclusiveGateway',
        name: '路由',
        branch: {
          nameen: 'Route',
          type: 'Branch',
          branches: [{ validator: { name: 'Equals', params: 'ok' }, target_node: 'Task_review' }],
        },
        default: 'Flow_default',
        x: 250,
        y: 0,
      },
      {
        id: 'Task_review',
        type: 'userTask',
        name: review,
        agent: agent(`Review ${tag}`),
        x: 400,
        y: 0,
      },
      { id: 'End', type: 'endEvent', x: 550, y: 0 },
    ],
    flows: [
      { id: 'Flow_1', source: 'Start', target: 'Task_plan' },
      { id: 'Flow_2', source: 'Task_plan', target: 'Gateway_route' },
      { id: 'Flow_3', source: 'Gateway_route', target: 'Task_review' },
      { id: 'Flow_default', source: 'Gateway_route', target: 'End' },
      { id: 'Flow_4', source: 'Task_review', target: 'End' },
    ],
  };
  return buildBpmnXml(spec);
}

describe('workflow.mission.node-context', () => {
  let s: WorkflowStack;
  let rpc: RpcClient;
  let functionId: number;
  let skillId: number;
  const plan = `规划${tag}`;
  const review = `审核${tag}`;
  let seq = 0;

  beforeAll(async () => {
    s = await startWorkflowStack({
      ENGINE_PORT: String(await freePort()),
      ENGINE_USER: ENGINE_AUTH.user,
      ENGINE_PASSWORD: ENGINE_AUTH.password,
      MISSION_RECONCILE_MS: '0',
    });
    rpc = createRpcClient(
      baseEnvSchema.parse({
        NAMESPACE: s.stack.namespace,
        REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0',
      }),
    );
    functionId = dataOf<{ id: number }>(
      await s.post('/wujie/functions', {
        name: `score${tag}`,
        tags: ['antibody'],
        params: [{ name: 'text', type: 'string', required: true, description: 'the request' }],
        returnType: 'number',
        code: `function score${tag}(text) { return text.length; }`,
      }),
    ).id;
    skillId = dataOf<{ id: number }>(
      await s.post('/wujie/skill', {
        name: `编号${tag}`,
        nameEn: `Numbering ${tag}`,
        instruction: 'number the chains',
        tools: ['antibody.number', 'antibody.liabilities'],
        functionIds: [functionId],
      }),
    ).id;
    dataOf(
      await s.post('/wujie/agent', {
        name: plan,
        nameEn: `Plan ${tag}`,
        instruction: 'plan the work',
        skillIds: [skillId],
      }),
    );
    dataOf(await s.post('/wujie/agent', { name: review, nameEn: `Review ${tag}` }));
  });
  afterAll(async () => {
    await rpc?.close();
    await s?.close();
  });

  async function startMission(text = 'humanize EVQLVESGGGLVQPGG') {
    seq += 1;
    const key = `context_flow_${seq}`;
    const workflow = dataOf<{ id: number }>(
      await s.post('/wujie/workflow', {
        name: `上下文${seq}`,
        status: '2',
        agentIds: [1],
        workflow: diagram(key, plan, review),
      }),
    );
    const started = dataOf<MissionStartedView>(
      await s.post('/wujie/mission', { workflowId: workflow.id, inputs: { text } }, 'en'),
    );
    return { ...started, workflowId: workflow.id };
  }

  const ask = (body: object) =>
    callService<AgentNodeContextView>(rpc, W.missionNodeContext, body, 10_000);
  const refusal = (body: object) =>
    ask(body).then(
      () => null,
      (error: unknown) => (error instanceof DomainError ? error.key : String(error)),
    );

  it('should give the node descriptor, the graph, the agent with its skills and the inputs, then the outputs of earlier nodes', async () => {
    const m = await startMission();
    const first = await ask({ missionCode: m.code, nodeId: 'Task_plan' });
    expect(first).toMatchObject({
      missionCode: m.code,
      language: 'en',
      status: 'not_started',
      inputs: { text: 'humanize EVQLVESGGGLVQPGG' },
      node: { id: 'Task_plan', kind: 'agent', name: plan, next: ['Gateway_route'] },
      function: null,
      previous: [],
    });
    expect(first.node.agent.validators).toEqual([{ name: 'JsonKeyNotEmpty', params: 'result' }]);
    expect(first.runId).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.graph.nodes.find((n) => n.id === 'Gateway_route')).toMatchObject({
      kind: 'branch',
      defaultTarget: 'End',
    });
    expect(first.agent).toMatchObject({ name: plan, instruction: 'plan the work' });
    expect(first.agent?.skills).toEqual([
      expect.objectContaining({
        id: skillId,
        instruction: 'number the chains',
        tools: ['antibody.number', 'antibody.liabilities'],
        functions: [
          expect.objectContaining({
            id: functionId,
            name: `score${tag}`,
            returnType: 'number',
            code: `function score${tag}(text) { return text.length; }`,
            params: [expect.objectContaining({ name: 'text', type: 'string', required: true })],
          }),
        ],
      }),
    ]);

    const node = { missionCode: m.code, runId: first.runId, nodeId: 'Task_plan', attempt: 1 };
    await callService(rpc, W.missionNodeStarted, node, 10_000);
    await callService(
      rpc,
      W.missionNodeEnded,
      { ...node, status: 'success', outputs: { result: 'ok', plan: [1, 2] } },
      10_000,
    );
    // Asked by process instance this time, as a task without the mission variables would.
    const mission = dataOf<{ processInstanceId: string }>(await s.get(`/wujie/mission/${m.id}`));
    const second = await ask({
      processInstanceId: mission.processInstanceId,
      nodeId: 'Task_review',
    });
    expect(second.agent).toMatchObject({ name: review, skills: [] });
    expect(second.previous).toEqual([
      {
        nodeId: 'Task_plan',
        nodeName: '',
        nodeNameEn: '',
        agent: '',
        attempt: 1,
        outputs: { result: 'ok', plan: [1, 2] },
      },
    ]);
    // The node itself is not among the earlier ones.
    expect((await ask({ missionCode: m.code, nodeId: 'Task_plan' })).previous).toEqual([]);
    dataOf(await s.post(`/wujie/mission/${m.id}/stop`));
  });

  it('should give the context and report the start in one call (node-begin), once however often it is asked', async () => {
    const m = await startMission();
    const runId = (await ask({ missionCode: m.code, nodeId: 'Task_plan' })).runId;
    const begin = (body: object) =>
      callService<AgentNodeContextView>(rpc, W.missionNodeBegin, body, 10_000);
    const logs = async () => {
      const [rows] = await s.stack.dbs.workflow.query(
        'SELECT node_id, attempt, status, node_name, agent, inputs FROM wf_mission_log WHERE mission_code = ? ORDER BY id',
        [m.code],
      );
      return (rows as { inputs: unknown }[]).map((r) => ({
        ...r,
        inputs: typeof r.inputs === 'string' ? JSON.parse(r.inputs) : r.inputs,
      }));
    };
    // Without an attempt it is the context alone.
    const context = await begin({ missionCode: m.code, runId, nodeId: 'Task_plan' });
    expect(context).toMatchObject({ missionCode: m.code, runId, node: { id: 'Task_plan' } });
    expect(await logs()).toEqual([]);

    const body = {
      missionCode: m.code,
      runId,
      nodeId: 'Task_plan',
      attempt: 1,
      startedAt: '2026-01-02T03:04:05.678Z',
      // A rerun's task carries the outputs of nodes before it; the node's own does not count.
      outputVariables: ['output_Task_review', 'output_Task_plan'],
    };
    const first = await begin(body);
    expect(first).toEqual({ ...context, status: 'not_started' });
    const again = await begin(body);
    expect(again.node).toEqual(first.node);
    expect(await logs()).toEqual([
      {
        node_id: 'Task_plan',
        attempt: 1,
        status: 'running',
        node_name: plan,
        agent: plan,
        inputs: { text: 'humanize EVQLVESGGGLVQPGG', previous: ['Task_review'] },
      },
    ]);
    const mission = dataOf<{ status: string }>(await s.get(`/wujie/mission/${m.id}`));
    expect(mission.status).toBe('in_progress');
    expect(
      await callService(rpc, W.missionNodeBegin, { ...body, runId: 'stale-run' }, 10_000).then(
        () => null,
        (error: unknown) => (error instanceof DomainError ? error.key : String(error)),
      ),
    ).toBe('mission.run_mismatch');
    dataOf(await s.post(`/wujie/mission/${m.id}/stop`));
  });

  it('should refuse nodes that are not agents, missions that do not exist and a request naming neither', async () => {
    const m = await startMission();
    expect(await refusal({ missionCode: m.code, nodeId: 'Gateway_route' })).toBe(
      'agent.node_unknown',
    );
    expect(await refusal({ missionCode: m.code, nodeId: 'Nowhere' })).toBe('agent.node_unknown');
    expect(await refusal({ missionCode: 'M00000000000000FFFF', nodeId: 'Task_plan' })).toBe(
      'mission.not_found',
    );
    expect(await refusal({ nodeId: 'Task_plan' })).toBe('mission.key_required');
    dataOf(await s.post(`/wujie/mission/${m.id}/stop`));
  });

  it('should keep the graph with the deployment, and compile again only while the version still holds the deployed diagram', async () => {
    const db = s.stack.dbs.workflow;
    const kept = await startMission();
    const [rows] = await db.query(
      'SELECT d.graph FROM wf_workflow_deployment d JOIN wf_mission m ON m.process_definition_id = d.process_definition_id WHERE m.code = ?',
      [kept.code],
    );
    const graph = (rows as { graph: unknown }[])[0].graph;
    expect(typeof graph === 'string' ? JSON.parse(graph) : graph).toMatchObject({
      processId: 'context_flow_' + seq,
    });

    // Deployed before graphs were kept: the unchanged diagram is compiled again.
    const old = await startMission();
    await db.query('UPDATE wf_workflow_deployment SET graph = NULL WHERE workflow_id = ?', [
      old.workflowId,
    ]);
    expect((await ask({ missionCode: old.code, nodeId: 'Task_plan' })).node.id).toBe('Task_plan');

    // …and once the version's diagram was rewritten in place, the settings cannot be read.
    const changed = await startMission();
    await db.query('UPDATE wf_workflow_deployment SET graph = NULL WHERE workflow_id = ?', [
      changed.workflowId,
    ]);
    await db.query("UPDATE wf_workflow_version SET xml = CONCAT(xml, ' ') WHERE workflow_id = ?", [
      changed.workflowId,
    ]);
    expect(await refusal({ missionCode: changed.code, nodeId: 'Task_plan' })).toBe(
      'agent.graph_unavailable',
    );
    for (const m of [kept, old, changed]) dataOf(await s.post(`/wujie/mission/${m.id}/stop`));
  });
});
