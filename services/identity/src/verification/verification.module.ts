import { Module } from '@nestjs/common';
import { getRepositoryToken, TypeOrmModule } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';

import { IDENTITY_ENV, type IdentityEnv } from '../config/env';
import { CODE_SENDERS, type CodeSender } from './code-sender';
import { OutboxMessage } from './outbox.entity';
import { OutboxSender } from './outbox.sender';
import { CodeDeliveryQueue, QueueSender } from './queue.sender';
import { VerificationService } from './verification.service';

/**
 * A channel whose delivery is configured (SMTP_URL, SMS_API_URL) is sent by the notification service
 * (durably, through the code-delivery queue); otherwise the development outbox (refused in production).
 */
function codeSenders(
  env: IdentityEnv,
  outbox: Repository<OutboxMessage>,
  queue: CodeDeliveryQueue,
): Partial<Record<'sms' | 'email', CodeSender>> {
  const fallback = (channel: 'sms' | 'email') =>
    env.NODE_ENV === 'production' ? undefined : new OutboxSender(channel, outbox, env.NODE_ENV);
  return {
    email: env.SMTP_URL ? new QueueSender('email', queue) : fallback('email'),
    sms: env.SMS_API_URL ? new QueueSender('sms', queue) : fallback('sms'),
  };
}

@Module({
  imports: [TypeOrmModule.forFeature([OutboxMessage])],
  providers: [
    {
      provide: CODE_SENDERS,
      useFactory: codeSenders,
      inject: [IDENTITY_ENV, getRepositoryToken(OutboxMessage), CodeDeliveryQueue],
    },
    CodeDeliveryQueue,
    VerificationService,
  ],
  exports: [VerificationService],
})
export class VerificationModule {}
