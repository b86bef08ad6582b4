import type { ChildProcess } from 'node:child_process';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import { dropDatabase, parseMysqlUrl } from '@platform/nest-common';
import { mysqlBase } from '@platform/test-support';

import { ENGINE_AUTH, freePort } from './world';

// The real Operaton (deploy/engine, the platform's engine) for the worker's tests, started through
// scripts/engine.mjs on a free loopback port with a database of its own and ENGINE_AUTH.

const root = join(__dirname, '..', '..', '..', '..');
const JAR = join(root, 'deploy', 'engine', 'target', 'platform-engine.jar');

interface EngineScript {
  startEngine(options: {
    env: Record<string, string | undefined>;
    build?: boolean;
    logFile?: string;
    log?: (line: string) => void;
  }): Promise<{ child: ChildProcess; rest: string }>;
  stopEngine(child: ChildProcess): Promise<void>;
  /** JVM options for a short-lived engine (C1 only). */
  TEST_JAVA_OPTS: string[];
}

/** Why Operaton cannot run here (no Java, no jar: `node scripts/engine.mjs build`), or null. */
export function operatonMissing(): string | null {
  const java = process.env.JAVA_HOME ? join(process.env.JAVA_HOME, 'bin', 'java') : 'java';
  if (spawnSync(java, ['-version'], { stdio: 'ignore' }).status !== 0) return 'no Java';
  return existsSync(JAR) ? null : `no ${JAR}`;
}

export async function startOperaton(): Promise<{ url: string; stop(): Promise<void> }> {
  const script = (await import(
    pathToFileURL(join(root, 'scripts', 'engine.mjs')).href
  )) as EngineScript;
  const dbUrl = `${mysqlBase()}/t_operaton_agent_${process.pid}`;
  const { user, password, host, port } = parseMysqlUrl(dbUrl);
  const credentials = password
    ? `${encodeURIComponent(user)}:${encodeURIComponent(password)}`
    : encodeURIComponent(user);
  const engine = await script.startEngine({
    build: false,
    logFile: join(root, '.run', 'operaton-agent-test.log'),
    log: () => undefined,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      JAVA_HOME: process.env.JAVA_HOME,
      TZ: 'UTC',
      NODE_ENV: 'test',
      ENGINE_JAVA_OPTS: script.TEST_JAVA_OPTS.join(' '),
      ENGINE_HOST: '127.0.0.1',
      ENGINE_PORT: String(await freePort()),
      ENGINE_DB_URL: `mysql://${credentials}@${host}:${port}/t_operaton_agent_${process.pid}`,
      ENGINE_USER: ENGINE_AUTH.user,
      ENGINE_PASSWORD: ENGINE_AUTH.password,
    },
  });
  return {
    url: engine.rest,
    async stop() {
      await script.stopEngine(engine.child);
      await dropDatabase(dbUrl);
    },
  };
}
