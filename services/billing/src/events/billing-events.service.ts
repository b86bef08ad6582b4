import { Inject, Injectable, Logger } from '@nestjs/common';
import { EVENT_QUEUES } from '@platform/contracts';
import { RelayedOutbox, startEventWorker } from '@platform/nest-common';
import type { DataSource } from 'typeorm';

import { BILLING_ENV, type BillingEnv } from '../config/env';
import { InjectBillingDb } from '../database/inject';
import { RewardsService } from '../rewards/rewards.service';

/**
 * Billing's two ends of the platform's durable events: it consumes EVENT_QUEUES.billing (rewards)
 * and relays its own outbox (points credited, order status changes) to the queues that route them.
 */
@Injectable()
export class BillingEventsService extends RelayedOutbox {
  private readonly logger = new Logger('BillingEvents');
  private worker: { close(): Promise<void> } | null = null;

  constructor(
    @Inject(BILLING_ENV) private readonly env: BillingEnv,
    @InjectBillingDb() db: DataSource,
    private readonly rewards: RewardsService,
  ) {
    super(() => ({
      dataSource: db,
      env,
      intervalMs: env.BILLING_RELAY_INTERVAL_MS,
      logger: this.logger,
    }));
  }

  override onApplicationBootstrap(): void {
    super.onApplicationBootstrap();
    this.worker = startEventWorker({
      env: this.env,
      queue: EVENT_QUEUES.billing,
      handle: (event) => this.rewards.apply(event),
      lockDurationMs: this.env.BILLING_EVENT_LOCK_MS,
      logger: this.logger,
    });
  }

  override async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await super.onApplicationShutdown();
  }
}
