import type { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/**
 * Missions (issue 12): a run of a workflow for a user, the log of its node runs (unique per run,
 * node and attempt, so a redelivered external task never doubles a row), and where each workflow
 * version was deployed (so a version deploys once and a mission pins that definition).
 */
export class Missions1764201600000 implements MigrationInterface {
  name = 'Missions1764201600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE wf_mission (
      id bigint NOT NULL AUTO_INCREMENT,
      code varchar(32) NOT NULL,
      name varchar(100) NOT NULL,
      description varchar(1000) NOT NULL DEFAULT '',
      workflow_id bigint NOT NULL,
      workflow_version_id bigint NOT NULL,
      workflow_version int NOT NULL,
      process_definition_id varchar(255) NOT NULL,
      owner_user_id bigint NOT NULL,
      conversation_id bigint NULL,
      status varchar(20) NOT NULL DEFAULT 'not_started',
      language varchar(5) NOT NULL DEFAULT 'zh',
      inputs json NOT NULL,
      result json NULL,
      error text NULL,
      process_instance_id varchar(64) NULL,
      current_run_id varchar(64) NULL,
      started_at datetime(3) NULL,
      ended_at datetime(3) NULL,
      create_by varchar(64) NOT NULL DEFAULT '',
      create_time datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
      update_by varchar(64) NOT NULL DEFAULT '',
      update_time datetime(3) NULL DEFAULT NULL ON UPDATE CURRENT_TIMESTAMP(3),
      PRIMARY KEY (id),
      UNIQUE KEY uk_mission_code (code),
      KEY idx_mission_owner (owner_user_id, id),
      KEY idx_mission_status (status, update_time),
      KEY idx_mission_workflow (workflow_id),
      KEY idx_mission_instance (process_instance_id)
    ) ${TABLE_OPTIONS}`);

    await q.query(`CREATE TABLE wf_mission_log (
      id bigint NOT NULL AUTO_INCREMENT,
      mission_id bigint NOT NULL,
      mission_code varchar(32) NOT NULL,
      run_id varchar(64) NOT NULL,
      node_id varchar(255) NOT NULL,
      node_name varchar(255) NOT NULL DEFAULT '',
      node_name_en varchar(255) NOT NULL DEFAULT '',
      agent varchar(100) NOT NULL DEFAULT '',
      attempt int NOT NULL DEFAULT 1,
      status varchar(16) NOT NULL,
      inputs json NULL,
      outputs json NULL,
      error text NULL,
      started_at datetime(3) NOT NULL,
      ended_at datetime(3) NULL,
      create_time datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
      update_time datetime(3) NULL DEFAULT NULL ON UPDATE CURRENT_TIMESTAMP(3),
      PRIMARY KEY (id),
      UNIQUE KEY uk_mission_log_run_node_attempt (run_id, node_id, attempt),
      KEY idx_mission_log_mission (mission_code, id)
    ) ${TABLE_OPTIONS}`);

    await q.query(`CREATE TABLE wf_workflow_deployment (
      id bigint NOT NULL AUTO_INCREMENT,
      workflow_id bigint NOT NULL,
      version int NOT NULL,
      source_hash char(64) NOT NULL,
      process_key varchar(255) NOT NULL,
      process_definition_id varchar(255) NOT NULL,
      process_definition_version int NOT NULL,
      deploy_time datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
      PRIMARY KEY (id),
      UNIQUE KEY uk_workflow_deployment (workflow_id, version, source_hash)
    ) ${TABLE_OPTIONS}`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['wf_workflow_deployment', 'wf_mission_log', 'wf_mission']) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
