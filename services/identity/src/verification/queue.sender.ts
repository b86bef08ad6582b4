import { randomUUID } from 'node:crypto';

import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { CodeDelivery } from '@platform/contracts';
import { bullConnection, bullPrefix, QUEUES, registerQueueDepth } from '@platform/nest-common';
import { Queue } from 'bullmq';

import { IDENTITY_ENV, type IdentityEnv } from '../config/env';
import type { CodeChannel, CodeMessage, CodeSender } from './code-sender';

/**
 * The durable request for delivery: a code goes on the `code-delivery` queue, which keeps it while
 * the notification service is down and retries a failed send with back-off. A job lives no longer
 * than the code (removed when sent, and a failed one after the code's lifetime).
 */
@Injectable()
export class CodeDeliveryQueue implements OnApplicationShutdown {
  private readonly connection;
  private readonly queue: Queue<CodeDelivery>;

  constructor(@Inject(IDENTITY_ENV) env: IdentityEnv) {
    this.connection = bullConnection(env);
    this.queue = new Queue<CodeDelivery>(QUEUES.codeDelivery, {
      connection: this.connection,
      prefix: bullPrefix(env),
      defaultJobOptions: {
        attempts: 5,
        backoff: { type: 'exponential', delay: 2000 },
        removeOnComplete: true,
        removeOnFail: { age: env.CODE_TTL_MINUTES * 60 },
      },
    });
    registerQueueDepth(this.queue);
  }

  async add(message: CodeMessage): Promise<void> {
    await this.queue.add(message.channel, message, { jobId: randomUUID() });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
    await this.connection.quit().catch(() => undefined);
  }
}

/** A channel (SMTP_URL or SMS_API_URL configured) delivered by the notification service. */
export class QueueSender implements CodeSender {
  constructor(
    readonly channel: CodeChannel,
    private readonly queue: CodeDeliveryQueue,
  ) {}

  send(message: CodeMessage): Promise<void> {
    return this.queue.add(message);
  }
}
