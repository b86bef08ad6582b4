import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import {
  dropTestDatabase,
  engineScript,
  freePort,
  operatonMissing,
  spawnService,
  stopService,
} from '@platform/test-support';
import { inject } from 'vitest';

import { OUTPUT } from './browser';
import { mysqlUrl, ROOT } from './stack';

// The real Operaton engine of deploy/engine for one test file, started through scripts/engine.mjs with a
// database of its own and the proxy secret, and a second gateway of this run (same services, same
// namespace) that knows the engine: ENGINE_URL and ENGINE_PROXY_SECRET, as scripts/platform.mjs hands them.

export { operatonMissing };

export interface OperatonGateway {
  /** The second gateway, serving the web app and Cockpit at /operaton. */
  baseUrl: string;
  /** The engine's REST API and the service account's Authorization header. */
  rest: string;
  authorization: string;
  stop(): Promise<void>;
}

async function waitForHealth(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('the Cockpit gateway exited during start-up');
    try {
      const body = (await (await fetch(`${baseUrl}/prod-api/health`)).json()) as {
        data?: { status?: string };
      };
      if (body.data?.status === 'UP') return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`the Cockpit gateway did not become healthy at ${baseUrl}`);
}

export async function startOperatonGateway(): Promise<OperatonGateway> {
  const database = `${inject('database')}_engine`;
  const password = randomBytes(24).toString('base64url');
  const proxySecret = randomBytes(32).toString('base64url');
  mkdirSync(OUTPUT, { recursive: true });
  const script = await engineScript();
  const engine = await script.startEngine({
    env: {
      ...process.env,
      NODE_ENV: 'development',
      ENGINE_HOST: '127.0.0.1',
      ENGINE_PORT: String(await freePort()),
      ENGINE_DB_URL: mysqlUrl(database),
      ENGINE_USER: 'platform',
      ENGINE_PASSWORD: password,
      ENGINE_PROXY_SECRET: proxySecret,
    },
    build: false,
    logFile: join(OUTPUT, 'cockpit-engine.log'),
    log: (line) => process.stderr.write(`${line}\n`),
  });

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const gateway = spawnService(process.execPath, ['services/gateway/dist/main.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      NAMESPACE: inject('namespace'),
      GATEWAY_HOST: '127.0.0.1',
      GATEWAY_PORT: String(port),
      SOCKET_PORT: '-1',
      WEB_DIST: join(ROOT, 'web/dist'),
      WEB_ORIGINS: baseUrl,
      ENGINE_URL: engine.rest,
      ENGINE_PROXY_SECRET: proxySecret,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  gateway.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[cockpit-gateway] ${chunk}`));
  const stop = async () => {
    await stopService(gateway);
    await script.stopEngine(engine.child);
    await dropTestDatabase(database, mysqlUrl(''));
  };
  try {
    await waitForHealth(baseUrl, gateway);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    baseUrl,
    rest: engine.rest,
    authorization: `Basic ${Buffer.from(`platform:${password}`).toString('base64')}`,
    stop,
  };
}
