import { AGENT_TOPIC, type BranchDescriptor } from '@platform/contracts';
import {
  createEngine,
  type EmbeddedEngine,
  type EngineServer,
  startEngineServer,
} from '@platform/engine';
import { CamundaRestClient, type EngineCredentials } from '@platform/engine-client';
import { BasicAuthInterceptor, Client, Variables } from 'camunda-external-task-client-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildBpmnXml, compileWorkflow, type DiagramSpec, routesAfter } from '../src';

// The compiled XML really runs: deployed to the embedded engine (on MySQL, as packages/engine's own
// tests run it) and driven by the real camunda-external-task-client-js, which completes each agent
// task as the agent worker will (route variables from routesAfter). History says which nodes ran.
// MySQL from TEST_MYSQL_* (default root@127.0.0.1:3306), one throwaway database per run.

const AUTH: EngineCredentials = {
  user: 'bpmn-test',
  password: 'Bpmn-test-engine-password-1234567890',
};

const ROUTE: BranchDescriptor = {
  nameen: 'Route',
  type: 'Branch',
  branches: [
    { validator: { name: 'Equals', params: 'humanize' }, target_node: 'Task_humanize' },
    {
      validator: { name: 'WithIn', params: ['epitope', 'structure'] },
      target_node: 'Task_predict',
    },
  ],
};

const agent = (id: string, name: string, nameen: string, x: number, y = 100) => ({
  id,
  type: 'userTask',
  name,
  agent: { nameen, type: 'Agent', instruction: `Do ${nameen}`, output: '', validators: [] },
  x,
  y,
});

/** start → plan → route (humanize | predict | default report) → end. */
const DIAGRAM: DiagramSpec = {
  id: 'compiled_route',
  name: '编译后的分支',
  nodes: [
    { id: 'Start', type: 'startEvent', x: 0, y: 122 },
    agent('Task_plan', '规划', 'Plan', 100),
    {
      id: 'Gateway_route',
      type: 'exclusiveGateway',
      name: '路由',
      branch: ROUTE,
      default: 'F_default',
      x: 250,
      y: 115,
    },
    agent('Task_humanize', '人源化', 'Humanize', 400, 0),
    agent('Task_predict', '预测', 'Predict', 400, 100),
    agent('Task_report', '报告', 'Report', 400, 200),
    { id: 'End', type: 'endEvent', x: 550, y: 122 },
  ],
  flows: [
    { id: 'F1', source: 'Start', target: 'Task_plan' },
    { id: 'F2', source: 'Task_plan', target: 'Gateway_route' },
    { id: 'F3', source: 'Gateway_route', target: 'Task_humanize' },
    { id: 'F4', source: 'Gateway_route', target: 'Task_predict' },
    { id: 'F_default', source: 'Gateway_route', target: 'Task_report' },
    { id: 'F5', source: 'Task_humanize', target: 'End' },
    { id: 'F6', source: 'Task_predict', target: 'End' },
    { id: 'F7', source: 'Task_report', target: 'End' },
  ],
};

const AGENTS = ['规划', '人源化', '预测', '报告'].map((name) => ({ name }));

describe('compiled workflow on the embedded engine', () => {
  const database = `t_bpmn_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  let engine: EmbeddedEngine;
  let server: EngineServer;
  let rest: CamundaRestClient;
  let worker: Client;
  let polling = false;
  /** What the plan agent "outputs", per process instance (the test's stand-in for a model). */
  const planOutputs = new Map<string, unknown>();

  beforeAll(async () => {
    const compiled = await compileWorkflow(buildBpmnXml(DIAGRAM), { agents: AGENTS });
    if (!compiled.ok) throw new Error(JSON.stringify(compiled.problems));
    engine = await createEngine({
      mysql: {
        host: process.env.TEST_MYSQL_HOST ?? '127.0.0.1',
        port: Number(process.env.TEST_MYSQL_PORT ?? 3306),
        user: process.env.TEST_MYSQL_USER ?? 'root',
        password: process.env.TEST_MYSQL_PASSWORD ?? '',
        database,
      },
      timerPollInterval: 500,
    });
    server = await startEngineServer({ engine, port: 0, auth: AUTH });
    rest = new CamundaRestClient({ baseUrl: server.url, auth: AUTH });
    await rest.deploy({
      deploymentName: 'compiled',
      resources: [{ name: 'compiled_route.bpmn', content: compiled.xml }],
    });

    worker = new Client({
      baseUrl: server.url,
      workerId: 'bpmn-test-worker',
      asyncResponseTimeout: 10_000,
      interval: 20,
      lockDuration: 20_000,
      interceptors: [new BasicAuthInterceptor({ username: AUTH.user, password: AUTH.password })],
    });
    worker.on('poll:start', () => (polling = true));
    worker.on('poll:success', () => (polling = false));
    worker.on('poll:error', () => (polling = false));
    worker.subscribe(AGENT_TOPIC, async ({ task, taskService }) => {
      const output = task.activityId === 'Task_plan' ? planOutputs.get(task.processInstanceId) : {};
      const routes = routesAfter(compiled.graph, task.activityId, output);
      const variables = new Variables();
      for (const [name, target] of Object.entries(routes.variables)) variables.set(name, target);
      await taskService.complete(task, variables);
    });
  }, 60_000);

  afterAll(async () => {
    worker?.stop();
    // The last long poll is still open: answer it so the client stops before the server does.
    while (polling) {
      engine.longPoll.cancelWorker('bpmn-test-worker');
      await new Promise((r) => setTimeout(r, 5));
    }
    await server?.close();
    await engine?.db.pool.query(`DROP DATABASE IF EXISTS \`${database}\``);
    await engine?.close();
  }, 60_000);

  async function run(output: unknown): Promise<string[]> {
    const instance = await rest.startProcessInstanceByKey('compiled_route', {});
    planOutputs.set(instance.id, output);
    const until = Date.now() + 20_000;
    for (;;) {
      const [history] = await rest.historicProcessInstances({ processInstanceId: instance.id });
      if (history?.state === 'COMPLETED') break;
      if (history && history.state !== 'ACTIVE') throw new Error(`instance ${history.state}`);
      if (Date.now() > until) throw new Error('the instance did not complete in time');
      await new Promise((r) => setTimeout(r, 50));
    }
    const activities = await rest.historicActivityInstances({ processInstanceId: instance.id });
    expect(activities.every((a) => !a.canceled && a.endTime)).toBe(true);
    return activities.map((a) => a.activityId).sort();
  }

  it('should deploy the agent tasks as external tasks on the agent topic', async () => {
    const definition = await rest.getProcessDefinitionByKey('compiled_route');
    expect(definition.key).toBe('compiled_route');
    const { bpmn20Xml } = await rest.getProcessDefinitionXmlByKey('compiled_route');
    expect(bpmn20Xml).toContain('camunda:topic="agent"');
  });

  it.each([
    ['a first rule', { result: 'humanize' }, 'Task_humanize'],
    ['a second rule', '{"result":"structure"}', 'Task_predict'],
    ['the default flow', { result: 'nothing matches' }, 'Task_report'],
  ])(
    'should take %s when the worker sets the route so',
    async (_, output, target) => {
      const ran = await run(output);
      expect(ran).toEqual(['End', 'Gateway_route', 'Start', 'Task_plan', target].sort());
    },
    30_000,
  );
});
