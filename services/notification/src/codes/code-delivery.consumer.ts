import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import type { CodeDelivery } from '@platform/contracts';
import { bullConnection, bullPrefix, QUEUES } from '@platform/nest-common';
import { type Job, UnrecoverableError, Worker } from 'bullmq';
import type Redis from 'ioredis';

import { NOTIFICATION_ENV, type NotificationEnv } from '../config/env';
import type { CodeSender } from './code-sender';
import { HttpSmsSender } from './http-sms.sender';
import { SmtpSender } from './smtp.sender';

/** The senders the environment configures (SMTP_URL, SMS_API_URL). */
export function codeSenders(
  env: NotificationEnv,
): Partial<Record<CodeDelivery['channel'], CodeSender>> {
  return {
    ...(env.SMTP_URL ? { email: new SmtpSender(env.SMTP_URL, env.SMTP_FROM) } : {}),
    ...(env.SMS_API_URL ? { sms: new HttpSmsSender(env.SMS_API_URL, env.SMS_API_KEY) } : {}),
  };
}

/**
 * Delivers the verification codes identity queues (QUEUES.codeDelivery) by e-mail or SMS. A provider
 * that fails is tried again by the queue's back-off; a channel this instance has no sender for fails
 * at once (identity only queues a channel whose delivery is configured). Codes are never logged.
 */
@Injectable()
export class CodeDeliveryConsumer implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(CodeDeliveryConsumer.name);
  private readonly senders: Partial<Record<CodeDelivery['channel'], CodeSender>>;
  private connection: Redis | null = null;
  private worker: Worker | null = null;

  constructor(@Inject(NOTIFICATION_ENV) private readonly env: NotificationEnv) {
    this.senders = codeSenders(env);
  }

  onModuleInit(): void {
    this.connection = bullConnection(this.env);
    this.worker = new Worker(
      QUEUES.codeDelivery,
      (job: Job<CodeDelivery>) => this.deliver(job.data),
      {
        connection: this.connection,
        prefix: bullPrefix(this.env),
        concurrency: 8,
      },
    );
    this.worker.on('failed', (job, error) =>
      this.logger.warn(
        `${job?.data.channel ?? 'code'} delivery ${job?.id} failed: ${error.message}`,
      ),
    );
  }

  async deliver(message: CodeDelivery): Promise<void> {
    const sender = this.senders[message.channel];
    if (!sender) throw new UnrecoverableError(`no ${message.channel} delivery is configured here`);
    await sender.send(message);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.connection?.quit().catch(() => undefined);
  }
}
