import type { EngineCredentials } from '@platform/engine-client';
import {
  dropTestDatabase,
  engineScript,
  launchOperaton as launchTestOperaton,
  operatonMissing,
  type OperatonProcess,
  startTestOperaton,
} from '@platform/test-support/dist/operaton';
import { freePort } from '@platform/test-support/dist/ports';

import type { MysqlOptions } from '../../src';

// The real Operaton jar for the engine's suites: @platform/test-support's launcher (the agent
// worker's and the gateway's suites start it the same way), on the MySQL the global setup provides.

export { engineScript, freePort, operatonMissing, type OperatonProcess };

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

/** `mysql://user:password@host:port` of the suite's MySQL options. */
function mysqlUrl(mysql: Omit<MysqlOptions, 'database'>): string {
  const credentials = mysql.password
    ? `${encodeURIComponent(mysql.user)}:${encodeURIComponent(mysql.password)}`
    : encodeURIComponent(mysql.user);
  return `mysql://${credentials}@${mysql.host}:${mysql.port}`;
}

/** Drops a test database (the engines create theirs when missing). */
export function dropDatabase(
  mysql: Omit<MysqlOptions, 'database'>,
  database: string,
): Promise<void> {
  return dropTestDatabase(database, mysqlUrl(mysql));
}

/**
 * Starts the jar on `port` with `database` (created when missing, kept otherwise: a second launch
 * on the same database and port resumes the first one's state). Its log goes to `logFile`.
 */
export function launchOperaton(options: {
  mysql: Omit<MysqlOptions, 'database'>;
  database: string;
  port: number;
  auth: EngineCredentials;
  logFile: string;
}): Promise<OperatonProcess> {
  const { mysql, ...launch } = options;
  return launchTestOperaton({ ...launch, mysql: mysqlUrl(mysql) });
}

/**
 * Starts the jar on a free loopback port with its own database `t_operaton_…` (dropped again by
 * stop()), the given credentials and its Prometheus figures on a management port of its own.
 */
export async function startOperaton(
  mysql: Omit<MysqlOptions, 'database'>,
  auth: EngineCredentials,
): Promise<RunningOperaton> {
  const metricsPort = await freePort();
  const engine = await startTestOperaton({
    databasePrefix: 't_operaton',
    auth,
    mysql: mysqlUrl(mysql),
    env: { ENGINE_METRICS_PORT: String(metricsPort) },
  });
  return {
    url: engine.url,
    metricsUrl: `http://127.0.0.1:${metricsPort}/actuator/prometheus`,
    pid: engine.child.pid!,
    version: engine.version,
    startMs: engine.startMs,
    stop: () => engine.stop(),
  };
}
