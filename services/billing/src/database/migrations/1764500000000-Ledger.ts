import type { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/**
 * The points ledger (issue 14): one account row per user (locked for every change) and one entry
 * per change, unique on its idempotency key. balance = Σ points and frozen = Σ frozen of the user's
 * entries, always (the ledger check proves it); the CHECK constraints refuse a negative account even
 * if code ever tried.
 */
export class Ledger1764500000000 implements MigrationInterface {
  name = 'Ledger1764500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE points_account (
      user_id bigint NOT NULL,
      balance bigint NOT NULL DEFAULT 0,
      frozen bigint NOT NULL DEFAULT 0,
      created_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
      updated_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
      PRIMARY KEY (user_id),
      CONSTRAINT chk_points_account_balance CHECK (balance >= 0),
      CONSTRAINT chk_points_account_frozen CHECK (frozen >= 0)
    ) ${TABLE_OPTIONS}`);
    await q.query(`CREATE TABLE points_entry (
      id bigint NOT NULL AUTO_INCREMENT,
      user_id bigint NOT NULL,
      points bigint NOT NULL,
      frozen bigint NOT NULL DEFAULT 0,
      balance_after bigint NOT NULL,
      frozen_after bigint NOT NULL,
      reason varchar(32) NOT NULL,
      ref_type varchar(16) NOT NULL,
      ref_id varchar(64) NOT NULL,
      operator varchar(64) NOT NULL,
      remark varchar(500) NULL,
      idempotency_key varchar(128) NOT NULL,
      created_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
      PRIMARY KEY (id),
      UNIQUE KEY uk_points_entry_idempotency (idempotency_key),
      KEY idx_points_entry_user (user_id, id),
      KEY idx_points_entry_ref (ref_type, ref_id)
    ) ${TABLE_OPTIONS}`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS points_entry');
    await q.query('DROP TABLE IF EXISTS points_account');
  }
}
