import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The workflow service's outbox of durable events (issue 15): a mission that completes, fails, stops
 * or waits for its owner's input is announced in the transaction of its move, and the relay
 * (OutboxRelay) publishes the rows to the notification service's queue. Same shape as identity's.
 */
export class EventOutbox1764600200000 implements MigrationInterface {
  name = 'EventOutbox1764600200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE event_outbox (
      id bigint NOT NULL AUTO_INCREMENT,
      event_type varchar(64) NOT NULL,
      idempotency_key varchar(128) NOT NULL,
      payload json NOT NULL,
      created_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
      published_at datetime(3) NULL,
      PRIMARY KEY (id),
      UNIQUE KEY uk_event_idempotency (idempotency_key),
      KEY idx_event_unpublished (published_at, id)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE event_outbox');
  }
}
