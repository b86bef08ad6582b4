import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Order files leave the database: the gateway keeps them in its private folder (like every upload,
 * shared storage in production) and billing records where. Bytes no longer cross the transport,
 * whose messages NATS caps at 1 MB by default.
 */
export class OrderFilePaths1764500300000 implements MigrationInterface {
  name = 'OrderFilePaths1764500300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE recharge_order_file
      DROP COLUMN content,
      ADD COLUMN path varchar(255) NOT NULL DEFAULT '' AFTER ext`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE recharge_order_file
      DROP COLUMN path,
      ADD COLUMN content mediumblob NOT NULL AFTER size`);
  }
}
