import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 30: the dashboard sums points issued and spent per day over a range of created_at. */
export class LedgerDayIndex1764503000000 implements MigrationInterface {
  name = 'LedgerDayIndex1764503000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE points_entry ADD KEY idx_points_entry_created (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE points_entry DROP KEY idx_points_entry_created`);
  }
}
