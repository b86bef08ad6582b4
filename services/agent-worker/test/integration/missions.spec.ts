import type { INestMicroservice } from '@nestjs/common';
import { THERAPEUTIC_CHAINS } from '@platform/antibody/dist/fixtures/therapeutic-antibodies';
import type { MissionLogView } from '@platform/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type FakePredictor, startFakePredictor } from '../support/structure-predictor';
import {
  agentNode,
  branchDiagram,
  type Catalogue,
  catalogue,
  chainDiagram,
  dataOf,
  eventually,
  startWorld,
  type World,
} from '../support/world';

// Missions run by real agent workers (camunda-external-task-client-js against the workflow
// service's embedded engine, with credentials) on real MySQL and the real Redis transport: the
// workflow service compiles and deploys the diagram, the worker asks it for each node's context,
// runs the antibody toolkit and sandboxed functions, reports the node runs and completes the tasks
// with the outputs and routes.

const chain = (name: string) => THERAPEUTIC_CHAINS.find((c) => c.name === name)!;
const VH = chain('trastuzumab VH').sequence;
const VL = chain('trastuzumab VL').sequence;
const PAIR = `>VH\n${VH}\n>VL\n${VL}`;
const tag = Date.now().toString(36).slice(-5);

describe('agent worker on missions', () => {
  let world: World;
  let c: Catalogue;
  let predictor: FakePredictor;
  let worker: INestMicroservice;
  let routeFunction: number;
  const agents: Record<string, number> = {};
  let seq = 0;

  beforeAll(async () => {
    predictor = await startFakePredictor();
    world = await startWorld();
    c = catalogue(world);
    const skills = {
      number: await c.skill(`编号${tag}`, ['antibody.number']),
      humanize: await c.skill(`人源化${tag}`, ['antibody.humanize']),
      check: await c.skill(`检查${tag}`, ['antibody.number', 'antibody.liabilities']),
      structure: await c.skill(`结构${tag}`, ['antibody.structure']),
    };
    for (const [key, skillIds] of Object.entries({
      number: [skills.number],
      humanize: [skills.humanize],
      check: [skills.check],
      structure: [skills.structure],
      plain: [],
    })) {
      agents[key] = await c.agent(`${key}${tag}`, `${key} ${tag}`, skillIds);
    }
    routeFunction = await c.fn(
      `route${tag}`,
      `function route${tag}(text) { return { result: text.indexOf('humanize') >= 0 ? 'humanize' : 'other', words: text.split(' ').length }; }`,
      [{ name: 'text', type: 'string' }],
    );
    worker = await world.startWorker({ STRUCTURE_PREDICTOR_URL: predictor.url });
  });

  afterAll(async () => {
    await world?.close();
    await predictor?.close();
  });

  const node = (id: string, key: string, x: number, extra = {}) =>
    agentNode(id, `${key}${tag}`, `${key} ${tag}`, x, extra);

  async function workflow(xml: (key: string) => string, agentIds: number[]) {
    seq += 1;
    const key = `agent_flow_${seq}`;
    return c.workflow(`工作流${tag}${seq}`, xml(key), agentIds);
  }

  const rows = (logs: MissionLogView[]) => logs.map((l) => [l.nodeId, l.attempt, l.status]);

  it('should run a three-node compiled workflow to the end with one success log row per node', async () => {
    const id = await workflow(
      (key) =>
        chainDiagram(key, [
          node('Task_number', 'number', 100),
          node('Task_humanize', 'humanize', 250),
          node('Task_check', 'check', 400, {
            validators: [{ name: 'JsonKeyNotEmpty', params: 'liabilities.chains' }],
          }),
        ]),
      [agents.number, agents.humanize, agents.check],
    );
    const m = await c.start(id, `Humanize trastuzumab\n${PAIR}`);
    const done = await c.finished(m.id);
    expect(done.status).toBe('completed');
    const logs = await c.logs(m.code);
    expect(rows(logs)).toEqual([
      ['Task_number', 1, 'success'],
      ['Task_humanize', 1, 'success'],
      ['Task_check', 1, 'success'],
    ]);
    // The outputs as the mission log holds them (JSON a screen renders).
    type Output = { result: string; validators: unknown; [key: string]: unknown };
    const [numbered, humanized, checked] = logs.map((l) => l.outputs as Output) as [
      Output & { number: { chains: { cdrs: { cdr3: { sequence: string } } }[] } },
      Output & { humanize: { chains: { identity: { before: number; after: number } }[] } },
      Output & { number: { chains: unknown[] } },
    ];
    expect(numbered.number.chains[0].cdrs.cdr3.sequence).toBe('SRWGGDGFYAMDY');
    expect(numbered.result).toMatch(/^IMGT numbering: VH \(heavy/);
    expect(humanized.humanize.chains[0]).toMatchObject({ id: 'VH', parental: VH });
    expect(humanized.humanize.chains[0].identity.after).toBeGreaterThanOrEqual(
      humanized.humanize.chains[0].identity.before,
    );
    // The third node works on the humanized chains: their CDRs are the parent's.
    expect(checked.number.chains[0]).toMatchObject({
      source: 'humanized',
      cdrCheck: { allKept: true },
    });
    expect(checked.validators).toEqual([
      { name: 'JsonKeyNotEmpty', params: 'liabilities.chains', passed: true },
    ]);
    expect(logs[0]).toMatchObject({ nodeName: `number${tag}`, agent: `number${tag}` });
    expect(done.result).toMatchObject({ result: checked.result });

    const executions = await world.executions(m.code);
    expect(executions.map((e) => [e.node_id, e.attempt, e.status, e.runs])).toEqual([
      ['Task_number', 1, 'completed', 1],
      ['Task_humanize', 1, 'completed', 1],
      ['Task_check', 1, 'completed', 1],
    ]);
  });

  it('should rerun from a middle node with the outputs of the nodes before it, not running them again', async () => {
    const id = await workflow(
      (key) =>
        chainDiagram(key, [
          node('Task_number', 'number', 100),
          node('Task_humanize', 'humanize', 250),
          node('Task_check', 'check', 400),
        ]),
      [agents.number, agents.humanize, agents.check],
    );
    const m = await c.start(id, `Humanize trastuzumab\n${PAIR}`);
    const first = await c.finished(m.id);
    expect(first.status).toBe('completed');
    dataOf(await world.post(`/wujie/mission/${m.id}/rerun`, { nodeId: 'Task_humanize' }));
    const second = await eventually(
      () => c.mission(m.id),
      (x) => x.currentRunId !== first.currentRunId && x.status === 'completed',
    );
    expect(second.status).toBe('completed');
    const rerun = (await c.logs(m.code)).filter((l) => l.runId === second.currentRunId);
    expect(rows(rerun)).toEqual([
      ['Task_humanize', 1, 'success'],
      ['Task_check', 1, 'success'],
    ]);
    // The check still works on the humanized chains: the earlier numbering came as output_Task_number.
    expect(rerun[0].inputs).toMatchObject({ previous: ['Task_number'] });
    const checked = rerun[1].outputs as { number: { chains: unknown[] } };
    expect(checked.number.chains[0]).toMatchObject({
      source: 'humanized',
      cdrCheck: { allKept: true },
    });
    const executions = await world.executions(m.code);
    expect(
      executions.filter((e) => e.run_id === second.currentRunId).map((e) => e.node_id),
    ).toEqual(['Task_humanize', 'Task_check']);
  });

  it('should answer the gateway health check', async () => {
    const res = await world.get('/health');
    expect(res.body.data).toMatchObject({
      status: 'UP',
      checks: { agentWorker: 'UP', mysql: { agent: 'UP', workflow: 'UP' }, engine: 'UP' },
    });
    expect(worker).toBeDefined();
  });

  /** A Function node (route) → branch (Equals humanize → humanize, default → number). */
  const routed = (key: string, rules: { params: string; target: string }[], fallback?: string) =>
    branchDiagram(
      key,
      agentNode('Task_route', '路由函数', `route${tag}`, 100, {
        type: 'Function',
        validators: [{ name: 'Equals', params: 'humanize' }],
      }),
      {
        nameen: 'Route',
        type: 'Branch',
        branches: rules.map((r) => ({
          validator: { name: 'Equals', params: r.params },
          target_node: r.target,
        })),
      },
      [node('Task_humanize', 'humanize', 0), node('Task_number', 'number', 0)].filter(
        (t) => t.id === fallback || rules.some((r) => r.target === t.id),
      ),
      fallback,
    );

  it('should route a branch by the validator on the output of the node before it', async () => {
    const id = await workflow(
      (key) => routed(key, [{ params: 'humanize', target: 'Task_humanize' }], 'Task_number'),
      [agents.humanize, agents.number],
    );
    const toHumanize = await c.start(id, `please humanize ${PAIR}`);
    const toNumber = await c.start(id, `please number ${PAIR}`);
    const [a, b] = [await c.finished(toHumanize.id), await c.finished(toNumber.id)];
    expect([a.status, b.status]).toEqual(['completed', 'completed']);
    const humanizeLogs = await c.logs(toHumanize.code);
    expect(rows(humanizeLogs)).toEqual([
      ['Task_route', 1, 'success'],
      ['Task_humanize', 1, 'success'],
    ]);
    expect(humanizeLogs[0].outputs).toMatchObject({
      result: 'humanize',
      function: `route${tag}`,
      validators: [{ name: 'Equals', params: 'humanize', passed: true }],
    });
    const numberLogs = await c.logs(toNumber.code);
    expect(rows(numberLogs)).toEqual([
      ['Task_route', 1, 'success'],
      ['Task_number', 1, 'success'],
    ]);
    expect(numberLogs[0].outputs).toMatchObject({
      result: 'other',
      validators: [{ name: 'Equals', params: 'humanize', passed: false }],
    });
    // What ran in the engine: the routed way only.
    const ran = async (code: string) => {
      const mission = (await c.mission(code === toHumanize.code ? a.id : b.id)).processInstanceId!;
      const history = await world.engine.historicActivityInstances({ processInstanceId: mission });
      return history
        .map((h) => h.activityId)
        .filter((x) => x.startsWith('Task_'))
        .sort();
    };
    expect(await ran(toHumanize.code)).toEqual(['Task_humanize', 'Task_route']);
    expect(await ran(toNumber.code)).toEqual(['Task_number', 'Task_route']);
    expect(routeFunction).toBeGreaterThan(0);
  });

  it('should fail a node at once, with an incident, when no branch rule routes its output and there is no default', async () => {
    const id = await workflow(
      (key) => routed(key, [{ params: 'never', target: 'Task_humanize' }]),
      [agents.humanize],
    );
    const m = await c.start(id, `please humanize ${PAIR}`);
    const done = await c.finished(m.id);
    expect(done.status).toBe('error');
    expect(done.error).toBe(
      'Task_route: The output of node Task_route meets no rule of branch Gateway_route, which has no default flow',
    );
    const logs = await c.logs(m.code);
    expect(rows(logs)).toEqual([['Task_route', 1, 'failed']]);
    expect(logs[0].outputs).toMatchObject({
      result: 'humanize',
      validators: [{ name: 'Equals', params: 'humanize', passed: true }],
    });
    const incidents = await world.engine.incidents({ processInstanceId: done.processInstanceId! });
    expect(incidents).toHaveLength(1);
  });

  it('should retry a failing tool with back-off, then raise an incident and interrupt the mission with the reason', async () => {
    const id = await workflow(
      (key) => chainDiagram(key, [node('Task_structure', 'structure', 100)]),
      [agents.structure],
    );
    predictor.failing = true;
    const before = predictor.calls.length;
    try {
      const m = await c.start(id, `Predict the structure\n${PAIR}`, 'zh');
      const done = await c.finished(m.id);
      expect(done.status).toBe('error');
      expect(done.error).toBe(
        'Task_structure: antibody.structure：结构预测服务调用失败：HTTP 500。',
      );
      const logs = await c.logs(m.code);
      expect(rows(logs)).toEqual([
        ['Task_structure', 1, 'failed'],
        ['Task_structure', 2, 'failed'],
        ['Task_structure', 3, 'failed'],
      ]);
      // Three attempts, each a call to the predictor, spaced by the growing back-off.
      expect(predictor.calls.length - before).toBe(3);
      const started = logs.map((l) => Date.parse(l.startedAt));
      expect(started[2] - started[1]).toBeGreaterThanOrEqual(started[1] - started[0] - 50);
      const [incident] = await world.engine.incidents({
        processInstanceId: done.processInstanceId!,
      });
      expect(incident).toMatchObject({
        activityId: 'Task_structure',
        incidentType: 'failedExternalTask',
      });
      const executions = await world.executions(m.code);
      expect(executions.map((e) => [e.attempt, e.status])).toEqual([
        [1, 'failed'],
        [2, 'failed'],
        [3, 'failed'],
      ]);
    } finally {
      predictor.failing = false;
    }
  });

  it('should ask the owner for a missing sequence and go on with the reply', async () => {
    const id = await workflow(
      (key) => chainDiagram(key, [node('Task_number', 'number', 100)]),
      [agents.number],
    );
    const m = await c.start(id, 'Number my antibody, please');
    const asking = await eventually(
      () => c.mission(m.id),
      (x) => x.status === 'user_input',
    );
    expect(asking.waiting).toMatchObject({
      kind: 'user_input',
      nodeId: 'Task_number',
      question: '请提供抗体的重链和/或轻链可变区序列（FASTA 或直接粘贴序列）。',
      questionEn:
        "Please give the antibody's heavy- and/or light-chain variable-domain sequences (FASTA or plain).",
    });
    // Nothing failed meanwhile: the node is running, its task kept for the reply.
    expect(rows(await c.logs(m.code))).toEqual([['Task_number', 1, 'running']]);
    dataOf(await world.post(`/wujie/mission/${m.id}/reply`, { text: PAIR }));
    const done = await c.finished(m.id);
    expect(done.status).toBe('completed');
    const logs = await c.logs(m.code);
    expect(rows(logs)).toEqual([['Task_number', 1, 'success']]);
    const output = logs[0].outputs as {
      number: { chains: { cdrs: { cdr3: { sequence: string } } }[] };
    };
    expect(output.number.chains[0].cdrs.cdr3.sequence).toBe('SRWGGDGFYAMDY');
    const [execution] = await world.executions(m.code);
    expect(execution).toMatchObject({ attempt: 1, status: 'completed', deliveries: 2, runs: 2 });
  });
});
