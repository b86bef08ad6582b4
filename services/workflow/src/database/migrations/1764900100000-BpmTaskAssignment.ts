import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 29: which user tasks the assignment rules were applied to, whom they gave the task, and
 * whether nobody matched (then the administrators have it). The primary key makes applying a rule
 * happen once per task, whichever replica or path (a command, the sweep) gets there first.
 */
export class BpmTaskAssignment1764900100000 implements MigrationInterface {
  name = 'BpmTaskAssignment1764900100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE bpm_task_assignment (
      task_id VARCHAR(64) NOT NULL PRIMARY KEY,
      process_instance_id VARCHAR(64) NOT NULL,
      rule_type VARCHAR(20) NULL,
      user_ids JSON NOT NULL,
      fallback TINYINT NOT NULL DEFAULT 0,
      create_time DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
      KEY idx_bpm_assignment_instance (process_instance_id)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE bpm_task_assignment');
  }
}
