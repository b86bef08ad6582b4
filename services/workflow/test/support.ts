import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { buildBpmnXml, type DiagramSpec } from '@platform/bpmn';
import {
  createEngine,
  type EmbeddedEngine,
  type EngineServer,
  startEngineServer,
} from '@platform/engine';
import type { EngineCredentials } from '@platform/engine-client';
import { identityStarter } from '@platform/identity';
import { dropDatabase, parseMysqlUrl } from '@platform/nest-common';
import {
  ADMIN_PASSWORD,
  api,
  login,
  mysqlBase,
  setCaptcha,
  startStack,
  type TestStack,
} from '@platform/test-support';
import type { Response } from 'supertest';

import { workflowStarter } from '../src';

// A gateway + identity + workflow stack signed in as admin, and helpers to call it as a browser
// would (JSON, bearer token, duplicate-submit guard off so a test may repeat a call).

export interface WorkflowStack {
  stack: TestStack;
  token: string;
  get(path: string, lang?: 'zh' | 'en'): Promise<Response>;
  post(path: string, body?: object, lang?: 'zh' | 'en'): Promise<Response>;
  put(path: string, body: object, lang?: 'zh' | 'en'): Promise<Response>;
  del(path: string): Promise<Response>;
  close(): Promise<void>;
}

export async function startWorkflowStack(env: Record<string, string> = {}): Promise<WorkflowStack> {
  const stack = await startStack([identityStarter, workflowStarter], env);
  await setCaptcha(stack, false);
  const token = await login(stack, 'admin', ADMIN_PASSWORD);
  const send = (req: ReturnType<ReturnType<typeof api>['get']>, lang: string) =>
    req.set('Authorization', `Bearer ${token}`).set('repeatSubmit', 'false').set('lang', lang);
  return {
    stack,
    token,
    get: (path, lang = 'zh') => send(api(stack).get(`/prod-api${path}`), lang),
    post: (path, body = {}, lang = 'zh') =>
      send(api(stack).post(`/prod-api${path}`), lang).send(body),
    put: (path, body, lang = 'zh') => send(api(stack).put(`/prod-api${path}`), lang).send(body),
    del: (path) => send(api(stack).delete(`/prod-api${path}`), 'zh'),
    close: () => stack.close(),
  };
}

/** The body's data, failing with the whole answer when the call did not succeed. */
export function dataOf<T = Record<string, unknown>>(res: Response): T {
  if (res.body.code !== 200) {
    throw new Error(`HTTP ${res.status}: ${JSON.stringify(res.body).slice(0, 600)}`);
  }
  return res.body.data as T;
}

export const FIXTURE_XML = readFileSync(
  join(__dirname, '../../../packages/bpmn/test/fixtures/agent-branch.bpmn'),
  'utf8',
);

/** start → agent(s) → end under a key, valid for the runtime. */
export function agentChain(key: string, name = key, agents = ['Plan']): string {
  const spec: DiagramSpec = {
    id: key,
    name,
    nodes: [
      { id: 'Start', type: 'startEvent', x: 0, y: 0 },
      ...agents.map((nameen, i) => ({
        id: `Task_${i + 1}`,
        type: 'userTask',
        name: `任务${i + 1}`,
        agent: { nameen, type: 'Agent', instruction: `do ${nameen}`, output: '', validators: [] },
        x: 100 + i * 150,
        y: 0,
      })),
      { id: 'End', type: 'endEvent', x: 150 + agents.length * 150, y: 0 },
    ],
    flows: [],
  };
  const ids = spec.nodes.map((n) => n.id);
  spec.flows = ids.slice(1).map((target, i) => ({ id: `Flow_${i + 1}`, source: ids[i], target }));
  return buildBpmnXml(spec);
}

/** Creates an agent and returns its id. */
export async function createAgent(s: WorkflowStack, name = `智能体${Date.now()}`) {
  return dataOf<{ id: number }>(await s.post('/wujie/agent', { name, nameEn: 'Agent' })).id;
}

// Shared with the other suites; re-exported so this suite's files keep importing them from here.
export { eventually, freePort } from '@platform/test-support';

/** An embedded engine of its own (its own database) serving Camunda REST, as a remote engine would. */
export interface StandaloneEngine {
  engine: EmbeddedEngine;
  server: EngineServer;
  /** Stops the server (if a test has not already), the engine, and drops its database. */
  close(): Promise<void>;
}

export async function startStandaloneEngine(
  auth: EngineCredentials,
  name: string,
): Promise<StandaloneEngine> {
  const databaseUrl = `${mysqlBase()}/t_${name}_${process.pid}_${Date.now().toString(36)}`;
  const engine = await createEngine({ mysql: parseMysqlUrl(databaseUrl) });
  const server = await startEngineServer({ engine, auth, host: '127.0.0.1', port: 0 });
  return {
    engine,
    server,
    close: async () => {
      await server.close().catch(() => undefined);
      await engine.close();
      await dropDatabase(databaseUrl);
    },
  };
}
