import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { freePorts, spawnService, stopService } from '@platform/test-support';
import { createConnection } from 'mysql2/promise';

import { startStubPredictor } from './stub-predictor';

// Starts the real backend for the browser tests: the identity and workflow services and the gateway (serving the built
// web app), on free ports, with a database and a transport namespace of their own, and stops them after.
// The gateway's structure predictor is a local stub (stub-predictor.ts), the one external service here.
// The workflow service's embedded engine serves its REST API on a free port with a password of this
// run, so that the agent worker (started when it is built) runs the agent nodes of missions.

export const ROOT = join(import.meta.dirname, '..', '..');
export const ADMIN_PASSWORD = 'E2e#Admin2024';

const mysql = {
  host: process.env.TEST_MYSQL_HOST ?? '127.0.0.1',
  port: Number(process.env.TEST_MYSQL_PORT ?? 3306),
  user: process.env.TEST_MYSQL_USER ?? 'root',
  password: process.env.TEST_MYSQL_PASSWORD ?? '',
};

export interface Stack {
  baseUrl: string;
  socketPort: number;
  database: string;
  namespace: string;
  /** The agent worker's process id (it runs when services/agent-worker is built), else 0. */
  agentWorkerPid: number;
  /** The workflow service's embedded engine: its REST API and the service account's Authorization. */
  engineRest: string;
  engineAuthorization: string;
  stop(): Promise<void>;
}

/** The engine's service account (the workflow service's ENGINE_USER default). */
const ENGINE_USER = 'platform';
const AGENT_WORKER = 'services/agent-worker/dist/main.js';

export function mysqlUrl(database: string): string {
  const auth = mysql.password ? `${mysql.user}:${encodeURIComponent(mysql.password)}` : mysql.user;
  return `mysql://${auth}@${mysql.host}:${mysql.port}/${database}`;
}

/** A service in a process group of its own, ended with the test run however that ends. */
function start(name: string, script: string, env: Record<string, string>): ChildProcess {
  const child = spawnService(process.execPath, [script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[${name}] ${chunk}`));
  return child;
}

async function waitForHealth(baseUrl: string, children: ChildProcess[]): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (children.some((child) => child.exitCode !== null)) {
      throw new Error('a backend process exited during start-up (see its output above)');
    }
    try {
      const response = await fetch(`${baseUrl}/prod-api/health`);
      const body = (await response.json()) as { data?: { status?: string } };
      if (body.data?.status === 'UP') return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the backend did not become healthy at ${baseUrl}`);
}

const REQUIRED_BUILDS = [
  'services/identity/dist/main.js',
  'services/workflow/dist/main.js',
  'services/billing/dist/main.js',
  'services/notification/dist/main.js',
  'services/gateway/dist/main.js',
  'web/dist/index.html',
];

export async function startStack(): Promise<Stack> {
  const missing = REQUIRED_BUILDS.filter((file) => !existsSync(join(ROOT, file)));
  if (missing.length) {
    throw new Error(`build first (pnpm -r run build); missing: ${missing.join(', ')}`);
  }
  const tag = `${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const database = `t_e2e_${tag}`;
  const [port, socketPort, enginePort] = (await freePorts(3)) as [number, number, number];
  const baseUrl = `http://127.0.0.1:${port}`;
  const namespace = `e2e${tag}`;
  const common = { NODE_ENV: 'development', NAMESPACE: namespace, LOG_LEVEL: 'warn' };
  const engine = {
    ENGINE_USER,
    ENGINE_PASSWORD: randomBytes(12).toString('hex'),
    ENGINE_URL: `http://127.0.0.1:${enginePort}/engine-rest`,
  };
  const predictor = await startStubPredictor();
  const identity = start('identity', 'services/identity/dist/main.js', {
    ...common,
    IDENTITY_DB_URL: mysqlUrl(database),
    ADMIN_PASSWORD,
  });
  const workflow = start('workflow', 'services/workflow/dist/main.js', {
    ...common,
    WORKFLOW_DB_URL: mysqlUrl(`${database}_wf`),
    ENGINE_PORT: String(enginePort),
    ENGINE_USER,
    ENGINE_PASSWORD: engine.ENGINE_PASSWORD,
  });
  const billing = start('billing', 'services/billing/dist/main.js', {
    ...common,
    BILLING_DB_URL: mysqlUrl(`${database}_billing`),
  });
  // In-app messages and the events' live pushes (the bell in the header).
  const notification = start('notification', 'services/notification/dist/main.js', {
    ...common,
    NOTIFICATION_DB_URL: mysqlUrl(`${database}_notify`),
  });
  const gateway = start('gateway', 'services/gateway/dist/main.js', {
    ...common,
    GATEWAY_HOST: '127.0.0.1',
    GATEWAY_PORT: String(port),
    SOCKET_PORT: String(socketPort),
    // E2E_WEB_DIST: a copy of the build, so that a rebuild of web/dist during the run cannot pull the
    // app's files from under the browser.
    WEB_DIST: process.env.E2E_WEB_DIST ?? join(ROOT, 'web/dist'),
    WEB_ORIGINS: baseUrl,
    STRUCTURE_PREDICTOR_URL: predictor.url,
  });
  const children = [identity, workflow, billing, notification, gateway];
  const agentWorker = existsSync(join(ROOT, AGENT_WORKER))
    ? start('agent-worker', AGENT_WORKER, {
        ...common,
        ...engine,
        AGENT_DB_URL: mysqlUrl(`${database}_agent`),
        STRUCTURE_PREDICTOR_URL: predictor.url,
        // Short polls and back-off: a test waits seconds, not the production minutes.
        AGENT_WORKER_POLL_TIMEOUT_MS: '2000',
        AGENT_WORKER_RETRY_MS: '500',
      })
    : null;
  if (agentWorker) children.push(agentWorker);
  const stop = async () => {
    await Promise.all(children.map((child) => stopService(child)));
    await predictor.close();
    const connection = await createConnection(mysql);
    await connection.query(`DROP DATABASE IF EXISTS \`${database}\``);
    await connection.query(`DROP DATABASE IF EXISTS \`${database}_wf\``);
    await connection.query(`DROP DATABASE IF EXISTS \`${database}_agent\``);
    await connection.query(`DROP DATABASE IF EXISTS \`${database}_billing\``);
    await connection.query(`DROP DATABASE IF EXISTS \`${database}_notify\``);
    await connection.end();
  };
  try {
    await waitForHealth(baseUrl, children);
    await markAdminTourSeen(mysql, database);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    baseUrl,
    socketPort,
    database,
    namespace,
    agentWorkerPid: agentWorker?.pid ?? 0,
    engineRest: engine.ENGINE_URL,
    engineAuthorization: `Basic ${Buffer.from(`${ENGINE_USER}:${engine.ENGINE_PASSWORD}`).toString('base64')}`,
    stop,
  };
}

/**
 * The chat's guided tour shows on a user's first visit to their landing page. The administrator of
 * this stack has "seen" it, so tests about other screens are not raced by its popover; the tour's
 * own tests use new users.
 */
async function markAdminTourSeen(mysql: Parameters<typeof createConnection>[0], database: string) {
  const connection = await createConnection(mysql);
  try {
    await connection.query(`UPDATE \`${database}\`.sys_user SET tour = 1 WHERE user_id = 1`);
  } finally {
    await connection.end();
  }
}
