import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 29: what the platform keeps beside the engine about people's processes. The engine starts
 * instances as its service account, so the initiator, the status people gave an instance (rejected,
 * cancelled) and the reasons live here, as RuoYi-Vue-Pro's bpm_process_instance_ext does; each
 * person's action on a task (with its reason) feeds the timeline.
 */
export class BpmRuntime1764900000000 implements MigrationInterface {
  name = 'BpmRuntime1764900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE bpm_process_instance_ext (
      id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
      process_instance_id VARCHAR(64) NOT NULL,
      process_definition_id VARCHAR(255) NOT NULL,
      process_definition_key VARCHAR(255) NOT NULL,
      name VARCHAR(255) NOT NULL,
      category VARCHAR(100) NOT NULL DEFAULT '',
      start_user_id BIGINT NOT NULL,
      status VARCHAR(16) NOT NULL DEFAULT 'running',
      reason VARCHAR(500) NOT NULL DEFAULT '',
      variables JSON NOT NULL,
      create_time DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
      end_time DATETIME(3) NULL,
      UNIQUE KEY uk_bpm_instance (process_instance_id),
      KEY idx_bpm_instance_starter (start_user_id, id)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4`);
    await q.query(`CREATE TABLE bpm_task_action (
      id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
      task_id VARCHAR(64) NOT NULL,
      process_instance_id VARCHAR(64) NOT NULL,
      task_definition_key VARCHAR(255) NOT NULL,
      user_id BIGINT NOT NULL,
      action VARCHAR(16) NOT NULL,
      target_user_id BIGINT NULL,
      reason VARCHAR(500) NOT NULL DEFAULT '',
      create_time DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
      KEY idx_bpm_action_instance (process_instance_id, id),
      KEY idx_bpm_action_task (task_id)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE bpm_task_action');
    await q.query('DROP TABLE bpm_process_instance_ext');
  }
}
