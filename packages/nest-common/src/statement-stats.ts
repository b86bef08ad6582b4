import type { StatementErrorView, StatementView } from '@platform/contracts';
import type { DataSource } from 'typeorm';

import { databaseName } from './metrics';

// What the pool monitor shows of the statements a service runs: how many, per second, the errors and
// the slow ones. Fed by the one wrapper of TypeORM's MySQL query runner (write-tracking.ts). A
// statement is kept with its literals replaced by `?`, and its bound parameters are never looked at:
// the monitor must not become a way to read users' data.

/** A statement this slow or slower is kept among the slow ones (DB_SLOW_MS, default 100 ms). */
export const SLOW_STATEMENT_MS = Number(process.env.DB_SLOW_MS ?? 100);
const SLOW_KEPT = 50;
const ERRORS_KEPT = 20;
const QPS_WINDOW_SECONDS = 10;
const MAX_SQL_LENGTH = 2000;

class StatementStats {
  queries = 0;
  errors = 0;
  /** Statements per whole second, the last minute of them (second → count). */
  private readonly perSecond = new Map<number, number>();
  private readonly slow: StatementView[] = [];
  private readonly failed: StatementErrorView[] = [];

  constructor(private readonly database: string) {}

  note(sql: string, ms: number, error?: unknown): void {
    this.queries += 1;
    const second = Math.floor(Date.now() / 1000);
    this.perSecond.set(second, (this.perSecond.get(second) ?? 0) + 1);
    this.perSecond.delete(second - 60);
    const statement = (): StatementView => ({
      database: this.database,
      sql: maskStatement(sql),
      ms: Math.round(ms),
      at: new Date().toISOString(),
    });
    if (ms >= SLOW_STATEMENT_MS) keepLast(this.slow, statement(), SLOW_KEPT);
    if (error !== undefined) {
      this.errors += 1;
      keepLast(this.failed, { ...statement(), message: maskMessage(error) }, ERRORS_KEPT);
    }
  }

  /** Statements per second over the last ten whole seconds. */
  qps(): number {
    const now = Math.floor(Date.now() / 1000);
    let count = 0;
    for (let second = now - QPS_WINDOW_SECONDS; second < now; second += 1)
      count += this.perSecond.get(second) ?? 0;
    return count / QPS_WINDOW_SECONDS;
  }

  slowest(limit: number): StatementView[] {
    return [...this.slow].sort((a, b) => b.ms - a.ms).slice(0, limit);
  }

  recentErrors(): StatementErrorView[] {
    return [...this.failed].reverse();
  }
}

function keepLast<T>(ring: T[], item: T, size: number): void {
  ring.push(item);
  if (ring.length > size) ring.shift();
}

const statsBySource = new WeakMap<object, StatementStats>();

/** The statement figures of a data source (created on its first statement). */
export function statementStatsOf(dataSource: DataSource): StatementStats {
  let stats = statsBySource.get(dataSource);
  if (!stats) {
    stats = new StatementStats(databaseName(dataSource));
    statsBySource.set(dataSource, stats);
  }
  return stats;
}

/** Notes one statement of a data source: its time, and the error it ended with if any. */
export function noteStatement(
  dataSource: DataSource,
  sql: string,
  ms: number,
  error?: unknown,
): void {
  statementStatsOf(dataSource).note(sql, ms, error);
}

/**
 * The statement with every literal replaced by `?`: quoted strings, hexadecimal and numbers (not
 * digits inside names such as `t1` or `idx_2`), whitespace collapsed.
 */
export function maskStatement(sql: string): string {
  return sql
    .replace(/\b[xX]'[0-9a-fA-F]*'|\b0x[0-9a-fA-F]+\b/g, '?')
    .replace(/'(?:[^'\\]|\\.|'')*'/g, '?')
    .replace(/"(?:[^"\\]|\\.|"")*"/g, '?')
    .replace(/(?<![\w$.`])-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?(?![\w$`])/g, '?')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_SQL_LENGTH);
}

/** An error's message with quoted values masked ("Duplicate entry ? for key …"). */
function maskMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/'(?:[^'\\]|\\.)*'/g, '?').slice(0, 500);
}
