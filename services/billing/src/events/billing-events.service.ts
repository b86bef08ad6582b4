import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { EVENT_QUEUES } from '@platform/contracts';
import { OutboxRelay, startEventWorker } from '@platform/nest-common';
import type { DataSource } from 'typeorm';

import { BILLING_ENV, type BillingEnv } from '../config/env';
import { InjectBillingDb } from '../database/inject';
import { RewardsService } from '../rewards/rewards.service';

/**
 * Billing's two ends of the platform's durable events: it consumes EVENT_QUEUES.billing (rewards)
 * and relays its own outbox (points credited, order status changes) to the queues that route them.
 */
@Injectable()
export class BillingEventsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('BillingEvents');
  private relay: OutboxRelay | null = null;
  private worker: { close(): Promise<void> } | null = null;

  constructor(
    @Inject(BILLING_ENV) private readonly env: BillingEnv,
    @InjectBillingDb() private readonly db: DataSource,
    private readonly rewards: RewardsService,
  ) {}

  onApplicationBootstrap(): void {
    this.relay = new OutboxRelay({
      dataSource: this.db,
      env: this.env,
      intervalMs: this.env.BILLING_RELAY_INTERVAL_MS,
      logger: this.logger,
    });
    this.relay.start();
    this.worker = startEventWorker({
      env: this.env,
      queue: EVENT_QUEUES.billing,
      handle: (event) => this.rewards.apply(event),
      lockDurationMs: this.env.BILLING_EVENT_LOCK_MS,
      logger: this.logger,
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.relay?.stop();
  }
}
