import type { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/**
 * Mission costs (issue 14): a workflow's own price (null: the system parameter), and one charge row
 * per mission run — the price billing froze, and the settle or release still to be sent to billing
 * (a durable outbox: retried until billing answers, every call idempotent there).
 */
export class MissionCharges1764500000000 implements MigrationInterface {
  name = 'MissionCharges1764500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE wf_workflow ADD COLUMN price int NULL');
    await q.query(`CREATE TABLE wf_mission_charge (
      id bigint NOT NULL AUTO_INCREMENT,
      mission_code varchar(64) NOT NULL,
      run_id varchar(64) NOT NULL,
      owner_user_id bigint NOT NULL,
      points int NOT NULL,
      state varchar(16) NOT NULL,
      attempts int NOT NULL DEFAULT 0,
      next_attempt_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
      last_error varchar(500) NULL,
      create_time datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
      update_time datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
      PRIMARY KEY (id),
      UNIQUE KEY uk_mission_charge_run (mission_code, run_id),
      KEY idx_mission_charge_due (state, next_attempt_at)
    ) ${TABLE_OPTIONS}`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE wf_mission_charge');
    await q.query('ALTER TABLE wf_workflow DROP COLUMN price');
  }
}
