import type { ChildProcess } from 'node:child_process';
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import type { EngineCredentials } from '@platform/engine-client';
import { createConnection } from 'mysql2/promise';

import type { MysqlOptions } from '../../src';

const repositoryRoot = join(__dirname, '..', '..', '..', '..');

/** The runnable jar `scripts/engine.mjs` builds (deploy/engine, Maven finalName platform-engine). */
export const OPERATON_JAR = join(
  repositoryRoot,
  'deploy',
  'engine',
  'target',
  'platform-engine.jar',
);

/** What scripts/engine.mjs exports that the tests use (the script has no type declarations). */
export interface EngineScript {
  startEngine(options: {
    env: Record<string, string | undefined>;
    timeoutMs?: number;
    log?: (line: string) => void;
    build?: boolean;
    logFile?: string;
  }): Promise<{ child: ChildProcess; version: string; startMs: number; rest: string }>;
  stopEngine(child: ChildProcess, graceMs?: number): Promise<void>;
  /** JVM options for a short-lived engine (C1 only). */
  TEST_JAVA_OPTS: string[];
  waitForEngine(options: {
    env: Record<string, string | undefined>;
    timeoutMs?: number;
    child?: ChildProcess;
  }): Promise<string>;
}

/** The exports of scripts/engine.mjs. */
export async function engineScript(): Promise<EngineScript> {
  return (await import(
    pathToFileURL(join(repositoryRoot, 'scripts', 'engine.mjs')).href
  )) as EngineScript;
}

/**
 * Why the Operaton side of a test cannot run here, or null when it can: it needs Java and the jar
 * (`bash scripts/test.sh` builds it first; by hand: `node scripts/engine.mjs build`).
 */
export function operatonMissing(): string | null {
  const java = process.env.JAVA_HOME ? join(process.env.JAVA_HOME, 'bin', 'java') : 'java';
  if (spawnSync(java, ['-version'], { stdio: 'ignore' }).status !== 0) {
    return 'no Java on this machine (Operaton needs Java 17)';
  }
  if (!existsSync(OPERATON_JAR)) {
    return `the Operaton jar is missing (${OPERATON_JAR}): run \`node scripts/engine.mjs build\``;
  }
  return null;
}

export interface RunningOperaton {
  /** e.g. http://127.0.0.1:41234/engine-rest */
  url: string;
  /** Its Prometheus figures on the loopback management port (ENGINE_METRICS_PORT). */
  metricsUrl: string;
  /** The JVM's process id. */
  pid: number;
  version: string;
  startMs: number;
  stop(): Promise<void>;
}

/** A loopback port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Drops a test database (the engines create theirs when missing). */
export async function dropDatabase(
  mysql: Omit<MysqlOptions, 'database'>,
  database: string,
): Promise<void> {
  const conn = await createConnection({ ...mysql });
  await conn.query(`DROP DATABASE IF EXISTS \`${database}\``);
  await conn.end();
}

export interface OperatonProcess {
  /** The JVM itself (scripts/engine.mjs spawns java directly), e.g. for a SIGKILL. */
  child: ChildProcess;
  /** e.g. http://127.0.0.1:41234/engine-rest */
  url: string;
  version: string;
  startMs: number;
}

/**
 * Starts the jar through scripts/engine.mjs on `port` with `database` on the test MySQL (Operaton
 * creates it and its tables when missing and keeps what is there: a second launch on the same
 * database and port resumes the first one's state). The JVM runs in UTC, so its dates read like the
 * embedded engine's (`+0000`). Its log goes to `logFile`.
 */
export async function launchOperaton(options: {
  mysql: Omit<MysqlOptions, 'database'>;
  database: string;
  port: number;
  auth: EngineCredentials;
  logFile: string;
  /** ENGINE_METRICS_PORT (Prometheus figures); none by default. */
  metricsPort?: number;
}): Promise<OperatonProcess> {
  const { mysql, database, port, auth, logFile, metricsPort } = options;
  const script = await engineScript();
  const credentials = mysql.password
    ? `${encodeURIComponent(mysql.user)}:${encodeURIComponent(mysql.password)}`
    : encodeURIComponent(mysql.user);
  const engine = await script.startEngine({
    build: false,
    logFile,
    log: () => undefined,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      JAVA_HOME: process.env.JAVA_HOME,
      TZ: 'UTC',
      NODE_ENV: 'test',
      ENGINE_JAVA_OPTS: script.TEST_JAVA_OPTS.join(' '),
      ENGINE_HOST: '127.0.0.1',
      ENGINE_PORT: String(port),
      ENGINE_DB_URL: `mysql://${credentials}@${mysql.host}:${mysql.port}/${database}`,
      ENGINE_USER: auth.user,
      ENGINE_PASSWORD: auth.password,
      ENGINE_TOKEN: auth.token,
      ENGINE_METRICS_PORT: String(metricsPort ?? 0),
    },
  });
  return {
    child: engine.child,
    url: engine.rest,
    version: engine.version,
    startMs: engine.startMs,
  };
}

/**
 * Starts the real Operaton jar on a free loopback port, with its own database `t_operaton_…` on
 * the test MySQL (dropped again by stop()) and the given credentials.
 */
export async function startOperaton(
  mysql: Omit<MysqlOptions, 'database'>,
  auth: EngineCredentials,
): Promise<RunningOperaton> {
  const script = await engineScript();
  const database = `t_operaton_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const port = await freePort();
  const metricsPort = await freePort();
  const logFile = join(tmpdir(), `operaton-${database}.log`);
  let engine: OperatonProcess;
  try {
    engine = await launchOperaton({ mysql, database, port, auth, logFile, metricsPort });
  } catch (error) {
    await dropDatabase(mysql, database).catch(() => undefined);
    throw new Error(`${(error as Error).message} (Operaton's log: ${logFile})`);
  }
  return {
    url: engine.url,
    metricsUrl: `http://127.0.0.1:${metricsPort}/actuator/prometheus`,
    pid: engine.child.pid!,
    version: engine.version,
    startMs: engine.startMs,
    async stop() {
      await script.stopEngine(engine.child);
      await dropDatabase(mysql, database);
      rmSync(logFile, { force: true });
    },
  };
}
