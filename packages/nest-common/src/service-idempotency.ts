import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import { DomainError, type ErrorPayload } from '@platform/contracts';
import type Redis from 'ioredis';
import { catchError, concatMap, from, type Observable, of, switchMap, throwError } from 'rxjs';

import { commandCommitted } from './write-tracking';

/** How long a repeat waits for the first run of its command before it is told "in progress". */
const WAIT_MS = 5000;
const POLL_MS = 100;
const KEEP_MS = 24 * 60 * 60 * 1000;
/** A recorded answer is tried again every half second for a minute while Redis is away. */
const KEEP_RETRY_EVERY_MS = 500;
const KEEP_RETRY_FOR_MS = 60_000;
/** Larger answers (exports) are not kept: a repeat runs again. */
const MAX_KEPT_CHARS = 256 * 1024;

type Stored =
  | { state: 'pending' }
  | { state: 'done'; value: unknown }
  | { state: 'refused'; error: ErrorPayload };

interface Command {
  idempotencyKey?: unknown;
  caller?: { userId?: number };
  client?: { ip?: string };
}

/**
 * The service's side of `Idempotency-Key` (issue 19): a command that carries one (CommandPayload's
 * `idempotencyKey`, set by the gateway) runs once per handler, caller and key. Its answer — a value or
 * a business refusal — is kept 24 h in Redis and given to a repeat, so a retry after the gateway gave
 * up waiting (outcome unknown) gets what the first run did instead of running it again; a repeat while
 * the first still runs waits up to 5 s, then is told "in progress". A run that failed otherwise (an
 * outage, a bug) leaves nothing, so it can be tried again.
 */
export class ServiceIdempotencyInterceptor implements NestInterceptor {
  constructor(
    private readonly redis: Redis,
    private readonly service: string,
    /** How long a first run may take before its marker lapses (a process that died while running). */
    private readonly pendingMs: number,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'rpc') return next.handle();
    const command = context.switchToRpc().getData<Command | undefined>();
    const idempotencyKey = command?.idempotencyKey;
    if (typeof idempotencyKey !== 'string' || !idempotencyKey) return next.handle();
    const who = command?.caller?.userId ?? `ip:${command?.client?.ip ?? ''}`;
    const handler = `${context.getClass().name}.${context.getHandler().name}`;
    const key = `idempotency:${this.service}:${handler}:${who}:${idempotencyKey}`;
    return from(this.claim(key)).pipe(
      switchMap((stored) => {
        if (stored?.state === 'done') return of(stored.value);
        if (stored?.state === 'refused') {
          const { key: messageKey, params, code } = stored.error;
          return throwError(() => new DomainError(messageKey, params, code));
        }
        return next.handle().pipe(
          concatMap(async (value: unknown) => {
            await this.keep(key, { state: 'done', value });
            return value;
          }),
          catchError((error: unknown) => {
            // A refusal is the answer; anything else (an outage, a bug) may be tried again, unless
            // the command committed a change first: its marker then stays until it lapses, so a
            // prompt retry is told "in progress" instead of doing the change twice.
            const settle =
              error instanceof DomainError
                ? this.keep(key, { state: 'refused', error: error.toPayload() })
                : commandCommitted()
                  ? Promise.resolve()
                  : this.redis.del(key).then(
                      () => undefined,
                      () => undefined,
                    );
            return from(settle).pipe(switchMap(() => throwError(() => error)));
          }),
        );
      }),
    );
  }

  /** null: this call runs the command; else what a first run left (done or refused). */
  private async claim(key: string): Promise<Stored | null> {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const claimed = await this.redis.set(key, '{"state":"pending"}', 'PX', this.pendingMs, 'NX');
      if (claimed === 'OK') return null;
      const raw = await this.redis.get(key);
      if (raw === null) continue;
      const stored = JSON.parse(raw) as Stored;
      if (stored.state !== 'pending') return stored;
      if (Date.now() >= deadline) throw new DomainError('request.idempotency_in_progress');
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  /**
   * Records the answer. When Redis cannot be reached just then (the work is done, its answer must not
   * be lost), it is tried again in the background for about a minute, so a retry that comes once Redis
   * is back gets it instead of running the command again.
   */
  private async keep(key: string, stored: Stored): Promise<void> {
    const text = JSON.stringify(stored);
    const write = () =>
      text.length > MAX_KEPT_CHARS ? this.redis.del(key) : this.redis.set(key, text, 'PX', KEEP_MS);
    try {
      await write();
    } catch {
      // Every half second: the first retry after Redis is back should find the answer.
      const until = Date.now() + KEEP_RETRY_FOR_MS;
      const again = () => {
        setTimeout(() => {
          write().catch(() => {
            if (Date.now() < until) again();
          });
        }, KEEP_RETRY_EVERY_MS).unref();
      };
      again();
    }
  }
}
