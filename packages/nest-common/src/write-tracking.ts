import { AsyncLocalStorage } from 'node:async_hooks';

import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import { DomainError } from '@platform/contracts';
import { catchError, Observable, throwError } from 'rxjs';
import { MysqlQueryRunner } from 'typeorm/driver/mysql/MysqlQueryRunner.js';

import { isOutageError } from './outage';
import { noteStatement } from './statement-stats';

/**
 * "Service temporarily unavailable" (503) promises that nothing was done, so the caller may simply
 * send the request again. An outage met after the command's own database write was committed (Redis
 * gone while a cache was bumped, say) breaks that promise: the fault suite saw a user created and
 * answered 503. Each command therefore notes whether it has committed a write; an outage after one is
 * answered "outcome unknown" (504, retry with the same Idempotency-Key) instead.
 */
interface CommandWrites {
  committed: boolean;
}

const commandWrites = new AsyncLocalStorage<CommandWrites>();

/** Statements that change data and take effect at once outside a transaction (autocommit). */
const WRITE_STATEMENT = /^\s*(insert|update|delete|replace)\b/i;
const COMMIT_STATEMENT = /^\s*commit\b/i;

let installed = false;

/**
 * Notes, for the command that runs it, every statement that commits a change: COMMIT, or a write outside
 * a transaction. TypeORM has no hook after a query succeeds (subscribers see entity operations, not the
 * SQL services run through `query`), so its MySQL query runner's `query` is wrapped, once per process;
 * every database access of the services goes through it. The same wrapper times each statement for
 * the pool monitor (statement-stats.ts).
 */
export function trackCommittedWrites(): void {
  if (installed) return;
  installed = true;
  const prototype = MysqlQueryRunner.prototype as unknown as {
    query: (this: MysqlQueryRunner, sql: string, ...rest: unknown[]) => Promise<unknown>;
  };
  const query = prototype.query;
  prototype.query = async function trackedQuery(this: MysqlQueryRunner, sql, ...rest) {
    const started = performance.now();
    let result: unknown;
    try {
      result = await query.call(this, sql, ...rest);
    } catch (error) {
      noteStatement(this.connection, sql, performance.now() - started, error);
      throw error;
    }
    noteStatement(this.connection, sql, performance.now() - started);
    const writes = commandWrites.getStore();
    if (writes && !writes.committed) {
      const commits =
        COMMIT_STATEMENT.test(sql) || (!this.isTransactionActive && WRITE_STATEMENT.test(sql));
      if (commits) writes.committed = true;
    }
    return result;
  };
}

/** Whether the command running now has committed a change to its database. */
export function commandCommitted(): boolean {
  return commandWrites.getStore()?.committed ?? false;
}

/** Runs `work` as one command whose committed writes are noted (for tests and non-Nest callers). */
export function runAsCommand<T>(work: () => T): T {
  return commandWrites.run({ committed: false }, work);
}

/** What an error becomes once the command may have changed something: outage → outcome unknown. */
export function afterWritesError(error: unknown, committed: boolean): unknown {
  return committed && isOutageError(error)
    ? new DomainError('http.outcome_unknown', {}, 504)
    : error;
}

/**
 * Runs each RPC command in its own write record (the handler is subscribed inside it, so every await of
 * the handler sees it) and turns an outage after a committed write into "outcome unknown".
 */
export class CommittedWritesInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'rpc') return next.handle();
    const writes: CommandWrites = { committed: false };
    return new Observable((subscriber) =>
      commandWrites.run(writes, () =>
        next
          .handle()
          .pipe(
            catchError((error: unknown) =>
              throwError(() => afterWritesError(error, writes.committed)),
            ),
          )
          .subscribe(subscriber),
      ),
    );
  }
}
