import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { OutboxRelay } from '@platform/nest-common';
import type { DataSource } from 'typeorm';

import { IDENTITY_ENV, type IdentityEnv } from '../config/env';

/**
 * Relays identity's event_outbox (registrations, phone bindings, real-name results, invitation-link
 * changes, notices) to the BullMQ queues of the services that consume them (billing, notification):
 * at least once, in id order, one instance at a time (see OutboxRelay).
 */
@Injectable()
export class EventRelayService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('EventRelay');
  private relay: OutboxRelay | null = null;

  constructor(
    @Inject(IDENTITY_ENV) private readonly env: IdentityEnv,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  onApplicationBootstrap(): void {
    this.relay = new OutboxRelay({ dataSource: this.db, env: this.env, logger: this.logger });
    this.relay.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.relay?.stop();
  }
}
