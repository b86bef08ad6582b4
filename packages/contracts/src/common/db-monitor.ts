// The database pool monitor (monitor/druid, issue 30): every service process answers its own pools,
// statement figures and its MariaDB server's status on its own pattern; the gateway asks them all.

/** The services with a database, each answering `dbMonitorPattern(service)`. */
export const DB_MONITOR_SERVICES = [
  'identity',
  'workflow',
  'billing',
  'notification',
  'agent-worker',
] as const;

export function dbMonitorPattern(service: string): string {
  return `${service}.monitor.db`;
}

/** One connection pool: its limit, connections open, lent out (active), idle, and requests waiting. */
export interface PoolView {
  database: string;
  limit: number;
  open: number;
  active: number;
  idle: number;
  waiting: number;
}

/** A statement as recorded: its literals replaced by `?`, never its parameters. */
export interface StatementView {
  database: string;
  sql: string;
  ms: number;
  at: string;
}

export interface StatementErrorView extends StatementView {
  message: string;
}

/** From SHOW GLOBAL STATUS of the server a service's database is on. */
export interface DbServerStatusView {
  /** Connection attempts since the server started. */
  connections: number;
  threadsConnected: number;
  threadsRunning: number;
  maxUsedConnections: number;
  /** Share of buffer pool read requests served from memory, 0..1; null before any read. */
  bufferPoolHitRate: number | null;
  slowQueries: number;
  questions: number;
  uptimeSeconds: number;
}

export interface ServiceDbView {
  service: string;
  status: 'UP' | 'DOWN';
  pools: PoolView[];
  /** Statements run since the process started, and per second over the last ten seconds. */
  queries: number;
  qps: number;
  errors: number;
  /** The slowest of the recent statements over the slow threshold, slowest first. */
  slowest: StatementView[];
  recentErrors: StatementErrorView[];
  slowThresholdMs: number;
  server: DbServerStatusView | null;
}
