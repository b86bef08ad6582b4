import type { PlatformEvent } from '@platform/contracts';
import { type Job, Worker } from 'bullmq';
import type Redis from 'ioredis';
import type { DataSource, EntityManager } from 'typeorm';
import { QueryFailedError } from 'typeorm';

import type { BaseEnv } from './env';
import { bullConnection, bullPrefix } from './queues';

/**
 * The table a consumer records the events it applied in (created by the consumer's migration):
 * `processed_event (idempotency_key varchar(128) PRIMARY KEY, event_type varchar(64), processed_at)`.
 */
export const PROCESSED_EVENT_DDL = `CREATE TABLE processed_event (
  idempotency_key varchar(128) NOT NULL,
  event_type varchar(64) NOT NULL,
  processed_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
  PRIMARY KEY (idempotency_key)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`;

export function isPlatformEvent(value: unknown): value is PlatformEvent {
  const e = value as PlatformEvent | null;
  return (
    typeof e === 'object' &&
    e !== null &&
    typeof e.type === 'string' &&
    typeof e.idempotencyKey === 'string' &&
    e.idempotencyKey.length > 0 &&
    e.idempotencyKey.length <= 128 &&
    Number.isInteger(e.userId) &&
    typeof e.payload === 'object' &&
    e.payload !== null
  );
}

/**
 * Applies an event exactly once: the event's key is inserted into processed_event and the handler's
 * writes are made in ONE transaction, so either both commit or neither (a crash or an error leaves
 * the event to be delivered again). A repeat finds the key and returns 'duplicate' untouched.
 */
export async function consumeOnce<T>(
  db: DataSource,
  event: Pick<PlatformEvent, 'idempotencyKey' | 'type'>,
  handler: (tx: EntityManager) => Promise<T>,
): Promise<T | 'duplicate'> {
  return db.transaction(async (tx) => {
    // Inserted first: a concurrent delivery of the same event waits on this key, then finds it.
    try {
      await tx.query('INSERT INTO processed_event (idempotency_key, event_type) VALUES (?, ?)', [
        event.idempotencyKey,
        event.type.slice(0, 64),
      ]);
    } catch (error) {
      const code =
        error instanceof QueryFailedError
          ? (error.driverError as { code?: string } | undefined)?.code
          : undefined;
      if (code === 'ER_DUP_ENTRY') return 'duplicate' as const;
      throw error;
    }
    return handler(tx);
  });
}

export interface EventWorkerOptions {
  env: BaseEnv;
  queue: string;
  /** Applies one event; throwing leaves it to BullMQ's retries (EVENT_JOB_OPTIONS). */
  handle(event: PlatformEvent): Promise<unknown>;
  /** Events applied at once; 1 (the default) keeps a queue's events in order. */
  concurrency?: number;
  /**
   * How long a job stays locked to this worker without renewal: after a crash (SIGKILL) its active
   * job is handed out again once the lock expires (BullMQ's stalled check). Default 30 s.
   */
  lockDurationMs?: number;
  logger?: { warn(message: string): void };
}

/** A BullMQ worker on a queue of platform events; close() stops it and its connection. */
export function startEventWorker(options: EventWorkerOptions): { close(): Promise<void> } {
  const connection: Redis = bullConnection(options.env);
  const worker = new Worker(
    options.queue,
    async (job: Job) => {
      if (!isPlatformEvent(job.data)) {
        options.logger?.warn(`event job ${job.id} without type, key, user or payload dropped`);
        return 'ignored';
      }
      return options.handle(job.data);
    },
    {
      connection,
      prefix: bullPrefix(options.env),
      concurrency: options.concurrency ?? 1,
      lockDuration: options.lockDurationMs ?? 30_000,
      stalledInterval: options.lockDurationMs ?? 30_000,
    },
  );
  worker.on('failed', (job, error) =>
    options.logger?.warn(`event ${job?.id} not applied yet: ${error.message}`),
  );
  worker.on('error', (error) => options.logger?.warn(`event worker: ${error.message}`));
  return {
    async close() {
      await worker.close();
      await connection.quit().catch(() => undefined);
    },
  };
}
