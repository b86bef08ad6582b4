import type { MigrationInterface, QueryRunner } from 'typeorm';

const AUDIT = `
  create_by varchar(64) NOT NULL DEFAULT '',
  create_time datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
  update_by varchar(64) NOT NULL DEFAULT '',
  update_time datetime(3) NULL DEFAULT NULL ON UPDATE CURRENT_TIMESTAMP(3)`;

const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

const TABLES = [
  'bpm_user_group',
  'bpm_task_assign_rule',
  'bpm_form',
  'bpm_model',
  'wf_function',
  'wf_skill',
  'wf_agent',
  'wf_workflow_version',
  'wf_workflow',
];

export class CreateWorkflowSchema1764028800000 implements MigrationInterface {
  name = 'CreateWorkflowSchema1764028800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE wf_workflow (
      id bigint NOT NULL AUTO_INCREMENT,
      name varchar(100) NOT NULL,
      process_key varchar(255) NULL,
      status char(1) NOT NULL DEFAULT '0',
      description varchar(1000) NOT NULL DEFAULT '',
      description_en varchar(1000) NOT NULL DEFAULT '',
      agent_ids json NOT NULL,
      params text NOT NULL,
      xml mediumtext NOT NULL,
      tags json NOT NULL,
      version int NOT NULL DEFAULT 1,${AUDIT},
      PRIMARY KEY (id),
      UNIQUE KEY uk_workflow_process_key (process_key),
      KEY idx_workflow_status (status)
    ) ${TABLE_OPTIONS}`);

    await q.query(`CREATE TABLE wf_workflow_version (
      id bigint NOT NULL AUTO_INCREMENT,
      workflow_id bigint NOT NULL,
      version int NOT NULL,
      name varchar(100) NOT NULL,
      status char(1) NOT NULL,
      description varchar(1000) NOT NULL DEFAULT '',
      description_en varchar(1000) NOT NULL DEFAULT '',
      agent_ids json NOT NULL,
      params text NOT NULL,
      tags json NOT NULL,
      process_key varchar(255) NULL,
      xml mediumtext NOT NULL,
      restored_from int NULL,${AUDIT},
      PRIMARY KEY (id),
      UNIQUE KEY uk_workflow_version (workflow_id, version)
    ) ${TABLE_OPTIONS}`);

    await q.query(`CREATE TABLE wf_agent (
      id bigint NOT NULL AUTO_INCREMENT,
      name varchar(100) NOT NULL,
      name_en varchar(100) NOT NULL DEFAULT '',
      type varchar(20) NOT NULL DEFAULT 'Agent',
      description varchar(1000) NOT NULL DEFAULT '',
      description_en varchar(1000) NOT NULL DEFAULT '',
      instruction text NOT NULL,
      skill_ids json NOT NULL,
      status char(1) NOT NULL DEFAULT '0',${AUDIT},
      PRIMARY KEY (id),
      KEY idx_agent_name (name)
    ) ${TABLE_OPTIONS}`);

    await q.query(`CREATE TABLE wf_skill (
      id bigint NOT NULL AUTO_INCREMENT,
      name varchar(100) NOT NULL,
      name_en varchar(100) NOT NULL DEFAULT '',
      description varchar(1000) NOT NULL DEFAULT '',
      description_en varchar(1000) NOT NULL DEFAULT '',
      instruction text NOT NULL,
      function_ids json NOT NULL,${AUDIT},
      PRIMARY KEY (id)
    ) ${TABLE_OPTIONS}`);

    await q.query(`CREATE TABLE wf_function (
      id bigint NOT NULL AUTO_INCREMENT,
      name varchar(64) NOT NULL,
      description varchar(1000) NOT NULL DEFAULT '',
      tags json NOT NULL,
      params json NOT NULL,
      return_type varchar(16) NOT NULL DEFAULT 'any',
      return_description varchar(1000) NOT NULL DEFAULT '',
      code mediumtext NOT NULL,${AUDIT},
      PRIMARY KEY (id),
      UNIQUE KEY uk_function_name (name)
    ) ${TABLE_OPTIONS}`);

    await q.query(`CREATE TABLE bpm_model (
      id bigint NOT NULL AUTO_INCREMENT,
      model_key varchar(255) NOT NULL,
      name varchar(100) NOT NULL,
      description varchar(1000) NOT NULL DEFAULT '',
      category varchar(100) NOT NULL DEFAULT '',
      form_id bigint NULL,
      bpmn_xml mediumtext NOT NULL,${AUDIT},
      PRIMARY KEY (id),
      UNIQUE KEY uk_model_key (model_key)
    ) ${TABLE_OPTIONS}`);

    await q.query(`CREATE TABLE bpm_form (
      id bigint NOT NULL AUTO_INCREMENT,
      name varchar(100) NOT NULL,
      status char(1) NOT NULL DEFAULT '0',
      fields json NOT NULL,
      conf text NOT NULL,
      remark varchar(1000) NOT NULL DEFAULT '',${AUDIT},
      PRIMARY KEY (id)
    ) ${TABLE_OPTIONS}`);

    await q.query(`CREATE TABLE bpm_task_assign_rule (
      id bigint NOT NULL AUTO_INCREMENT,
      model_id bigint NOT NULL,
      task_definition_key varchar(255) NOT NULL,
      type varchar(20) NOT NULL,
      options json NOT NULL,${AUDIT},
      PRIMARY KEY (id),
      UNIQUE KEY uk_rule_task (model_id, task_definition_key)
    ) ${TABLE_OPTIONS}`);

    await q.query(`CREATE TABLE bpm_user_group (
      id bigint NOT NULL AUTO_INCREMENT,
      name varchar(100) NOT NULL,
      description varchar(1000) NOT NULL DEFAULT '',
      member_user_ids json NOT NULL,
      status char(1) NOT NULL DEFAULT '0',${AUDIT},
      PRIMARY KEY (id)
    ) ${TABLE_OPTIONS}`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of TABLES) await q.query(`DROP TABLE IF EXISTS ${table}`);
  }
}
