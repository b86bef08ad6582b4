import { type ChildProcess, spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { createConnection } from 'mysql2/promise';

import { freePort } from './ports';
import { mysqlBase } from './stack';

// The platform's real engine (deploy/engine's Operaton jar) for the suites that test against it,
// started through scripts/engine.mjs as up.sh starts it: on loopback, in UTC (its dates then read
// like the embedded engine's, `+0000`), on the JIT's first tier (a test's engine lives a minute or
// two, most of it starting), with a database of its own on the test MySQL.

const repositoryRoot = join(__dirname, '..', '..', '..');

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

/**
 * The exports of scripts/engine.mjs, through require(): this package compiles to CommonJS, where
 * TypeScript turns `import()` into a require() of the URL, and a test file that Vitest runs through
 * its own loader has no dynamic import outside its transform. Node 20.19 and later (the workspace's
 * engines) require an ES module without a flag.
 */
export async function engineScript(): Promise<EngineScript> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(join(repositoryRoot, 'scripts', 'engine.mjs')) as EngineScript;
}

/**
 * Why Operaton cannot run here, or null when it can: it needs Java and the jar (`bash
 * scripts/test.sh` builds it first; by hand: `node scripts/engine.mjs build`).
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

/** The engine's accounts: the service account (basic) and/or a bearer token. */
export interface OperatonAuth {
  user: string;
  password?: string;
  token?: string;
}

export interface OperatonProcess {
  /** The JVM itself (scripts/engine.mjs spawns java directly), e.g. for a SIGKILL. */
  child: ChildProcess;
  /** e.g. http://127.0.0.1:41234/engine-rest */
  url: string;
  version: string;
  startMs: number;
}

export interface OperatonLaunch {
  /** Its database, created with its tables when missing; what is there is kept. */
  database: string;
  /** The MySQL server as `mysql://user:password@host:port` (default: the test MySQL, mysqlBase()). */
  mysql?: string;
  port: number;
  auth: OperatonAuth;
  logFile: string;
  /** More of the engine's variables (ENGINE_PROXY_SECRET, ENGINE_METRICS_PORT, …). */
  env?: Record<string, string>;
}

/**
 * Starts the jar on `port` with `database`: a second launch on the same database and port resumes
 * the first one's state (the crash tests kill one and start another).
 */
export async function launchOperaton(launch: OperatonLaunch): Promise<OperatonProcess> {
  const script = await engineScript();
  const engine = await script.startEngine({
    build: false,
    logFile: launch.logFile,
    log: () => undefined,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      JAVA_HOME: process.env.JAVA_HOME,
      TZ: 'UTC',
      NODE_ENV: 'test',
      ENGINE_JAVA_OPTS: script.TEST_JAVA_OPTS.join(' '),
      ENGINE_HOST: '127.0.0.1',
      ENGINE_PORT: String(launch.port),
      ENGINE_DB_URL: engineDatabaseUrl(launch.mysql ?? mysqlBase(), launch.database),
      ENGINE_USER: launch.auth.user,
      ENGINE_PASSWORD: launch.auth.password,
      ENGINE_TOKEN: launch.auth.token,
      ...launch.env,
    },
  });
  return {
    child: engine.child,
    url: engine.rest,
    version: engine.version,
    startMs: engine.startMs,
  };
}

export interface TestOperaton extends OperatonProcess {
  database: string;
  /** Stops the JVM, drops its database and removes its log. */
  stop(): Promise<void>;
}

/**
 * Starts the jar on a free port with a database of its own named `<prefix>_<pid>_<random>`,
 * dropped again by stop(). A failed start drops it too and names the engine's log.
 */
export async function startTestOperaton(options: {
  databasePrefix: string;
  auth: OperatonAuth;
  /** The MySQL server (default: the test MySQL, mysqlBase()). */
  mysql?: string;
  env?: Record<string, string>;
}): Promise<TestOperaton> {
  const mysql = options.mysql ?? mysqlBase();
  const database = `${options.databasePrefix}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const logFile = join(tmpdir(), `operaton-${database}.log`);
  let engine: OperatonProcess;
  try {
    engine = await launchOperaton({
      database,
      mysql,
      port: await freePort(),
      auth: options.auth,
      logFile,
      ...(options.env ? { env: options.env } : {}),
    });
  } catch (error) {
    await dropTestDatabase(database, mysql).catch(() => undefined);
    throw new Error(`${(error as Error).message} (Operaton's log: ${logFile})`);
  }
  return {
    ...engine,
    database,
    async stop() {
      await (await engineScript()).stopEngine(engine.child);
      await dropTestDatabase(database, mysql);
      rmSync(logFile, { force: true });
    },
  };
}

/** Drops a database of the test MySQL, or of `mysql` (the engines create theirs when missing). */
export async function dropTestDatabase(database: string, mysql = mysqlBase()): Promise<void> {
  const connection = await createConnection(mysql);
  await connection.query(`DROP DATABASE IF EXISTS \`${database}\``);
  await connection.end();
}

/** The engine's ENGINE_DB_URL for `database` on `mysql` (no password: no colon). */
function engineDatabaseUrl(mysql: string, database: string): string {
  const base = new URL(mysql);
  const credentials = base.password ? `${base.username}:${base.password}` : base.username;
  return `mysql://${credentials}@${base.host}/${database}`;
}
