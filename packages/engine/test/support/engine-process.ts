import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { EngineCredentials } from '@platform/engine-client';

import type { MysqlOptions } from '../../src';
import { dropDatabase, engineScript, freePort, launchOperaton } from './operaton';

const packageRoot = join(__dirname, '..', '..');

/** The standalone embedded engine as built (`pnpm --filter @platform/engine... run build`). */
export const EMBEDDED_MAIN = join(packageRoot, 'dist', 'main.js');

/**
 * Why the embedded engine cannot run as a process of its own here, or null when it can: it runs
 * the build, so a missing or stale build would test code that is not the source's.
 */
export function embeddedBuildProblem(): string | null {
  const built = join(packageRoot, 'tsconfig.tsbuildinfo');
  if (!existsSync(EMBEDDED_MAIN) || !existsSync(built)) {
    return `${EMBEDDED_MAIN} is missing: run \`pnpm --filter @platform/engine... run build\``;
  }
  const newest = newestMtime(join(packageRoot, 'src'));
  if (newest > statSync(built).mtimeMs) {
    return `packages/engine/dist is older than src: run \`pnpm --filter @platform/engine... run build\``;
  }
  return null;
}

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return path.endsWith('.spec.ts') ? 0 : stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((entry) => newestMtime(join(path, entry))));
}

/**
 * An engine in a child process of its own, on a database and a port that outlive the process: it
 * can be killed (SIGKILL: no shutdown hook, no flush, its open transactions die with their MySQL
 * connections) and started again on the same state and address.
 */
export interface EngineProcess {
  readonly name: 'embedded' | 'operaton';
  /** e.g. http://127.0.0.1:41234/engine-rest; the same after every start. */
  readonly url: string;
  /** The engine's log file (both starts append to it). */
  readonly logFile: string;
  /** Starts the process and waits until the REST API answers with the credentials; resolves to the ms it took. */
  start(): Promise<number>;
  /** Kills the running process with SIGKILL; resolves once it is gone, with the signal that ended it. */
  kill(): Promise<NodeJS.Signals | null>;
  /** Stops the process if it runs (SIGTERM), drops the database and removes the log (kept after a failed start). */
  dispose(): Promise<void>;
}

interface Launched {
  child: ChildProcess;
  startMs: number;
}

/**
 * An engine process (`embedded`: node dist/main.js; `operaton`: the jar through scripts/engine.mjs)
 * on a free loopback port and a new database `t_<name>_crash_…` on the test MySQL.
 */
export async function engineProcess(
  name: 'embedded' | 'operaton',
  mysql: Omit<MysqlOptions, 'database'>,
  auth: EngineCredentials,
): Promise<EngineProcess> {
  const database = `t_${name}_crash_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const port = await freePort();
  const logFile = join(tmpdir(), `${database}.log`);
  const launch =
    name === 'operaton'
      ? () => launchOperaton({ mysql, database, port, auth, logFile })
      : () => launchEmbedded({ mysql, database, port, auth, logFile });
  let running: ChildProcess | null = null;
  let failed = false;
  const exited = (child: ChildProcess) =>
    new Promise<NodeJS.Signals | null>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve(child.signalCode);
      else child.once('exit', (_code, signal) => resolve(signal));
    });
  return {
    name,
    url: `http://127.0.0.1:${port}/engine-rest`,
    logFile,
    async start() {
      if (running) throw new Error(`the ${name} engine is already running`);
      const { child, startMs } = await launch().catch((error: unknown) => {
        failed = true;
        throw new Error(`${(error as Error).message} (the engine's log: ${logFile})`);
      });
      running = child;
      return startMs;
    },
    async kill() {
      const child = running;
      if (!child) throw new Error(`the ${name} engine is not running`);
      running = null;
      child.kill('SIGKILL');
      return exited(child);
    },
    async dispose() {
      const child = running;
      running = null;
      if (child) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited(child);
        clearTimeout(timer);
      }
      await dropDatabase(mysql, database);
      // A failed start named the log in its error: keep it for reading.
      if (!failed) rmSync(logFile, { force: true });
    },
  };
}

/** `node dist/main.js` with the standalone engine's environment (src/config/engine-env.ts). */
async function launchEmbedded(options: {
  mysql: Omit<MysqlOptions, 'database'>;
  database: string;
  port: number;
  auth: EngineCredentials;
  logFile: string;
}): Promise<Launched> {
  const { mysql, database, port, auth, logFile } = options;
  const credentials = mysql.password
    ? `${encodeURIComponent(mysql.user)}:${encodeURIComponent(mysql.password)}`
    : encodeURIComponent(mysql.user);
  const env = {
    PATH: process.env.PATH,
    NODE_ENV: 'test',
    ENGINE_HOST: '127.0.0.1',
    ENGINE_PORT: String(port),
    ENGINE_MYSQL_URL: `mysql://${credentials}@${mysql.host}:${mysql.port}/${database}`,
    ENGINE_USER: auth.user,
    ENGINE_PASSWORD: auth.password,
    ENGINE_TOKEN: auth.token,
  };
  const started = Date.now();
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, [EMBEDDED_MAIN], { env, stdio: ['ignore', log, log] });
  closeSync(log);
  try {
    await (await engineScript()).waitForEngine({ env, timeoutMs: 60_000, child });
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return { child, startMs: Date.now() - started };
}
