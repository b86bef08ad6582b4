import { randomBytes } from 'node:crypto';

import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { dropDatabase, parseMysqlUrl } from '@platform/nest-common';
import Redis from 'ioredis';
import { type Connection, createConnection } from 'mysql2/promise';

import { loadGatewayEnv } from '../config/env';
import { createGateway } from '../main';

// Test harness shared by every service's integration tests (import from '@platform/gateway/testing'):
// the gateway plus the named services, in this process, talking over the real transport, each on a
// database of its own and all under one fresh namespace; close() drops the databases and keys.

export const ADMIN_PASSWORD = 'Admin#Test2026';

/** How a service starts in a test stack; each service package exports one. */
export interface ServiceStarter {
  name: string;
  /** The env variable that holds the service's database URL (a fresh database is made per stack). */
  databaseEnv?: string;
  start(env: Record<string, string>): Promise<{ close(): Promise<void> }>;
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

export async function startStack(
  services: ServiceStarter[],
  overrides: Record<string, string> = {},
): Promise<TestStack> {
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
  const databases: Record<string, string> = {};
  const envs = new Map<string, Record<string, string>>();
  const running = new Map<string, { close(): Promise<void> }>();
  for (const service of services) {
    const env = { ...common };
    if (service.databaseEnv) {
      databases[service.name] = `${mysqlBase()}/t_${namespace}_${service.name}`;
      env[service.databaseEnv] = databases[service.name];
    }
    envs.set(service.name, env);
    running.set(service.name, await service.start(env));
  }
  const starterOf = (name: string) => {
    const starter = services.find((s) => s.name === name);
    if (!starter) throw new Error(`no service ${name} in this stack`);
    return starter;
  };
  const app = await createGateway(
    loadGatewayEnv({
      SOCKET_PORT: '-1',
      GATEWAY_PORT: '0',
      // A stack without the billing service reports it DOWN but stays UP.
      BILLING_REQUIRED: services.some((s) => s.name === 'billing') ? 'true' : 'false',
      ...common,
    }),
  );
  await app.getHttpAdapter().getInstance().ready();
  const redis = new Redis(common.REDIS_URL);
  const dbs: Record<string, Connection> = {};
  for (const [name, url] of Object.entries(databases)) {
    const { host, port, user, password, database } = parseMysqlUrl(url);
    dbs[name] = await createConnection({ host, port, user, password, database });
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
      for (const url of Object.values(databases)) await dropDatabase(url);
    },
  };
}
