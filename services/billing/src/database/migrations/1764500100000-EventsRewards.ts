import { PROCESSED_EVENT_DDL } from '@platform/nest-common';
import type { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/**
 * Billing's events (issue 14): its own outbox (billing.points.credited, billing.order.status_changed,
 * relayed like identity's), the keys of the platform events it applied (processed_event: one
 * transaction with what the event changed), and who invited whom (from identity.user.registered),
 * which the real-name reward of an invited user needs.
 */
export class EventsRewards1764500100000 implements MigrationInterface {
  name = 'EventsRewards1764500100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE event_outbox (
      id bigint NOT NULL AUTO_INCREMENT,
      event_type varchar(64) NOT NULL,
      idempotency_key varchar(128) NOT NULL,
      payload json NOT NULL,
      created_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
      published_at datetime(3) NULL,
      PRIMARY KEY (id),
      UNIQUE KEY uk_event_outbox_key (idempotency_key),
      KEY idx_event_outbox_unpublished (published_at, id)
    ) ${TABLE_OPTIONS}`);
    await q.query(PROCESSED_EVENT_DDL);
    await q.query(`CREATE TABLE billing_referral (
      user_id bigint NOT NULL,
      inviter_id bigint NOT NULL DEFAULT 0,
      company_id bigint NOT NULL DEFAULT 0,
      ip varchar(64) NULL,
      device_id varchar(128) NULL,
      registered_at datetime(3) NOT NULL,
      created_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
      PRIMARY KEY (user_id),
      KEY idx_billing_referral_inviter (inviter_id, user_id)
    ) ${TABLE_OPTIONS}`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS billing_referral');
    await q.query('DROP TABLE IF EXISTS processed_event');
    await q.query('DROP TABLE IF EXISTS event_outbox');
  }
}
