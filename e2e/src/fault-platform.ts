import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { freePorts } from '@platform/test-support';
import { Redis } from 'ioredis';
import { createConnection } from 'mysql2/promise';

import { ROOT } from './stack';

// The whole platform as an operator runs it (scripts/platform.mjs, supervised), on a Redis and a
// MariaDB of its own started here on free ports, so that faults can be injected into any part: a
// service killed, Redis or MariaDB killed, restarted or paused. Used by the resilience test (a small
// part, in the test run) and by `pnpm bench:faults` (every fault, with figures). Everything is removed
// by stop().

export const FAULT_ADMIN_PASSWORD = 'Fault#Admin2026';
const NAMESPACE = 'faults';

export interface SupervisorStatus {
  supervisor: number;
  services: Record<string, { state: string; pid: number | null; restarts: number }>;
}

/** A helper process (Redis, MariaDB) that can be killed, paused and started again on its port. */
export interface Dependency {
  port: number;
  start(): Promise<void>;
  /** SIGKILL, and wait until it is gone. */
  kill(): Promise<void>;
  pause(): void;
  resume(): void;
  running(): boolean;
}

export interface FaultPlatform {
  baseUrl: string;
  runDir: string;
  redis: Dependency;
  mariadb: Dependency;
  /**
   * Cuts the transport for `ms`: every service reaches Redis (sessions, caches and the request/reply
   * transport) through a proxy here, which drops all connections and refuses new ones meanwhile.
   */
  cutTransport(ms: number): Promise<void>;
  /** The supervisor's view (scripts/platform.mjs's supervisor.json). */
  status(): SupervisorStatus;
  /** Process id of each supervised service that runs now. */
  pids(): Record<string, number>;
  /** Resolves with the milliseconds until /prod-api/health says UP (rejects after `timeoutMs`). */
  waitHealthy(timeoutMs?: number): Promise<number>;
  /** A query on the platform's MariaDB (database `platform_identity` unless named). */
  sql<T = Record<string, unknown>>(query: string, params?: unknown[], db?: string): Promise<T[]>;
  /** The platform runner's output so far (restarts are logged there). */
  output(): string;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await sleep(100);
  }
  throw new Error(`${what} did not come up within ${timeoutMs} ms`);
}

/** A dependency started by `command` on `port`; `ready` tells when it answers. */
function dependency(
  name: string,
  port: number,
  command: () => [string, string[]],
  ready: () => Promise<boolean>,
  logFile: string,
): Dependency {
  let child: ChildProcess | undefined;
  return {
    port,
    async start() {
      const [file, args] = command();
      child = spawn('bash', ['-c', `exec "$0" "$@" >>"${logFile}" 2>&1`, file, ...args], {
        stdio: 'ignore',
      });
      await waitFor(name, ready, 60_000);
    },
    async kill() {
      if (!child) return;
      child.kill('SIGCONT');
      child.kill('SIGKILL');
      await exited(child);
      child = undefined;
    },
    pause() {
      child?.kill('SIGSTOP');
    },
    resume() {
      child?.kill('SIGCONT');
    },
    running() {
      return !!child && child.exitCode === null && child.signalCode === null;
    },
  };
}

/** A TCP proxy to `port` that can drop every connection and refuse new ones for a while. */
async function cuttableProxy(listenPort: number, port: number) {
  const sockets = new Set<Socket>();
  let cut = false;
  const server: Server = createServer((client) => {
    if (cut) {
      client.destroy();
      return;
    }
    const upstream = connect(port, '127.0.0.1');
    for (const [a, b] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(a);
      a.on('error', () => b.destroy());
      a.on('close', () => {
        sockets.delete(a);
        b.destroy();
      });
      a.pipe(b);
    }
  });
  const listen = () =>
    new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  await listen();
  return {
    /**
     * Stops listening and drops every connection: a client is refused, as by a Redis that is not
     * running (accepting and then closing would let it believe it had connected).
     */
    refuse: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
    /** Listens again after refuse(). */
    accept: listen,
    async cutFor(ms: number) {
      cut = true;
      for (const socket of sockets) socket.destroy();
      await sleep(ms);
      cut = false;
    },
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The `*_DB_URL` variables the services read (each service's config/env.ts), so every one is pointed here. */
function databaseVariables(): string[] {
  const names = new Set<string>();
  for (const service of readdirSync(join(ROOT, 'services'))) {
    const file = join(ROOT, 'services', service, 'src', 'config', 'env.ts');
    if (!existsSync(file)) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(/\b([A-Z]+_DB_URL)\b/g)) {
      names.add(match[1]);
    }
  }
  names.delete('ENGINE_DB_URL');
  return [...names];
}

/**
 * `transportProxy: false` connects the services to Redis directly (no transport cut then): the proxy
 * runs in this process, so a test that blocks its event loop would stall the platform's Redis too.
 */
export async function startFaultPlatform(
  /** Variables of the platform's processes; one set to undefined is left unset (its default). */
  overrides: Record<string, string | undefined> = {},
  { transportProxy = true } = {},
): Promise<FaultPlatform> {
  for (const binary of ['redis-server', 'mariadbd', 'mariadb-install-db']) {
    try {
      execFileSync('bash', ['-c', `command -v ${binary}`], { stdio: 'ignore' });
    } catch {
      throw new Error(`the fault platform needs ${binary} on the PATH`);
    }
  }
  const dir = mkdtempSync(join(tmpdir(), 'platform-faults-'));
  const runDir = join(dir, 'run');
  const [redisPort, mariadbPort, gatewayPort, socketPort, enginePort, proxyPort] =
    await freePorts(6);
  const redisUrl = `redis://127.0.0.1:${redisPort}/0`;
  const redis = dependency(
    'redis',
    redisPort,
    () => [
      'redis-server',
      [
        '--port',
        String(redisPort),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        // Like production (docker-compose.yml): sessions survive a restart of Redis.
        '--appendonly',
        'yes',
        '--dir',
        dir,
        '--daemonize',
        'no',
      ],
    ],
    async () => {
      const client = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0 });
      client.on('error', () => undefined);
      try {
        await client.connect();
        return (await client.ping()) === 'PONG';
      } finally {
        client.disconnect();
      }
    },
    join(dir, 'redis.log'),
  );
  const datadir = join(dir, 'mariadb');
  execFileSync(
    'mariadb-install-db',
    [
      '--no-defaults',
      `--datadir=${datadir}`,
      '--auth-root-authentication-method=normal',
      '--skip-test-db',
      '--user=root',
    ],
    { stdio: 'ignore' },
  );
  const mysqlOptions = { host: '127.0.0.1', port: mariadbPort, user: 'root' };
  const mariadb = dependency(
    'mariadb',
    mariadbPort,
    () => [
      'mariadbd',
      [
        '--no-defaults',
        `--datadir=${datadir}`,
        `--port=${mariadbPort}`,
        `--socket=${join(dir, 'mariadb.sock')}`,
        `--pid-file=${join(dir, 'mariadb.pid')}`,
        '--bind-address=127.0.0.1',
        '--user=root',
        '--skip-log-bin',
        '--skip-name-resolve',
        '--innodb-buffer-pool-size=64M',
        '--max-connections=300',
      ],
    ],
    async () => {
      const connection = await createConnection(mysqlOptions);
      await connection.end();
      return true;
    },
    join(dir, 'mariadb.log'),
  );
  await Promise.all([redis.start(), mariadb.start()]);
  const proxy = transportProxy ? await cuttableProxy(proxyPort, redisPort) : undefined;
  // Redis as the services see it: while it is killed, the proxy in between refuses them too.
  const redisBehindProxy: Dependency = proxy
    ? {
        ...redis,
        async kill() {
          await redis.kill();
          await proxy.refuse();
        },
        async start() {
          await redis.start();
          await proxy.accept();
        },
      }
    : redis;

  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    NAMESPACE,
    REDIS_URL: proxy ? `redis://127.0.0.1:${proxyPort}/0` : redisUrl,
    GATEWAY_HOST: '127.0.0.1',
    GATEWAY_PORT: String(gatewayPort),
    SOCKET_PORT: String(socketPort),
    ENGINE: 'embedded',
    ENGINE_HOST: '127.0.0.1',
    ENGINE_PORT: String(enginePort),
    ADMIN_PASSWORD: FAULT_ADMIN_PASSWORD,
    PLATFORM_RUN_DIR: runDir,
    RATE_LIMIT_FACTOR: '1000',
    RPC_TIMEOUT_MS: '5000',
    AGENT_WORKER_POLL_TIMEOUT_MS: '2000',
    // No metrics ports: platform.mjs would put them at the gateway's port + 1000 and up, which were
    // never checked free, and a connection's ephemeral port there failed identity's start (EADDRINUSE).
    METRICS_BASE_PORT: '0',
    ...(overrides as Record<string, string>),
  };
  for (const name of ['ENGINE_URL', 'PLATFORM_STATUS_FILE', 'TRANSPORT']) {
    if (!(name in overrides)) delete env[name];
  }
  for (const [name, value] of Object.entries(overrides)) {
    if (value === undefined) delete env[name];
  }
  for (const name of databaseVariables()) {
    env[name] =
      `mysql://root@127.0.0.1:${mariadbPort}/platform_${name.replace(/_DB_URL$/, '').toLowerCase()}`;
  }
  // Operaton (when asked for) keeps its own database, here too.
  if (env.ENGINE === 'operaton')
    env.ENGINE_DB_URL = `mysql://root@127.0.0.1:${mariadbPort}/platform_engine`;
  let output = '';
  const platform = spawn(process.execPath, ['scripts/platform.mjs'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [platform.stdout, platform.stderr]) {
    stream?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
  }
  const baseUrl = `http://127.0.0.1:${gatewayPort}`;
  const statusFile = join(runDir, 'supervisor.json');

  const status = (): SupervisorStatus => JSON.parse(readFileSync(statusFile, 'utf8'));
  const waitHealthy = async (timeoutMs = 15_000): Promise<number> => {
    const started = Date.now();
    let lastHealth = '';
    while (Date.now() - started < timeoutMs) {
      if (platform.exitCode !== null) {
        throw new Error(`platform.mjs exited (${lastHealth}):\n${output}`);
      }
      try {
        const response = await fetch(`${baseUrl}/prod-api/health`, {
          signal: AbortSignal.timeout(10_000),
        });
        const body = (await response.json()) as { data?: { status?: string; services?: object } };
        // `services` (the supervisor's view) tells this platform's gateway from a stranger on the port.
        if (body.data?.status === 'UP' && body.data.services) return Date.now() - started;
        lastHealth = JSON.stringify(body.data);
      } catch {
        // not answering yet
      }
      await sleep(100);
    }
    throw new Error(
      `the platform was not healthy within ${timeoutMs} ms (${lastHealth}):\n${output.slice(-3000)}`,
    );
  };

  const stop = async () => {
    redis.resume();
    mariadb.resume();
    if (platform.exitCode === null) {
      platform.kill('SIGTERM');
      await Promise.race([exited(platform), sleep(20_000)]);
      if (platform.exitCode === null) platform.kill('SIGKILL');
    }
    await proxy?.close();
    await Promise.all([redis.kill(), mariadb.kill()]);
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    await waitHealthy(240_000);
    // The supervisor restarts a process only once it has seen the platform up itself.
    await waitFor('the supervisor', async () => output.includes('[platform] up:'), 60_000);
    // Sign-in without the image captcha (a system parameter), as the integration tests do.
    const connection = await createConnection({ ...mysqlOptions, database: 'platform_identity' });
    await connection.query(
      `UPDATE sys_config SET config_value = 'false' WHERE config_key = 'sys.account.captchaEnabled'`,
    );
    await connection.end();
    const client = new Redis(redisUrl);
    await client.del(`${NAMESPACE}:sys_config:sys.account.captchaEnabled`);
    client.disconnect();
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    baseUrl,
    runDir,
    redis: redisBehindProxy,
    mariadb,
    cutTransport: (ms) => {
      if (!proxy) throw new Error('started without the transport proxy');
      return proxy.cutFor(ms);
    },
    status,
    pids() {
      const pids: Record<string, number> = {};
      for (const [name, entry] of Object.entries(status().services)) {
        if (entry.pid) pids[name] = entry.pid;
      }
      return pids;
    },
    waitHealthy,
    async sql<T>(query: string, params: unknown[] = [], db = 'platform_identity') {
      const connection = await createConnection({ ...mysqlOptions, database: db });
      try {
        const [rows] = await connection.query(query, params);
        return rows as T[];
      } finally {
        await connection.end();
      }
    },
    output: () => output,
    stop,
  };
}
