import { EVENT_OUTBOX_DDL } from '@platform/nest-common';
import type { MigrationInterface, QueryRunner } from 'typeorm';

const AUDIT = `
  create_by varchar(64) NOT NULL DEFAULT '',
  create_time datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
  update_by varchar(64) NOT NULL DEFAULT '',
  update_time datetime(3) NULL DEFAULT NULL ON UPDATE CURRENT_TIMESTAMP(3),
  remark varchar(500) NULL`;

const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

export class CreateIdentitySchema1763769600000 implements MigrationInterface {
  name = 'CreateIdentitySchema1763769600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE sys_dept (
      dept_id bigint NOT NULL AUTO_INCREMENT,
      parent_id bigint NOT NULL DEFAULT 0,
      ancestors varchar(500) NOT NULL DEFAULT '',
      dept_name varchar(50) NOT NULL,
      dept_name_en varchar(100) NOT NULL DEFAULT '',
      order_num int NOT NULL DEFAULT 0,
      leader varchar(20) NOT NULL DEFAULT '',
      phone varchar(20) NOT NULL DEFAULT '',
      email varchar(50) NOT NULL DEFAULT '',
      status char(1) NOT NULL DEFAULT '0',
      del_flag char(1) NOT NULL DEFAULT '0',${AUDIT},
      PRIMARY KEY (dept_id),
      KEY idx_dept_parent (parent_id)
    ) ${TABLE_OPTIONS}`);

    await q.query(`CREATE TABLE sys_company (
      company_id bigint NOT NULL AUTO_INCREMENT,
      company_name varchar(100) NOT NULL,
      company_code varchar(32) NOT NULL,
      logo varchar(255) NOT NULL DEFAULT '',
      contact_person varchar(50) NOT NULL DEFAULT '',
      contact_name varchar(50) NOT NULL DEFAULT '',
      contact_phone varchar(100) NOT NULL DEFAULT '',
      dept_id bigint NULL,
      status char(1) NOT NULL DEFAULT '0',
      del_flag char(1) NOT NULL DEFAULT '0',${AUDIT},
      PRIMARY KEY (company_id),
      UNIQUE KEY uk_company_code (company_code)
    ) ${TABLE_OPTIONS}`);

    await q.query(`CREATE TABLE sys_user (
      user_id bigint NOT NULL AUTO_INCREMENT,
      dept_id bigint NULL,
      company_id bigint NULL,
      user_name varchar(64) NOT NULL,
      nick_name varchar(30) NOT NULL DEFAULT '',
      user_type varchar(2) NOT NULL DEFAULT '00',
      email varchar(50) NULL,
      qu varchar(8) NULL,
      phonenumber varchar(20) NULL,
      sex char(1) NOT NULL DEFAULT '2',
      avatar varchar(255) NOT NULL DEFAULT '',
      password varchar(255) NOT NULL,
      status char(1) NOT NULL DEFAULT '0',
      del_flag char(1) NOT NULL DEFAULT '0',
      login_ip varchar(128) NOT NULL DEFAULT '',
      login_date datetime(3) NULL,
      login_count int NOT NULL DEFAULT 0,
      pagesize int NULL,
      tour tinyint NOT NULL DEFAULT 0,
      link_status tinyint NOT NULL DEFAULT 1,
      real_name_status tinyint NOT NULL DEFAULT 0,
      real_name varchar(255) NULL,
      cert_no varchar(255) NULL,
      position varchar(50) NULL,
      invite_code varchar(16) NULL,
      inviter_id bigint NULL,
      pwd_update_date datetime(3) NULL,${AUDIT},
      PRIMARY KEY (user_id),
      UNIQUE KEY uk_user_name (user_name),
      UNIQUE KEY uk_user_email (email),
      UNIQUE KEY uk_user_phone (qu, phonenumber),
      UNIQUE KEY uk_user_invite_code (invite_code),
      KEY idx_user_dept (dept_id, create_time),
      KEY idx_user_company (company_id, create_time),
      KEY idx_user_create_time (create_time),
      KEY idx_user_phone (phonenumber)
    ) ${TABLE_OPTIONS}`);

    await q.query(`CREATE TABLE sys_role (
      role_id bigint NOT NULL AUTO_INCREMENT,
      role_name varchar(30) NOT NULL,
      role_name_en varchar(60) NOT NULL DEFAULT '',
      role_key varchar(100) NOT NULL,
      role_sort int NOT NULL DEFAULT 0,
      data_scope char(1) NOT NULL DEFAULT '1',
      menu_check_strictly tinyint NOT NULL DEFAULT 1,
      dept_check_strictly tinyint NOT NULL DEFAULT 1,
      status char(1) NOT NULL DEFAULT '0',
      del_flag char(1) NOT NULL DEFAULT '0',${AUDIT},
      PRIMARY KEY (role_id),
      UNIQUE KEY uk_role_key (role_key)
    ) ${TABLE_OPTIONS}`);

    await q.query(`CREATE TABLE sys_user_role (
      user_id bigint NOT NULL,
      role_id bigint NOT NULL,
      PRIMARY KEY (user_id, role_id),
      KEY idx_user_role_role (role_id)
    ) ${TABLE_OPTIONS}`);

    await q.query(`CREATE TABLE sys_menu (
      menu_id bigint NOT NULL AUTO_INCREMENT,
      menu_name varchar(50) NOT NULL,
      menu_name_en varchar(100) NOT NULL DEFAULT '',
      parent_id bigint NOT NULL DEFAULT 0,
      order_num int NOT NULL DEFAULT 0,
      path varchar(200) NOT NULL DEFAULT '',
      component varchar(255) NULL,
      query varchar(255) NULL,
      route_name varchar(50) NOT NULL DEFAULT '',
      is_frame tinyint NOT NULL DEFAULT 1,
      is_cache tinyint NOT NULL DEFAULT 0,
      menu_type char(1) NOT NULL,
      visible char(1) NOT NULL DEFAULT '0',
      status char(1) NOT NULL DEFAULT '0',
      perms varchar(100) NULL,
      icon varchar(100) NOT NULL DEFAULT '#',${AUDIT},
      PRIMARY KEY (menu_id),
      KEY idx_menu_parent (parent_id)
    ) ${TABLE_OPTIONS}`);

    await q.query(`CREATE TABLE sys_role_menu (
      role_id bigint NOT NULL,
      menu_id bigint NOT NULL,
      PRIMARY KEY (role_id, menu_id)
    ) ${TABLE_OPTIONS}`);

    await q.query(`CREATE TABLE sys_role_dept (
      role_id bigint NOT NULL,
      dept_id bigint NOT NULL,
      PRIMARY KEY (role_id, dept_id)
    ) ${TABLE_OPTIONS}`);

    await q.query(`CREATE TABLE sys_dict_type (
      dict_id bigint NOT NULL AUTO_INCREMENT,
      dict_name varchar(100) NOT NULL,
      dict_name_en varchar(100) NOT NULL DEFAULT '',
      dict_type varchar(100) NOT NULL,
      status char(1) NOT NULL DEFAULT '0',${AUDIT},
      PRIMARY KEY (dict_id),
      UNIQUE KEY uk_dict_type (dict_type)
    ) ${TABLE_OPTIONS}`);

    await q.query(`CREATE TABLE sys_dict_data (
      dict_code bigint NOT NULL AUTO_INCREMENT,
      dict_sort int NOT NULL DEFAULT 0,
      dict_label varchar(100) NOT NULL,
      dict_label_en varchar(100) NOT NULL DEFAULT '',
      dict_value varchar(100) NOT NULL,
      dict_type varchar(100) NOT NULL,
      css_class varchar(100) NOT NULL DEFAULT '',
      list_class varchar(100) NOT NULL DEFAULT '',
      is_default char(1) NOT NULL DEFAULT 'N',
      status char(1) NOT NULL DEFAULT '0',${AUDIT},
      PRIMARY KEY (dict_code),
      KEY idx_dict_data_type (dict_type, dict_sort)
    ) ${TABLE_OPTIONS}`);

    await q.query(`CREATE TABLE sys_config (
      config_id bigint NOT NULL AUTO_INCREMENT,
      config_name varchar(100) NOT NULL,
      config_name_en varchar(100) NOT NULL DEFAULT '',
      config_key varchar(100) NOT NULL,
      config_value varchar(500) NOT NULL,
      config_type char(1) NOT NULL DEFAULT 'N',${AUDIT},
      PRIMARY KEY (config_id),
      UNIQUE KEY uk_config_key (config_key)
    ) ${TABLE_OPTIONS}`);

    await q.query(`CREATE TABLE sys_logininfor (
      info_id bigint NOT NULL AUTO_INCREMENT,
      user_name varchar(64) NOT NULL DEFAULT '',
      ipaddr varchar(128) NOT NULL DEFAULT '',
      login_location varchar(255) NOT NULL DEFAULT '',
      browser varchar(50) NOT NULL DEFAULT '',
      os varchar(50) NOT NULL DEFAULT '',
      status char(1) NOT NULL DEFAULT '0',
      msg varchar(255) NOT NULL DEFAULT '',
      login_time datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
      PRIMARY KEY (info_id),
      KEY idx_logininfor_time (login_time),
      KEY idx_logininfor_user (user_name, login_time)
    ) ${TABLE_OPTIONS}`);

    await q.query(`CREATE TABLE verification_outbox (
      id bigint NOT NULL AUTO_INCREMENT,
      channel varchar(8) NOT NULL,
      target varchar(100) NOT NULL,
      code varchar(16) NOT NULL,
      scene varchar(16) NOT NULL,
      created_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
      PRIMARY KEY (id),
      KEY idx_outbox_target (target, created_at)
    ) ${TABLE_OPTIONS}`);

    await q.query(EVENT_OUTBOX_DDL);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'event_outbox',
      'verification_outbox',
      'sys_logininfor',
      'sys_config',
      'sys_dict_data',
      'sys_dict_type',
      'sys_role_dept',
      'sys_role_menu',
      'sys_menu',
      'sys_user_role',
      'sys_role',
      'sys_user',
      'sys_company',
      'sys_dept',
    ]) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
