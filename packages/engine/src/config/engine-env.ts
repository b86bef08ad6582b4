import { type EngineCredentials, engineCredentialsFromEnv } from '@platform/engine-client';

import type { MysqlOptions } from '../db/engine-database';

export interface EngineEnv {
  /** What a caller must send; see engineCredentialsFromEnv. */
  auth: EngineCredentials;
  host: string;
  port: number;
  basePath: string;
  hotInstances: number;
  mysql: MysqlOptions;
}

export class EngineEnvError extends Error {}

/**
 * Parses the standalone engine's environment once: ENGINE_HOST, ENGINE_PORT, ENGINE_BASE_PATH,
 * ENGINE_HOT_INSTANCES (live engines kept in memory),
 * either ENGINE_MYSQL_URL (mysql://user:pass@host:port/db) or ENGINE_DB_HOST/PORT/USER/PASSWORD/NAME,
 * and the REST API's credentials: ENGINE_USER + ENGINE_PASSWORD (basic) and/or ENGINE_TOKEN (bearer).
 * The standalone engine needs one of the two secrets in every mode (nobody could call it without),
 * and a strong one in production.
 */
export function loadEngineEnv(env: NodeJS.ProcessEnv = process.env): EngineEnv {
  return {
    auth: credentials(env),
    host: env.ENGINE_HOST ?? '127.0.0.1',
    port: toPort('ENGINE_PORT', env.ENGINE_PORT ?? '8085'),
    basePath: env.ENGINE_BASE_PATH ?? '/engine-rest',
    hotInstances: toCount('ENGINE_HOT_INSTANCES', env.ENGINE_HOT_INSTANCES ?? '200'),
    mysql: env.ENGINE_MYSQL_URL ? fromUrl(env.ENGINE_MYSQL_URL) : fromParts(env),
  };
}

function credentials(env: NodeJS.ProcessEnv): EngineCredentials {
  let auth: EngineCredentials;
  try {
    auth = engineCredentialsFromEnv(env);
  } catch (err) {
    throw new EngineEnvError((err as Error).message);
  }
  if (!auth.password && !auth.token) {
    throw new EngineEnvError(
      'ENGINE_PASSWORD (HTTP basic, with ENGINE_USER) or ENGINE_TOKEN (bearer) is required: the REST API always requires credentials',
    );
  }
  return auth;
}

function toPort(name: string, value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new EngineEnvError(`${name} must be a port number, got '${value}'`);
  }
  return port;
}

function toCount(name: string, value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new EngineEnvError(`${name} must be a whole number, got '${value}'`);
  return n;
}

function fromUrl(text: string): MysqlOptions {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new EngineEnvError(
      'ENGINE_MYSQL_URL must look like mysql://user:password@host:3306/database',
    );
  }
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (url.protocol !== 'mysql:' || !database) {
    throw new EngineEnvError(
      'ENGINE_MYSQL_URL must look like mysql://user:password@host:3306/database',
    );
  }
  return {
    host: url.hostname,
    port: toPort('ENGINE_MYSQL_URL port', url.port || '3306'),
    user: decodeURIComponent(url.username || 'root'),
    password: decodeURIComponent(url.password),
    database,
  };
}

function fromParts(env: NodeJS.ProcessEnv): MysqlOptions {
  return {
    host: env.ENGINE_DB_HOST ?? '127.0.0.1',
    port: toPort('ENGINE_DB_PORT', env.ENGINE_DB_PORT ?? '3306'),
    user: env.ENGINE_DB_USER ?? 'root',
    password: env.ENGINE_DB_PASSWORD ?? '',
    database: env.ENGINE_DB_NAME ?? 'engine',
  };
}
