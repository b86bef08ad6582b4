import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import Redis from 'ioredis';
import { type Connection, createConnection } from 'mysql2/promise';

// Test harness shared by every service's integration tests: the gateway plus the named services, in
// this process, talking over the real transport, each on a database of its own and all under one
// fresh namespace; close() drops the databases and keys.

export const ADMIN_PASSWORD = 'Admin#Test2026';

/** How a service starts in a test stack; each service package exports one. */
export interface ServiceStarter {
  name: string;
  /** The env variable that holds the service's database URL (a fresh database is made per stack). */
  databaseEnv?: string;
  start(env: Record<string, string>): Promise<{ close(): Promise<void> }>;
}

/** Makes a gateway (not yet listening) from env variables as the gateway's own env loader reads them. */
export type GatewayFactory = (env: Record<string, string>) => Promise<NestFastifyApplication>;

export interface StackOptions {
  /** The gateway the stack runs; the built one (`builtGateway`) unless given. */
  gateway?: GatewayFactory;
}

export interface TestStack {
  app: NestFastifyApplication;
  http: ReturnType<NestFastifyApplication['getHttpServer']>;
  namespace: string;
  /** Raw Redis (no prefix): use `key()` to address the stack's keys. */
  redis: Redis;
  key(suffix: string): string;
  /** A connection to each service's database, by service name. */
  dbs: Record<string, Connection>;
  /** The first service's database (identity's in the usual stacks). */
  db: Connection;
  /** Stops one service (its database stays), to test what happens while it is down. */
  stopService(name: string): Promise<void>;
  /** Starts a stopped service again with the same settings. */
  startService(name: string): Promise<void>;
  close(): Promise<void>;
}

/** `mysql://user:pass@host:port` of the test MySQL (TEST_MYSQL_*), without a database. */
export function mysqlBase(): string {
  const env = process.env;
  return `mysql://${env.TEST_MYSQL_USER ?? 'root'}:${env.TEST_MYSQL_PASSWORD ?? ''}@${
    env.TEST_MYSQL_HOST ?? '127.0.0.1'
  }:${env.TEST_MYSQL_PORT ?? '3306'}`;
}

// The gateway's build, found by its place in the workspace rather than through a dependency on
// @platform/gateway: the gateway's own tests use this kit (and start billing, identity… from their
// packages), so a package dependency would close a cycle in the workspace graph; nor does the
// gateway ship test code to offer the kit from its side.
const GATEWAY_DIST = join(__dirname, '..', '..', '..', 'services', 'gateway', 'dist');

interface GatewayBuild {
  main: { createGateway(env: unknown): Promise<NestFastifyApplication> };
  env: { loadGatewayEnv(source: Record<string, string>): unknown };
}

async function loadGatewayBuild(): Promise<GatewayBuild> {
  const main = join(GATEWAY_DIST, 'main.js');
  if (!existsSync(main)) {
    throw new Error(`no gateway build at ${main}: run pnpm --filter @platform/gateway run build`);
  }
  return {
    main: (await import(main)) as GatewayBuild['main'],
    env: (await import(join(GATEWAY_DIST, 'config', 'env.js'))) as GatewayBuild['env'],
  };
}

/**
 * The built gateway (services/gateway/dist), what every service's tests run; also a second gateway
 * instance in a test (sockets held by another instance, fan-out across instances).
 */
export const builtGateway: GatewayFactory = async (env) => {
  const build = await loadGatewayBuild();
  return build.main.createGateway(build.env.loadGatewayEnv(env));
};

export async function startStack(
  services: ServiceStarter[],
  overrides: Record<string, string> = {},
  options: StackOptions = {},
): Promise<TestStack> {
  const createGateway = options.gateway ?? builtGateway;
  const namespace = `t${process.pid}${randomBytes(3).toString('hex')}`;
  const common: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    NAMESPACE: namespace,
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0',
    RATE_LIMIT_FACTOR: '100',
    ADMIN_PASSWORD,
    ARGON2_MEMORY_KIB: '19456',
    ARGON2_TIME_COST: '2',
    ...overrides,
  };
  // Database names the stack makes itself (namespace and service name): safe to quote as they are.
  const databases: Record<string, string> = {};
  const envs = new Map<string, Record<string, string>>();
  const running = new Map<string, { close(): Promise<void> }>();
  for (const service of services) {
    const env = { ...common };
    if (service.databaseEnv) {
      databases[service.name] = `t_${namespace}_${service.name}`;
      env[service.databaseEnv] = `${mysqlBase()}/${databases[service.name]}`;
    }
    envs.set(service.name, env);
    running.set(service.name, await service.start(env));
  }
  const starterOf = (name: string) => {
    const starter = services.find((s) => s.name === name);
    if (!starter) throw new Error(`no service ${name} in this stack`);
    return starter;
  };
  const app = await createGateway({
    SOCKET_PORT: '-1',
    GATEWAY_PORT: '0',
    // A stack without the billing service reports it DOWN but stays UP.
    BILLING_REQUIRED: services.some((s) => s.name === 'billing') ? 'true' : 'false',
    ...common,
  });
  await app.getHttpAdapter().getInstance().ready();
  const redis = new Redis(common.REDIS_URL);
  const dbs: Record<string, Connection> = {};
  for (const [name, database] of Object.entries(databases)) {
    dbs[name] = await createConnection(`${mysqlBase()}/${database}`);
  }
  return {
    app,
    http: app.getHttpServer(),
    namespace,
    redis,
    key: (suffix) => `${namespace}:${suffix}`,
    dbs,
    db: Object.values(dbs)[0],
    async stopService(name) {
      await running.get(name)?.close();
      running.delete(name);
    },
    async startService(name) {
      if (!running.has(name)) running.set(name, await starterOf(name).start(envs.get(name)!));
    },
    async close() {
      await app.close();
      for (const service of [...running.values()].reverse()) await service.close();
      for (const db of Object.values(dbs)) await db.end();
      const keys = await redis.keys(`${namespace}:*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
      await dropDatabases(Object.values(databases));
    },
  };
}

async function dropDatabases(names: string[]): Promise<void> {
  if (names.length === 0) return;
  const server = await createConnection(mysqlBase());
  try {
    for (const name of names) await server.query(`DROP DATABASE IF EXISTS \`${name}\``);
  } finally {
    await server.end();
  }
}
