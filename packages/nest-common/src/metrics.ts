// Nest 12 loads @nestjs/common's decorated classes through '@nestjs/common/internal' when a subpath
// such as '@nestjs/microservices/constants' is imported, and that entry, unlike the package index,
// does not load reflect-metadata: a module importing this one first (a test) would fail without it.
import 'reflect-metadata';

import { createServer, type Server } from 'node:http';

import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import { PATTERN_METADATA } from '@nestjs/microservices/constants';
import { DomainError } from '@platform/contracts';
import { collectDefaultMetrics, Gauge, Histogram, type LabelValues, Registry } from 'prom-client';
import { finalize, type Observable, tap } from 'rxjs';
import type { DataSource } from 'typeorm';

import type { BaseEnv } from './env';

/**
 * The process's Prometheus metrics (prom-client), served at GET /metrics on METRICS_PORT (loopback
 * unless METRICS_HOST says otherwise; 0 turns it off). One registry per process: in production a
 * process is one service; where several run in one process (the test stacks) each figure carries its
 * `service` label. Figures a service owns (missions by status, outbox backlog, queue depths) are
 * gauges read when Prometheus scrapes, through `registerGaugeSource`.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: 20 });

/** Latency buckets of requests and commands, in seconds (5 ms to 30 s). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export const rpcDuration = new Histogram({
  name: 'platform_rpc_server_duration_seconds',
  help: 'Time a service took to answer a command, by message pattern and outcome (ok, refused, error).',
  labelNames: ['service', 'pattern', 'outcome'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

export const httpDuration = new Histogram({
  name: 'platform_http_server_duration_seconds',
  help: 'Time the gateway took to answer an HTTP request, by method, route and status code.',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

type GaugeSample = { labels: LabelValues<string>; value: number };
type GaugeRead = () => Promise<GaugeSample[]>;

/** The readers of each scrape-time gauge, by gauge name and then by source (a service, a table). */
const gaugeSources = new Map<string, Map<string, GaugeRead>>();

/**
 * Adds a source to a gauge read at scrape time (figures a service owns, such as counts in its
 * database): the gauge is made on first use, and a source registered again under the same key
 * replaces the earlier one (a service restarted in the same process). A source that fails leaves its
 * samples out of that scrape rather than failing the page.
 */
export function registerGaugeSource(
  gauge: { name: string; help: string; labelNames: string[] },
  source: string,
  read: GaugeRead,
): void {
  let sources = gaugeSources.get(gauge.name);
  if (!sources) {
    const readers = new Map<string, GaugeRead>();
    sources = readers;
    gaugeSources.set(gauge.name, readers);
    new Gauge({
      ...gauge,
      registers: [metricsRegistry],
      async collect() {
        this.reset();
        const all = await Promise.all([...readers.values()].map((r) => r().catch(() => [])));
        for (const { labels, value } of all.flat()) this.set(labels, value);
      },
    });
  }
  sources.set(source, read);
}

/** mysql2's pool as TypeORM's MySQL driver holds it (fields of mysql2's Pool, not typed by it). */
interface MysqlPool {
  _allConnections?: { length: number };
  _freeConnections?: { length: number };
  _connectionQueue?: { length: number };
  config?: { connectionLimit?: number };
}

const DB_POOL_GAUGE = {
  name: 'platform_db_pool_connections',
  help: 'Connections of each service database pool: limit, open, active (lent out), idle, and requests waiting.',
  labelNames: ['service', 'database', 'state'],
};

/** The connection pools of a service's databases: size, active, idle and waiting requests. */
export function registerDatabasePools(service: string, dataSources: DataSource[]): void {
  registerGaugeSource(DB_POOL_GAUGE, service, async () =>
    dataSources.flatMap((dataSource) => poolSamples(service, dataSource)),
  );
}

function poolSamples(service: string, dataSource: DataSource): GaugeSample[] {
  const figures = poolFigures(dataSource);
  if (!figures) return [];
  const database = databaseName(dataSource);
  return Object.entries(figures).map(([state, value]) => ({
    labels: { service, database, state },
    value,
  }));
}

/** A data source's pool now (also the pool monitor's figures); null before it is initialised. */
export function poolFigures(dataSource: DataSource): Record<PoolState, number> | null {
  const pool = (dataSource.driver as unknown as { pool?: MysqlPool }).pool;
  if (!dataSource.isInitialized || !pool) return null;
  const open = pool._allConnections?.length ?? 0;
  const idle = pool._freeConnections?.length ?? 0;
  return {
    limit: pool.config?.connectionLimit ?? 0,
    open,
    active: open - idle,
    idle,
    waiting: pool._connectionQueue?.length ?? 0,
  };
}

export type PoolState = 'limit' | 'open' | 'active' | 'idle' | 'waiting';

export function databaseName(dataSource: DataSource): string {
  // Without a database option, the name 0.3's DataSource.name gave (TypeORM 1 has no name).
  return String((dataSource.options as { database?: string }).database ?? 'default');
}

const OUTBOX_GAUGE = {
  name: 'platform_outbox_backlog',
  help: 'Events written to an outbox and not yet published to their queues.',
  labelNames: ['database', 'table'],
};

/** The unpublished rows of an outbox (the relay's backlog); `published_at` is indexed. */
export function registerOutboxBacklog(dataSource: DataSource, table: string): void {
  const database = databaseName(dataSource);
  registerGaugeSource(OUTBOX_GAUGE, `${database}.${table}`, async () => {
    const [row] = await dataSource.query(
      `SELECT COUNT(*) AS n FROM \`${table}\` WHERE published_at IS NULL`,
    );
    return [{ labels: { database, table }, value: Number(row.n) }];
  });
}

const QUEUE_GAUGE = {
  name: 'platform_queue_jobs',
  help: 'Jobs of each BullMQ queue by state (waiting, active, delayed, failed).',
  labelNames: ['queue', 'state'],
};

/** A BullMQ queue's depth by state, read from Redis at scrape time. */
export function registerQueueDepth(queue: {
  name: string;
  getJobCounts(...states: string[]): Promise<Record<string, number>>;
}): void {
  registerGaugeSource(QUEUE_GAUGE, queue.name, async () => {
    const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'failed');
    return Object.entries(counts).map(([state, value]) => ({
      labels: { queue: queue.name, state },
      value,
    }));
  });
}

/** Times every command a service answers (rpcDuration), by its message pattern. */
export class RpcMetricsInterceptor implements NestInterceptor {
  constructor(private readonly service: string) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'rpc') return next.handle();
    const patterns = Reflect.getMetadata(PATTERN_METADATA, context.getHandler()) as
      unknown[] | undefined;
    const pattern = String(patterns?.[0] ?? context.getHandler().name);
    const stop = rpcDuration.startTimer({ service: this.service, pattern });
    let outcome = 'ok';
    return next.handle().pipe(
      tap({
        error: (error: unknown) => (outcome = error instanceof DomainError ? 'refused' : 'error'),
      }),
      finalize(() => stop({ outcome })),
    );
  }
}

let server: Server | undefined;

/**
 * Serves the registry at GET /metrics on METRICS_PORT, once per process (a second service in the same
 * process shares it). Loopback by default: the figures are for the operator's Prometheus only.
 */
export async function serveMetrics(env: BaseEnv): Promise<Server | undefined> {
  if (!env.METRICS_PORT || server) return server;
  const created = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    metricsRegistry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  server = created;
  try {
    await new Promise<void>((resolve, reject) => {
      created.once('error', reject);
      created.listen(env.METRICS_PORT, env.METRICS_HOST, () => resolve());
    });
  } catch (error) {
    server = undefined;
    throw error;
  }
  created.unref();
  return created;
}

/** Stops the metrics server (tests; a process's own exit closes it otherwise). */
export async function stopMetrics(): Promise<void> {
  const running = server;
  server = undefined;
  if (running) await new Promise((resolve) => running.close(resolve));
}
