import { randomUUID } from 'node:crypto';

import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { createRedis } from '@platform/nest-common';
import type Redis from 'ioredis';
import type {
  DataSource,
  EntitySubscriberInterface,
  InsertEvent,
  QueryRunner,
  RemoveEvent,
  SoftRemoveEvent,
  TransactionCommitEvent,
  TransactionRollbackEvent,
  UpdateEvent,
} from 'typeorm';

import { WORKFLOW_ENV, type WorkflowEnv } from '../config/env';
import { InjectWorkflowDb } from '../database/inject';
import { FunctionDef } from '../functions/function.entity';
import { Skill } from '../skills/skill.entity';
import { Agent } from './agent.entity';

/** How long an entry is kept at most: the bound on staleness should a change's message be lost. */
const ENTRY_TTL_MS = 60_000;
const MAX_ENTRIES = 500;
/** Marks a transaction (its query runner's `data`) that wrote an agent, a skill or a function. */
const CHANGED_IN_TRANSACTION = 'agentCatalogChanged';

interface Entry {
  value: unknown;
  expires: number;
}

/** The channel on which every workflow instance hears that the catalog changed. */
export function agentCatalogChannel(namespace: string): string {
  return `${namespace}:workflow:agent-catalog`;
}

/**
 * Agents, skills and functions as node runs read them (an agent with its skills' tools and
 * functions), kept in memory between changes. Each agent node of a mission read its agent, the
 * agent's skills and their functions again, two or three selects a node, though they change only
 * when an administrator edits them.
 *
 * Any write to the three tables, through TypeORM in any workflow instance, clears every instance's
 * entries: the writer clears its own once the write has committed and publishes the change on Redis
 * (pub/sub: instances share no memory; the transport's queue groups would deliver to one instance
 * only). A load that overlapped a change is answered but not kept. An instance that cannot hear the
 * channel (not yet subscribed, or reconnecting: it may miss a message) neither keeps nor answers
 * entries, and clears them once it hears again. Entries expire after a minute in any case, should a
 * publish fail after its commit. Values are shared between callers: read-only.
 */
@Injectable()
export class AgentCatalog
  implements OnModuleInit, OnApplicationShutdown, EntitySubscriberInterface
{
  private readonly logger = new Logger(AgentCatalog.name);
  private readonly entries = new Map<string, Entry>();
  private readonly instance = randomUUID();
  private generation = 0;
  private subscriber: Redis | null = null;
  private publisher: Redis | null = null;

  constructor(
    @InjectWorkflowDb() private readonly db: DataSource,
    @Inject(WORKFLOW_ENV) private readonly env: WorkflowEnv,
  ) {}

  async onModuleInit(): Promise<void> {
    this.db.subscribers.push(this);
    this.subscriber = createRedis(this.env, 'workflow-agent-catalog');
    this.subscriber.on('message', (_channel: string, from: string) => {
      if (from !== this.instance) this.clear();
    });
    // Messages sent while the connection was down are lost: whatever was kept may be stale.
    this.subscriber.on('ready', () => this.clear());
    this.subscriber.on('error', (error: Error) =>
      this.logger.warn(`agent catalog channel: ${error.message}`),
    );
    await this.subscriber.subscribe(agentCatalogChannel(this.env.NAMESPACE));
  }

  async onApplicationShutdown(): Promise<void> {
    const index = this.db.subscribers.indexOf(this);
    if (index >= 0) this.db.subscribers.splice(index, 1);
    await Promise.all(
      [this.subscriber, this.publisher].map((redis) => redis?.quit().catch(() => undefined)),
    );
    this.subscriber = this.publisher = null;
  }

  /** The entry of `key`, else what `load` answers (kept unless the catalog changed meanwhile). */
  async cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.listening()) return load();
    const entry = this.entries.get(key);
    if (entry && entry.expires > Date.now()) return entry.value as T;
    const generation = this.generation;
    const value = await load();
    if (generation === this.generation && this.listening()) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(key, { value, expires: Date.now() + ENTRY_TTL_MS });
    }
    return value;
  }

  /** The catalog changed here: clear this instance's entries and tell the others. */
  private changed(): void {
    this.clear();
    this.publisher ??= createRedis(this.env, 'workflow-agent-catalog-publish');
    this.publisher
      .publish(agentCatalogChannel(this.env.NAMESPACE), this.instance)
      .catch((error: unknown) =>
        this.logger.warn(`agent catalog change not published: ${String(error)}`),
      );
  }

  // TypeORM's entity events, for every write made through it (repositories and query builders).
  afterInsert(event: InsertEvent<unknown>): void {
    this.written(event.metadata.target, event.queryRunner);
  }
  afterUpdate(event: UpdateEvent<unknown>): void {
    this.written(event.metadata.target, event.queryRunner);
  }
  afterRemove(event: RemoveEvent<unknown>): void {
    this.written(event.metadata.target, event.queryRunner);
  }
  afterSoftRemove(event: SoftRemoveEvent<unknown>): void {
    this.written(event.metadata.target, event.queryRunner);
  }
  // A nested transaction's commit or rollback (a savepoint) leaves the outer one open: the mark
  // stays for the outer one's end (a savepoint rolled back may have undone none of the writes).
  afterTransactionCommit(event: TransactionCommitEvent): void {
    const { queryRunner } = event;
    if (queryRunner.isTransactionActive || !queryRunner.data[CHANGED_IN_TRANSACTION]) return;
    delete queryRunner.data[CHANGED_IN_TRANSACTION];
    this.changed();
  }
  afterTransactionRollback(event: TransactionRollbackEvent): void {
    if (!event.queryRunner.isTransactionActive)
      delete event.queryRunner.data[CHANGED_IN_TRANSACTION];
  }

  /**
   * A write to one of the catalog's tables: a change once it is visible to others, at its commit
   * (clearing before would let a load read the old row and keep it); a write outside a transaction
   * has committed already. The entries are cleared at once as well, so that this instance's own
   * loads in between are not kept.
   */
  private written(target: unknown, queryRunner: QueryRunner): void {
    if (target !== Agent && target !== Skill && target !== FunctionDef) return;
    this.clear();
    if (queryRunner.isTransactionActive) queryRunner.data[CHANGED_IN_TRANSACTION] = true;
    else this.changed();
  }

  private clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  private listening(): boolean {
    return this.subscriber?.status === 'ready';
  }
}
