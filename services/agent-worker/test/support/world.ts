import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';

import type { INestMicroservice } from '@nestjs/common';
import { buildBpmnXml, type DiagramSpec } from '@platform/bpmn';
import type {
  AgentDescriptor,
  BranchDescriptor,
  MissionLogView,
  MissionView,
} from '@platform/contracts';
import { CamundaRestClient } from '@platform/engine-client';
import { identityStarter } from '@platform/identity';
import { dropDatabase, parseMysqlUrl } from '@platform/nest-common';
import {
  ADMIN_PASSWORD,
  api,
  eventually,
  freePort,
  login,
  mysqlBase,
  setCaptcha,
  spawnService,
  startStack,
  stopService,
  type TestStack,
} from '@platform/test-support';
import { workflowStarter } from '@platform/workflow';
import { type Connection, createConnection } from 'mysql2/promise';
import type { Response, Test } from 'supertest';

import { loadAgentWorkerEnv, startAgentWorker } from '../../src';

// A platform for the worker's tests: gateway + identity + workflow (with its embedded engine on a
// free port, credentials required) in this process over the real Redis transport and MySQL, and
// agent workers started in-process or as child processes of dist/main.js on their own database.

export const ENGINE_AUTH = {
  user: 'agenttest',
  password: 'Agent-worker-test-engine-password-0123456789',
};

// Shared with the other suites; re-exported so this suite's files keep importing them from here.
export { eventually, freePort };

export interface ExecutionRow {
  run_id: string;
  node_id: string;
  attempt: number;
  status: string;
  deliveries: number;
  runs: number;
  outputs: unknown;
  variables: unknown;
}

export interface World {
  stack: TestStack;
  engine: CamundaRestClient;
  engineUrl: string;
  get(path: string, lang?: 'zh' | 'en'): Promise<Response>;
  /** A request on its way (awaitable for its Response; headers can still be set). */
  post(path: string, body?: object, lang?: 'zh' | 'en'): Test;
  /** The env of a worker of this world (its database, the stack's namespace, the engine). */
  workerEnv(extra?: Record<string, string>): Record<string, string>;
  startWorker(extra?: Record<string, string>): Promise<INestMicroservice>;
  /** A worker as its own process (node dist/main.js), its output collected. */
  spawnWorker(extra?: Record<string, string>): ChildProcess & { output: string[] };
  executions(missionCode: string): Promise<ExecutionRow[]>;
  close(): Promise<void>;
}

/**
 * Starts the platform. `env.ENGINE_URL` puts it on a real Operaton / Camunda 7 (credentials
 * ENGINE_AUTH); otherwise the workflow service runs the embedded engine on a free port.
 */
export async function startWorld(env: Record<string, string> = {}): Promise<World> {
  const port = await freePort();
  const stack = await startStack([identityStarter, workflowStarter], {
    ENGINE_PORT: String(port),
    ENGINE_USER: ENGINE_AUTH.user,
    ENGINE_PASSWORD: ENGINE_AUTH.password,
    MISSION_RECONCILE_MS: '300',
    ...env,
  });
  await setCaptcha(stack, false);
  const token = await login(stack, 'admin', ADMIN_PASSWORD);
  const engineUrl = env.ENGINE_URL ?? `http://127.0.0.1:${port}/engine-rest`;
  const agentDbUrl = `${mysqlBase()}/t_${stack.namespace}_agent`;
  const workers: INestMicroservice[] = [];
  const children: ChildProcess[] = [];
  let agentDb: Connection | null = null;
  const send = (req: ReturnType<ReturnType<typeof api>['get']>, lang: string) =>
    req.set('Authorization', `Bearer ${token}`).set('repeatSubmit', 'false').set('lang', lang);
  const workerEnv = (extra: Record<string, string> = {}) => ({
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    NAMESPACE: stack.namespace,
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0',
    AGENT_DB_URL: agentDbUrl,
    ENGINE_URL: engineUrl,
    ENGINE_USER: ENGINE_AUTH.user,
    ENGINE_PASSWORD: ENGINE_AUTH.password,
    AGENT_WORKER_LOCK_MS: '3000',
    AGENT_WORKER_POLL_TIMEOUT_MS: '1000',
    AGENT_WORKER_POLL_INTERVAL_MS: '20',
    AGENT_WORKER_RETRY_MS: '100',
    AGENT_WORKER_RETRY_MAX_MS: '400',
    AGENT_WORKER_DRAIN_MS: '500',
    ...extra,
  });
  return {
    stack,
    engine: new CamundaRestClient({ baseUrl: engineUrl, auth: ENGINE_AUTH }),
    engineUrl,
    get: (path, lang = 'zh') => send(api(stack).get(`/prod-api${path}`), lang),
    post: (path, body = {}, lang = 'zh') =>
      send(api(stack).post(`/prod-api${path}`), lang).send(body),
    workerEnv,
    async startWorker(extra) {
      const app = await startAgentWorker(loadAgentWorkerEnv(workerEnv(extra)));
      workers.push(app);
      return app;
    },
    spawnWorker(extra) {
      const child = spawnService(process.execPath, [join(__dirname, '../../dist/main.js')], {
        env: { PATH: process.env.PATH, ...workerEnv(extra) },
        stdio: ['ignore', 'pipe', 'pipe'],
      }) as ChildProcess & { output: string[] };
      child.output = [];
      for (const stream of [child.stdout, child.stderr]) {
        stream?.on('data', (chunk: Buffer) => child.output.push(chunk.toString('utf8')));
      }
      children.push(child);
      return child;
    },
    async executions(missionCode) {
      if (!agentDb) {
        const { host, port: p, user, password, database } = parseMysqlUrl(agentDbUrl);
        agentDb = await createConnection({ host, port: p, user, password, database });
      }
      const [rows] = await agentDb.query(
        'SELECT * FROM agent_task_execution WHERE mission_code = ? ORDER BY id',
        [missionCode],
      );
      return rows as ExecutionRow[];
    },
    async close() {
      await Promise.all(children.map((child) => stopService(child, 'SIGKILL')));
      for (const app of workers) await app.close().catch(() => undefined);
      await agentDb?.end();
      await stack.close();
      await dropDatabase(agentDbUrl);
    },
  };
}

/** The body's data, failing with the whole answer when the call did not succeed. */
export function dataOf<T = Record<string, unknown>>(res: Response): T {
  if (res.body.code !== 200) {
    throw new Error(`HTTP ${res.status}: ${JSON.stringify(res.body).slice(0, 600)}`);
  }
  return res.body.data as T;
}

// --- building workflows --------------------------------------------------------------------------

export const agentNode = (
  id: string,
  name: string,
  nameen: string,
  x: number,
  extra: Partial<AgentDescriptor> = {},
) => ({
  id,
  type: 'userTask',
  name,
  agent: {
    nameen,
    type: 'Agent',
    instruction: `Run ${nameen}`,
    output: '',
    validators: [],
    ...extra,
  },
  x,
  y: 100,
});

/** start → the agents in order → end. */
export function chainDiagram(key: string, nodes: ReturnType<typeof agentNode>[]): string {
  const spec: DiagramSpec = {
    id: key,
    name: key,
    nodes: [
      { id: 'Start', type: 'startEvent', x: 0, y: 122 },
      ...nodes,
      { id: 'End', type: 'endEvent', x: 150 + nodes.length * 150, y: 122 },
    ],
    flows: [],
  };
  const ids = spec.nodes.map((n) => n.id);
  spec.flows = ids.slice(1).map((target, i) => ({ id: `Flow_${i + 1}`, source: ids[i], target }));
  return buildBpmnXml(spec);
}

/** start → first → gateway (rules, default) → one of the targets → end. */
export function branchDiagram(
  key: string,
  first: ReturnType<typeof agentNode>,
  branch: BranchDescriptor,
  targets: ReturnType<typeof agentNode>[],
  defaultTarget?: string,
): string {
  const spec: DiagramSpec = {
    id: key,
    name: key,
    nodes: [
      { id: 'Start', type: 'startEvent', x: 0, y: 122 },
      first,
      {
        id: 'Gateway_route',
        type: 'exclusiveGateway',
        name: '路由',
        branch,
        ...(defaultTarget ? { default: `Flow_to_${defaultTarget}` } : {}),
        x: 300,
        y: 115,
      },
      ...targets.map((t, i) => ({ ...t, x: 450, y: i * 120 })),
      { id: 'End', type: 'endEvent', x: 650, y: 122 },
    ],
    flows: [
      { id: 'Flow_start', source: 'Start', target: first.id },
      { id: 'Flow_route', source: first.id, target: 'Gateway_route' },
      ...targets.flatMap((t) => [
        { id: `Flow_to_${t.id}`, source: 'Gateway_route', target: t.id },
        { id: `Flow_end_${t.id}`, source: t.id, target: 'End' },
      ]),
    ],
  };
  return buildBpmnXml(spec);
}

// --- the platform's API --------------------------------------------------------------------------

export interface Catalogue {
  skill(name: string, tools: string[], functionIds?: number[]): Promise<number>;
  agent(name: string, nameEn: string, skillIds: number[]): Promise<number>;
  fn(name: string, code: string, params: { name: string; type: string }[]): Promise<number>;
  workflow(name: string, xml: string, agentIds: number[]): Promise<number>;
  start(
    workflowId: number,
    text: string,
    lang?: 'zh' | 'en',
  ): Promise<{ id: number; code: string }>;
  mission(id: number): Promise<MissionView>;
  logs(code: string): Promise<MissionLogView[]>;
  finished(id: number, timeoutMs?: number): Promise<MissionView>;
}

export function catalogue(world: World): Catalogue {
  const c: Catalogue = {
    async skill(name, tools, functionIds = []) {
      return dataOf<{ id: number }>(
        await world.post('/wujie/skill', { name, nameEn: name, tools, functionIds }),
      ).id;
    },
    async agent(name, nameEn, skillIds) {
      return dataOf<{ id: number }>(await world.post('/wujie/agent', { name, nameEn, skillIds }))
        .id;
    },
    async fn(name, code, params) {
      return dataOf<{ id: number }>(
        await world.post('/wujie/functions', {
          name,
          tags: ['test'],
          code,
          params: params.map((p) => ({ ...p, required: false, description: '' })),
        }),
      ).id;
    },
    async workflow(name, xml, agentIds) {
      return dataOf<{ id: number }>(
        await world.post('/wujie/workflow', { name, status: '2', agentIds, workflow: xml }),
      ).id;
    },
    async start(workflowId, text, lang = 'en') {
      return dataOf<{ id: number; code: string }>(
        await world.post('/wujie/mission', { workflowId, inputs: { text } }, lang),
      );
    },
    async mission(id) {
      return dataOf<MissionView>(await world.get(`/wujie/mission/${id}`));
    },
    async logs(code) {
      return (await world.get(`/wujie/missionLog/list?missionCode=${code}&pageSize=100`)).body
        .rows as MissionLogView[];
    },
    finished(id, timeoutMs = 45_000) {
      return eventually(
        () => c.mission(id),
        (m) => ['completed', 'error', 'stopped'].includes(m.status),
        timeoutMs,
      );
    },
  };
  return c;
}
