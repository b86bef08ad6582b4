import type { MigrationInterface, QueryRunner } from 'typeorm';

import { JOB_SEED, POST_SEED, TREE_DICT_SEED } from '../seed/admin';

const AUDIT = `
  create_by varchar(64) NOT NULL DEFAULT '',
  create_time datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
  update_by varchar(64) NOT NULL DEFAULT '',
  update_time datetime(3) NULL DEFAULT NULL ON UPDATE CURRENT_TIMESTAMP(3),
  remark varchar(500) NULL`;

const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/** Tables of the administration console (issue 4): posts, notices, logs, jobs, rich text, tree dictionaries. */
export class AdminConsole1763769600002 implements MigrationInterface {
  name = 'AdminConsole1763769600002';

  async up(q: QueryRunner): Promise<void> {
    await this.createTables(q);
    await this.alterTables(q);
    await this.seed(q);
  }

  private async createTables(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE sys_post (
      post_id bigint NOT NULL AUTO_INCREMENT,
      post_code varchar(64) NOT NULL,
      post_name varchar(50) NOT NULL,
      post_name_en varchar(100) NOT NULL DEFAULT '',
      post_sort int NOT NULL DEFAULT 0,
      status char(1) NOT NULL DEFAULT '0',${AUDIT},
      PRIMARY KEY (post_id),
      UNIQUE KEY uk_post_code (post_code)
    ) ${TABLE_OPTIONS}`);

    await q.query(`CREATE TABLE sys_user_post (
      user_id bigint NOT NULL,
      post_id bigint NOT NULL,
      PRIMARY KEY (user_id, post_id),
      KEY idx_user_post_post (post_id)
    ) ${TABLE_OPTIONS}`);

    await q.query(`CREATE TABLE sys_notice (
      notice_id bigint NOT NULL AUTO_INCREMENT,
      notice_title varchar(100) NOT NULL,
      notice_type char(1) NOT NULL,
      notice_content longtext NOT NULL,
      status char(1) NOT NULL DEFAULT '0',${AUDIT},
      PRIMARY KEY (notice_id),
      KEY idx_notice_status (status, notice_id)
    ) ${TABLE_OPTIONS}`);

    await q.query(`CREATE TABLE sys_notice_read (
      notice_id bigint NOT NULL,
      user_id bigint NOT NULL,
      read_time datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
      PRIMARY KEY (notice_id, user_id),
      KEY idx_notice_read_user (user_id)
    ) ${TABLE_OPTIONS}`);

    await q.query(`CREATE TABLE sys_oper_log (
      oper_id bigint NOT NULL AUTO_INCREMENT,
      title varchar(50) NOT NULL DEFAULT '',
      title_en varchar(100) NOT NULL DEFAULT '',
      business_type int NOT NULL DEFAULT 0,
      method varchar(200) NOT NULL DEFAULT '',
      request_method varchar(10) NOT NULL DEFAULT '',
      oper_name varchar(64) NOT NULL DEFAULT '',
      oper_user_id bigint NULL,
      dept_name varchar(50) NOT NULL DEFAULT '',
      oper_url varchar(255) NOT NULL DEFAULT '',
      oper_ip varchar(128) NOT NULL DEFAULT '',
      oper_location varchar(255) NOT NULL DEFAULT '',
      oper_param varchar(2000) NOT NULL DEFAULT '',
      json_result varchar(2000) NOT NULL DEFAULT '',
      status int NOT NULL DEFAULT 0,
      error_msg varchar(2000) NOT NULL DEFAULT '',
      oper_time datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
      cost_time bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (oper_id),
      KEY idx_oper_time (oper_time),
      KEY idx_oper_type (business_type),
      KEY idx_oper_status (status)
    ) ${TABLE_OPTIONS}`);

    await q.query(`CREATE TABLE sys_job (
      job_id bigint NOT NULL AUTO_INCREMENT,
      job_name varchar(64) NOT NULL,
      job_group varchar(64) NOT NULL DEFAULT 'DEFAULT',
      handler varchar(100) NOT NULL,
      params varchar(500) NOT NULL DEFAULT '',
      cron_expression varchar(255) NOT NULL,
      misfire_policy char(1) NOT NULL DEFAULT '1',
      concurrent char(1) NOT NULL DEFAULT '1',
      status char(1) NOT NULL DEFAULT '1',${AUDIT},
      PRIMARY KEY (job_id),
      UNIQUE KEY uk_job_name_group (job_name, job_group)
    ) ${TABLE_OPTIONS}`);

    await q.query(`CREATE TABLE sys_job_log (
      job_log_id bigint NOT NULL AUTO_INCREMENT,
      job_id bigint NOT NULL,
      job_name varchar(64) NOT NULL,
      job_group varchar(64) NOT NULL,
      handler varchar(100) NOT NULL,
      params varchar(500) NOT NULL DEFAULT '',
      job_message varchar(500) NOT NULL DEFAULT '',
      status char(1) NOT NULL DEFAULT '0',
      exception_info varchar(2000) NOT NULL DEFAULT '',
      start_time datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
      stop_time datetime(3) NULL,
      create_time datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
      PRIMARY KEY (job_log_id),
      KEY idx_job_log_job (job_id, create_time),
      KEY idx_job_log_time (create_time)
    ) ${TABLE_OPTIONS}`);

    await q.query(`CREATE TABLE wj_rich_text (
      id bigint NOT NULL AUTO_INCREMENT,
      name varchar(100) NOT NULL,
      content longtext NOT NULL,${AUDIT},
      PRIMARY KEY (id)
    ) ${TABLE_OPTIONS}`);
  }

  private async alterTables(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE sys_dict_type ADD COLUMN dict_kind char(1) NOT NULL DEFAULT '0'`);
    await q.query(
      `ALTER TABLE sys_dict_data ADD COLUMN parent_code bigint NOT NULL DEFAULT 0,
         ADD UNIQUE KEY uk_dict_data_value (dict_type, dict_value)`,
    );
    // The user list pages newest-first among live users: (del_flag, user_id) serves it without a
    // scan, also under the department filter of data scopes (idx_user_dept).
    await q.query(`ALTER TABLE sys_user ADD KEY idx_user_live (del_flag, user_id)`);
    await q.query(`ALTER TABLE sys_company ADD KEY idx_company_dept (dept_id)`);
  }

  private async seed(q: QueryRunner): Promise<void> {
    for (const [code, zh, en, sort] of POST_SEED) {
      await q.query(
        `INSERT INTO sys_post (post_code, post_name, post_name_en, post_sort, create_by)
         VALUES (?, ?, ?, ?, 'system')`,
        [code, zh, en, sort],
      );
    }
    for (const job of JOB_SEED) {
      await q.query(
        `INSERT INTO sys_job (job_name, job_group, handler, params, cron_expression, misfire_policy,
           concurrent, status, create_by, remark) VALUES (?, ?, ?, ?, ?, '3', '1', '1', 'system', ?)`,
        [job.name, job.group, job.handler, job.params, job.cron, job.remark],
      );
    }
    await this.seedTreeDictionary(q);
  }

  private async seedTreeDictionary(q: QueryRunner): Promise<void> {
    const d = TREE_DICT_SEED;
    await q.query(
      `INSERT INTO sys_dict_type (dict_name, dict_name_en, dict_type, dict_kind, create_by)
       VALUES (?, ?, ?, '1', 'system')`,
      [d.zh, d.en, d.type],
    );
    let sort = 0;
    for (const [value, zh, en, parentValue] of d.entries) {
      sort += 1;
      const parent: { dict_code: number }[] = parentValue
        ? await q.query(
            `SELECT dict_code FROM sys_dict_data WHERE dict_type = ? AND dict_value = ?`,
            [d.type, parentValue],
          )
        : [];
      await q.query(
        `INSERT INTO sys_dict_data (parent_code, dict_sort, dict_label, dict_label_en, dict_value, dict_type,
           list_class, create_by) VALUES (?, ?, ?, ?, ?, ?, 'default', 'system')`,
        [parent[0]?.dict_code ?? 0, sort, zh, en, value, d.type],
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM sys_dict_data WHERE dict_type = ?`, [TREE_DICT_SEED.type]);
    await q.query(`DELETE FROM sys_dict_type WHERE dict_type = ?`, [TREE_DICT_SEED.type]);
    await q.query(`ALTER TABLE sys_company DROP KEY idx_company_dept`);
    await q.query(`ALTER TABLE sys_user DROP KEY idx_user_live`);
    await q.query(`ALTER TABLE sys_dict_data DROP KEY uk_dict_data_value, DROP COLUMN parent_code`);
    await q.query(`ALTER TABLE sys_dict_type DROP COLUMN dict_kind`);
    for (const table of [
      'wj_rich_text',
      'sys_job_log',
      'sys_job',
      'sys_oper_log',
      'sys_notice_read',
      'sys_notice',
      'sys_user_post',
      'sys_post',
    ]) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
