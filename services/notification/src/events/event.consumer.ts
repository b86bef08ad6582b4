import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { EVENT_QUEUES } from '@platform/contracts';
import { bullConnection, bullPrefix, isPlatformEvent } from '@platform/nest-common';
import { type Job, Worker } from 'bullmq';
import type Redis from 'ioredis';

import { NOTIFICATION_ENV, type NotificationEnv } from '../config/env';
import { audienceColumns, MessagesService } from '../messages/messages.service';
import { Recipients } from '../messages/recipients';
import { draftOf } from './event-messages';

/** What an applied event did: a message written, or nothing (repeat, or nothing to tell). */
export type EventOutcome = { messageId: number; recipients: number } | 'duplicate' | 'ignored';

/**
 * Consumes the notification queue of the platform's durable events (EVENT_QUEUES.notification): each
 * event becomes an in-app message stored under the event's idempotency key, then pushed to the
 * recipients' sockets. A redelivered event finds its key stored and neither writes nor pushes again,
 * so no message is shown twice. A failure (identity or the database down) leaves the job to BullMQ's
 * retries; one worker at a time by default keeps a user's events in the order they were written.
 */
@Injectable()
export class EventConsumer implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(EventConsumer.name);
  private connection: Redis | null = null;
  private worker: Worker | null = null;

  constructor(
    @Inject(NOTIFICATION_ENV) private readonly env: NotificationEnv,
    private readonly messages: MessagesService,
    private readonly recipients: Recipients,
  ) {}

  onModuleInit(): void {
    this.connection = bullConnection(this.env);
    this.worker = new Worker(EVENT_QUEUES.notification, (job: Job) => this.apply(job.data), {
      connection: this.connection,
      prefix: bullPrefix(this.env),
      concurrency: this.env.NOTIFICATION_EVENT_CONCURRENCY,
    });
    this.worker.on('failed', (job, error) =>
      this.logger.warn(`event ${job?.id} not applied yet: ${error.message}`),
    );
  }

  /** Applies one event (also called directly by tests and by a relay-less producer). */
  async apply(event: unknown): Promise<EventOutcome> {
    if (!isPlatformEvent(event)) {
      this.logger.warn('an event without type, key, user or payload was dropped');
      return 'ignored';
    }
    const draft = draftOf(event);
    if (!draft) return 'ignored';
    const userIds =
      'userId' in draft.audience
        ? draft.audience.userId > 0
          ? [draft.audience.userId]
          : []
        : await this.recipients.of(draft.audience);
    if (userIds.length === 0) return 'ignored';
    const message = {
      ...draft,
      // An event's own user is recorded as such; a notice keeps its role or 'all'.
      ...('userId' in draft.audience
        ? { audience: 'event' as const, audienceId: draft.audience.userId }
        : audienceColumns(draft.audience)),
      createdBy: `event:${event.type}`,
      eventKey: event.idempotencyKey,
    };
    const messageId = await this.messages.store(message, userIds);
    if (messageId === null) return 'duplicate';
    await this.messages.announce(messageId, message, userIds, draft.extraPush);
    return { messageId, recipients: userIds.length };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.connection?.quit().catch(() => undefined);
  }
}
