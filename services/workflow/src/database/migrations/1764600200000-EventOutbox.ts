import { EVENT_OUTBOX_DDL } from '@platform/nest-common';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The workflow service's outbox of durable events (issue 15): a mission that completes, fails, stops
 * or waits for its owner's input is announced in the transaction of its move, and the relay
 * (OutboxRelay) publishes the rows to the notification service's queue. Same shape as identity's.
 */
export class EventOutbox1764600200000 implements MigrationInterface {
  name = 'EventOutbox1764600200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(EVENT_OUTBOX_DDL);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE event_outbox');
  }
}
