import { createHash } from 'node:crypto';

import { EVENT_QUEUES, EVENT_ROUTES, type PlatformEvent } from '@platform/contracts';
import { type JobsOptions, Queue } from 'bullmq';
import type Redis from 'ioredis';
import type { DataSource } from 'typeorm';

import type { BaseEnv } from './env';
import { registerOutboxBacklog, registerQueueDepth } from './metrics';
import { bullConnection, bullPrefix } from './queues';

/** Where each event type goes: queue name → the event types it receives. */
export type EventRoutes = Record<string, readonly string[]>;

/** The platform's routes (contracts' EVENT_ROUTES) by BullMQ queue name. */
export function platformEventRoutes(): EventRoutes {
  const routes: EventRoutes = {};
  for (const [consumer, types] of Object.entries(EVENT_ROUTES)) {
    routes[EVENT_QUEUES[consumer as keyof typeof EVENT_QUEUES]] = types;
  }
  return routes;
}

/**
 * Retries of a consumer that fails (its database or a service it asks is down): exponential from
 * one second, about two days in all, then the job stays in the failed set for an operator.
 */
export const EVENT_JOB_OPTIONS: JobsOptions = {
  attempts: 30,
  backoff: { type: 'exponential', delay: 1000 },
  // Completed jobs are kept a week so a re-published event (same job id) is not queued again.
  removeOnComplete: { age: 7 * 24 * 3600, count: 100_000 },
  removeOnFail: { age: 30 * 24 * 3600 },
};

/** BullMQ job id of an event: its idempotency key (BullMQ refuses ':' in custom ids). */
export function eventJobId(idempotencyKey: string): string {
  return idempotencyKey.replace(/:/g, '_');
}

/**
 * The outbox table a producer writes its events to in the transaction of the change they announce,
 * and the relay publishes from (created by the producer's migration). Migrations that already ran
 * create it from this text, so it must not change: a new shape is a new migration.
 */
export const EVENT_OUTBOX_DDL = `CREATE TABLE event_outbox (
  id bigint NOT NULL AUTO_INCREMENT,
  event_type varchar(64) NOT NULL,
  idempotency_key varchar(128) NOT NULL,
  payload json NOT NULL,
  created_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
  published_at datetime(3) NULL,
  PRIMARY KEY (id),
  UNIQUE KEY uk_event_idempotency (idempotency_key),
  KEY idx_event_unpublished (published_at, id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`;

export interface OutboxRelayOptions {
  /** The producer's database (TypeORM data source, initialised). */
  dataSource: DataSource;
  env: BaseEnv;
  /** Outbox table: id, event_type, idempotency_key, payload (json), created_at, published_at. */
  table?: string;
  /** Pause between two polls when the last one found nothing (ms). */
  intervalMs?: number;
  /** Rows published per round (in id order). */
  batchSize?: number;
  routes?: EventRoutes;
  logger?: { warn(message: string): void };
}

interface OutboxRow {
  id: string | number;
  event_type: string;
  idempotency_key: string;
  payload: string | Record<string, unknown>;
  created_at: Date | string;
}

const SAFE_TABLE = /^[A-Za-z0-9_]{1,64}$/;

/**
 * Publishes a service's outbox to the BullMQ queue of every consumer that its event types are
 * routed to (job id = the event's idempotency key), then marks the rows published. At least once:
 * a relay that dies after publishing and before marking publishes the rows again, which BullMQ
 * drops (same job id) or the consumer does (its processed keys). One relay at a time per outbox,
 * however many instances run (a MySQL named lock), so rows leave in id order — a user's events are
 * queued in the order they were written.
 */
export class OutboxRelay {
  readonly table: string;
  private readonly routes: EventRoutes;
  private readonly queues = new Map<string, Queue>();
  private connection: Redis | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = true;

  constructor(private readonly options: OutboxRelayOptions) {
    this.table = options.table ?? 'event_outbox';
    if (!SAFE_TABLE.test(this.table)) throw new Error(`Unsafe outbox table: ${this.table}`);
    this.routes = options.routes ?? platformEventRoutes();
  }

  /** Polls until stop(); a round that filled its batch is followed at once by the next. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const loop = async () => {
      if (this.stopped) return;
      let published = 0;
      this.running = this.relayOnce()
        .then((n) => (published = n))
        .catch((error: unknown) =>
          this.options.logger?.warn(
            `outbox relay (${this.table}): ${error instanceof Error ? error.message : error}`,
          ),
        );
      await this.running;
      this.running = null;
      if (this.stopped) return;
      const full = published >= (this.options.batchSize ?? 100);
      this.timer = setTimeout(() => void loop(), full ? 0 : (this.options.intervalMs ?? 300));
    };
    void loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    this.queues.clear();
    await this.connection?.quit().catch(() => undefined);
    this.connection = null;
  }

  /**
   * One round: under the outbox's named lock (skipped when another instance holds it), the oldest
   * unpublished rows are queued and marked. Returns how many rows were published.
   */
  async relayOnce(): Promise<number> {
    const runner = this.options.dataSource.createQueryRunner();
    await runner.connect();
    const lock = lockName(String(this.options.dataSource.options.database), this.table);
    try {
      const [got] = (await runner.query('SELECT GET_LOCK(?, 0) AS got', [lock])) as {
        got: number | string | null;
      }[];
      if (Number(got?.got) !== 1) return 0;
      try {
        const rows = (await runner.query(
          `SELECT id, event_type, idempotency_key, payload, created_at FROM \`${this.table}\`
            WHERE published_at IS NULL ORDER BY id LIMIT ?`,
          [this.options.batchSize ?? 100],
        )) as OutboxRow[];
        if (!rows.length) return 0;
        await this.publish(rows.map(eventOf));
        await runner.query(
          `UPDATE \`${this.table}\` SET published_at = CURRENT_TIMESTAMP(3) WHERE id IN (?)`,
          [rows.map((r) => r.id)],
        );
        return rows.length;
      } finally {
        await runner.query('SELECT RELEASE_LOCK(?)', [lock]);
      }
    } finally {
      await runner.release();
    }
  }

  private async publish(events: PlatformEvent[]): Promise<void> {
    for (const [queueName, types] of Object.entries(this.routes)) {
      const mine = events.filter((e) => types.includes(e.type));
      if (!mine.length) continue;
      await this.queue(queueName).addBulk(
        mine.map((event) => ({
          name: event.type,
          data: event,
          opts: { ...EVENT_JOB_OPTIONS, jobId: eventJobId(event.idempotencyKey) },
        })),
      );
    }
  }

  private queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      this.connection ??= bullConnection(this.options.env);
      queue = new Queue(name, {
        connection: this.connection,
        prefix: bullPrefix(this.options.env),
      });
      this.queues.set(name, queue);
      registerQueueDepth(queue);
    }
    return queue;
  }
}

function eventOf(row: OutboxRow): PlatformEvent {
  const payload =
    typeof row.payload === 'string'
      ? (JSON.parse(row.payload) as Record<string, unknown>)
      : row.payload;
  const createdAt = row.created_at instanceof Date ? row.created_at : new Date(row.created_at);
  return {
    type: row.event_type,
    idempotencyKey: row.idempotency_key,
    userId: Number(payload.userId ?? 0),
    payload,
    occurredAt: createdAt.toISOString(),
  };
}

/** MySQL lock names have at most 64 characters. */
function lockName(database: string, table: string): string {
  const name = `outbox:${database}.${table}`;
  return name.length <= 64 ? name : `outbox:${createHash('sha1').update(name).digest('hex')}`;
}

/**
 * The lifecycle of a service's relay as a Nest provider: started once the application is up, stopped
 * (its round finished, its queues closed) at shutdown. A service's relay extends it and passes its
 * data source and environment.
 */
export abstract class RelayedOutbox {
  private relay: OutboxRelay | null = null;

  protected constructor(private readonly relayOptions: () => OutboxRelayOptions) {}

  onApplicationBootstrap(): void {
    const options = this.relayOptions();
    this.relay = new OutboxRelay(options);
    this.relay.start();
    registerOutboxBacklog(options.dataSource, this.relay.table);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.relay?.stop();
  }
}
