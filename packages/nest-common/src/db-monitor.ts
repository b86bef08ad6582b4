import type { CustomStrategy } from '@nestjs/microservices';
import {
  dbMonitorPattern,
  type DbServerStatusView,
  type PoolView,
  type ServiceDbView,
} from '@platform/contracts';
import type { DataSource } from 'typeorm';

import { databaseName, poolFigures } from './metrics';
import { SLOW_STATEMENT_MS, statementStatsOf } from './statement-stats';

const SLOWEST_SHOWN = 10;

/** What the pool monitor shows of one service: its pools, statements and its database server. */
export async function serviceDbView(
  service: string,
  dataSources: DataSource[],
): Promise<ServiceDbView> {
  const stats = dataSources.map((dataSource) => statementStatsOf(dataSource));
  return {
    service,
    status: 'UP',
    pools: dataSources.flatMap(poolView),
    queries: sum(stats.map((s) => s.queries)),
    qps: sum(stats.map((s) => s.qps())),
    errors: sum(stats.map((s) => s.errors)),
    slowest: stats
      .flatMap((s) => s.slowest(SLOWEST_SHOWN))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, SLOWEST_SHOWN),
    recentErrors: stats.flatMap((s) => s.recentErrors()).slice(0, SLOWEST_SHOWN),
    slowThresholdMs: SLOW_STATEMENT_MS,
    server: dataSources[0] ? await serverStatus(dataSources[0]).catch(() => null) : null,
  };
}

/**
 * Answers the service's pool monitor pattern on its transport server. Registered on the strategy
 * itself (before it listens) so every service gets it from listenAsService without a controller of
 * its own; the data sources are looked up when asked, once the module has made them.
 */
export function answerDbMonitor(
  transport: CustomStrategy,
  service: string,
  dataSources: () => DataSource[],
): void {
  const server = transport.strategy as unknown as {
    addHandler(pattern: string, handler: () => Promise<unknown>, isEvent?: boolean): void;
  };
  server.addHandler(dbMonitorPattern(service), () => serviceDbView(service, dataSources()), false);
}

function poolView(dataSource: DataSource): PoolView[] {
  const figures = poolFigures(dataSource);
  return figures ? [{ database: databaseName(dataSource), ...figures }] : [];
}

const STATUS_NAMES = [
  'Connections',
  'Threads_connected',
  'Threads_running',
  'Max_used_connections',
  'Innodb_buffer_pool_read_requests',
  'Innodb_buffer_pool_reads',
  'Slow_queries',
  'Questions',
  'Uptime',
];

async function serverStatus(dataSource: DataSource): Promise<DbServerStatusView> {
  const rows = await dataSource.query<{ Variable_name: string; Value: string }[]>(
    `SHOW GLOBAL STATUS WHERE Variable_name IN (${STATUS_NAMES.map(() => '?').join(', ')})`,
    STATUS_NAMES,
  );
  const value = new Map(rows.map((row) => [row.Variable_name, Number(row.Value)]));
  const figure = (name: string) => value.get(name) ?? 0;
  const requests = figure('Innodb_buffer_pool_read_requests');
  return {
    connections: figure('Connections'),
    threadsConnected: figure('Threads_connected'),
    threadsRunning: figure('Threads_running'),
    maxUsedConnections: figure('Max_used_connections'),
    // Reads the buffer pool could not serve went to disk.
    bufferPoolHitRate: requests > 0 ? 1 - figure('Innodb_buffer_pool_reads') / requests : null,
    slowQueries: figure('Slow_queries'),
    questions: figure('Questions'),
    uptimeSeconds: figure('Uptime'),
  };
}

function sum(values: number[]): number {
  return values.reduce((total, v) => total + v, 0);
}
