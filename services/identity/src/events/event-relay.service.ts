import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { RelayedOutbox } from '@platform/nest-common';
import type { DataSource } from 'typeorm';

import { IDENTITY_ENV, type IdentityEnv } from '../config/env';

/**
 * Relays identity's event_outbox (registrations, phone bindings, real-name results, invitation-link
 * changes, notices) to the BullMQ queues of the services that consume them (billing, notification):
 * at least once, in id order, one instance at a time (see OutboxRelay).
 */
@Injectable()
export class EventRelayService extends RelayedOutbox {
  constructor(@Inject(IDENTITY_ENV) env: IdentityEnv, @InjectDataSource() db: DataSource) {
    super(() => ({ dataSource: db, env, logger: new Logger('EventRelay') }));
  }
}
