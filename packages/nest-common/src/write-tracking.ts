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
  /**
   * A change of the command's may be in the database: a COMMIT (or a write outside a transaction)
   * succeeded, or was sent and its answer lost (MariaDB killed, the connection cut): the server may
   * have committed it before the client heard back.
   */
  committed: boolean;
}

const commandWrites = new AsyncLocalStorage<CommandWrites>();

/** Statements that change data and take effect at once outside a transaction (autocommit). */
const WRITE_STATEMENT = /^\s*(insert|update|delete|replace)\b/i;
const COMMIT_STATEMENT = /^\s*commit\b/i;

let installed = false;

/** Whether `sql` makes a change permanent: COMMIT, or a write outside a transaction (autocommit). */
function commitsChange(sql: string, inTransaction: boolean): boolean {
  return COMMIT_STATEMENT.test(sql) || (!inTransaction && WRITE_STATEMENT.test(sql));
}

/**
 * Notes, for the command that runs it, every statement that commits a change: COMMIT, or a write outside
 * a transaction, once it succeeded or failed for an outage (its answer lost, the change in doubt). TypeORM has no hook after a query succeeds (subscribers see entity operations, not the
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
    // The record this statement may commit into, judged before it runs (a COMMIT that fails still
    // ends the transaction).
    const writes = commandWrites.getStore();
    const commits =
      writes && !writes.committed && commitsChange(sql, this.isTransactionActive)
        ? writes
        : undefined;
    const started = performance.now();
    let result: unknown;
    try {
      result = await query.call(this, sql, ...rest);
    } catch (error) {
      noteStatement(this.connection, sql, performance.now() - started, error);
      // A commit whose answer was lost to an outage is in doubt: the server may have done it.
      if (commits && isOutageError(error)) commits.committed = true;
      throw error;
    }
    noteStatement(this.connection, sql, performance.now() - started);
    if (commits) commits.committed = true;
    return result;
  };
}

/** Whether the command running now has committed a change to its database, or may have. */
export function commandCommitted(): boolean {
  return commandWrites.getStore()?.committed ?? false;
}

/**
 * Notes, for the command running now, a change elsewhere that may have taken effect though its answer
 * was lost: a call to the process engine whose connection broke after it was sent. An outage error
 * then answers "outcome unknown" (504), as after a COMMIT in doubt. Outside a command, nothing.
 */
export function noteWriteInDoubt(): void {
  const writes = commandWrites.getStore();
  if (writes) writes.committed = true;
}

/** Runs `work` as one command whose committed writes are noted (for tests and non-Nest callers). */
export function runAsCommand<T>(work: () => T): T {
  return commandWrites.run({ committed: false }, work);
}

/** An outage, or a service's own answer 503: both promise "nothing was done, try again". */
function promisesNothingDone(error: unknown): boolean {
  return isOutageError(error) || (error instanceof DomainError && error.code === 503);
}

/**
 * What an error becomes once the command may have changed something: an outage, or a service's own
 * "unavailable, try again", becomes outcome unknown.
 */
export function afterWritesError(error: unknown, committed: boolean): unknown {
  return committed && promisesNothingDone(error)
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
