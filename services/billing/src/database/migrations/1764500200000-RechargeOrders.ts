import type { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/**
 * Recharge orders (issue 14): the order with its signing information and payment state, its files
 * (remittance proof, signed document, invoice PDF: private, served to the owner and administrators
 * only, so they live here and not in the public upload folder) and the log of every status move.
 * Their events go to billing's event_outbox (migration EventsRewards).
 */
export class RechargeOrders1764500200000 implements MigrationInterface {
  name = 'RechargeOrders1764500200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE recharge_order (
      id bigint NOT NULL AUTO_INCREMENT,
      order_no varchar(32) NOT NULL,
      user_id bigint NOT NULL,
      amount int NOT NULL,
      points bigint NOT NULL,
      type varchar(8) NOT NULL DEFAULT 'self',
      pay_type varchar(16) NOT NULL,
      status varchar(24) NOT NULL,
      invoice_status varchar(16) NOT NULL DEFAULT 'none',
      signing_party varchar(16) NOT NULL,
      full_name varchar(100) NOT NULL,
      country varchar(100) NOT NULL,
      address varchar(255) NOT NULL,
      company_name varchar(100) NULL,
      company_address varchar(255) NULL,
      job_title varchar(100) NULL,
      overseas tinyint(1) NOT NULL DEFAULT 0,
      remark varchar(255) NULL,
      reject_reason varchar(255) NULL,
      qr_code varchar(512) NULL,
      trade_no varchar(64) NULL,
      create_time datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
      update_time datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
      pay_time datetime(3) NULL,
      expire_time datetime(3) NULL,
      PRIMARY KEY (id),
      UNIQUE KEY uk_recharge_order_no (order_no),
      KEY idx_recharge_order_user (user_id, id),
      KEY idx_recharge_order_expiry (status, expire_time),
      CONSTRAINT chk_recharge_order_amount CHECK (amount > 0 AND points > 0)
    ) ${TABLE_OPTIONS}`);
    await q.query(`CREATE TABLE recharge_order_file (
      id bigint NOT NULL AUTO_INCREMENT,
      order_id bigint NOT NULL,
      kind varchar(16) NOT NULL,
      file_name varchar(255) NOT NULL,
      ext varchar(8) NOT NULL,
      size int NOT NULL,
      content mediumblob NOT NULL,
      uploaded_by varchar(64) NOT NULL,
      create_time datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
      PRIMARY KEY (id),
      UNIQUE KEY uk_recharge_order_file (order_id, kind)
    ) ${TABLE_OPTIONS}`);
    await q.query(`CREATE TABLE recharge_order_log (
      id bigint NOT NULL AUTO_INCREMENT,
      order_id bigint NOT NULL,
      action varchar(24) NOT NULL,
      from_status varchar(24) NOT NULL,
      to_status varchar(24) NOT NULL,
      operator varchar(64) NOT NULL,
      remark varchar(255) NULL,
      create_time datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
      PRIMARY KEY (id),
      KEY idx_recharge_order_log_order (order_id, id)
    ) ${TABLE_OPTIONS}`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS recharge_order_log');
    await q.query('DROP TABLE IF EXISTS recharge_order_file');
    await q.query('DROP TABLE IF EXISTS recharge_order');
  }
}
