import type { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/**
 * The agent worker's database (issue 12): one row per attempt of an agent node of a mission run,
 * unique on (run, node, attempt), holding the outputs once computed so a redelivered external task
 * completes with them instead of running the agent again.
 */
export class TaskExecutions1764300000000 implements MigrationInterface {
  name = 'TaskExecutions1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE agent_task_execution (
      id bigint NOT NULL AUTO_INCREMENT,
      run_id varchar(64) NOT NULL,
      node_id varchar(255) NOT NULL,
      attempt int NOT NULL,
      mission_code varchar(32) NOT NULL DEFAULT '',
      process_instance_id varchar(64) NOT NULL,
      external_task_id varchar(64) NOT NULL,
      worker_id varchar(255) NOT NULL,
      status varchar(16) NOT NULL,
      deliveries int NOT NULL DEFAULT 1,
      runs int NOT NULL DEFAULT 0,
      outputs json NULL,
      variables json NULL,
      error text NULL,
      started_at datetime(3) NOT NULL,
      computed_at datetime(3) NULL,
      completed_at datetime(3) NULL,
      create_time datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
      update_time datetime(3) NULL DEFAULT NULL ON UPDATE CURRENT_TIMESTAMP(3),
      PRIMARY KEY (id),
      UNIQUE KEY uk_agent_execution_run_node_attempt (run_id, node_id, attempt),
      KEY idx_agent_execution_task (external_task_id),
      KEY idx_agent_execution_mission (mission_code, id)
    ) ${TABLE_OPTIONS}`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS agent_task_execution');
  }
}
