import { PERMISSIONS as P } from '@platform/contracts';
import type { MigrationInterface, QueryRunner } from 'typeorm';

// Issue 30: the code generator (tool/gen). Its tables keep the imported tables of every service's
// database and the editor's choices per column; the rows are metadata read from the owner's
// information_schema, never the tables themselves. The page's buttons live here, not in seed/menus
// (see the antibody toolkit migration for why), and the entry HideMenusWithoutPage hid is shown.

const AUDIT = `
  create_by varchar(64) NOT NULL DEFAULT '',
  create_time datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
  update_by varchar(64) NOT NULL DEFAULT '',
  update_time datetime(3) NULL DEFAULT NULL ON UPDATE CURRENT_TIMESTAMP(3),
  remark varchar(500) NULL`;

const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/** The code generator's entry, hidden by HideMenusWithoutPage until its page existed. */
export const MENUS_SHOWN_WITH_CODE_GENERATOR = [{ id: 302, component: 'tool/gen/index' }] as const;
const [{ id: GEN_MENU_ID, component: GEN_COMPONENT }] = MENUS_SHOWN_WITH_CODE_GENERATOR;

/** The buttons beside the seeded edit button (302001), in the page's order. */
export const GEN_BUTTONS = [
  { id: 302002, zh: '查询', en: 'Query', perms: P.tool.gen.query },
  { id: 302003, zh: '导入', en: 'Import', perms: P.tool.gen.import },
  { id: 302004, zh: '删除', en: 'Delete', perms: P.tool.gen.remove },
  { id: 302005, zh: '预览', en: 'Preview', perms: P.tool.gen.preview },
  { id: 302006, zh: '生成代码', en: 'Generate code', perms: P.tool.gen.code },
] as const;

export class CodeGenerator1765000000000 implements MigrationInterface {
  name = 'CodeGenerator1765000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE gen_table (
      table_id bigint NOT NULL AUTO_INCREMENT,
      service varchar(32) NOT NULL,
      table_name varchar(64) NOT NULL,
      table_comment varchar(500) NOT NULL DEFAULT '',
      class_name varchar(64) NOT NULL,
      module_name varchar(64) NOT NULL,
      business_name varchar(64) NOT NULL,
      function_name varchar(50) NOT NULL,
      function_name_en varchar(100) NOT NULL DEFAULT '',
      parent_menu_id bigint NOT NULL DEFAULT 0,${AUDIT},
      PRIMARY KEY (table_id),
      UNIQUE KEY uk_gen_table_service_name (service, table_name)
    ) ${TABLE_OPTIONS}`);
    await q.query(`CREATE TABLE gen_table_column (
      column_id bigint NOT NULL AUTO_INCREMENT,
      table_id bigint NOT NULL,
      column_name varchar(64) NOT NULL,
      column_comment varchar(500) NOT NULL DEFAULT '',
      column_type varchar(200) NOT NULL,
      ts_type varchar(16) NOT NULL,
      ts_field varchar(64) NOT NULL,
      is_pk tinyint(1) NOT NULL DEFAULT 0,
      is_increment tinyint(1) NOT NULL DEFAULT 0,
      is_required tinyint(1) NOT NULL DEFAULT 0,
      is_insert tinyint(1) NOT NULL DEFAULT 0,
      is_edit tinyint(1) NOT NULL DEFAULT 0,
      is_list tinyint(1) NOT NULL DEFAULT 0,
      is_query tinyint(1) NOT NULL DEFAULT 0,
      query_type varchar(16) NOT NULL DEFAULT 'EQ',
      html_type varchar(16) NOT NULL DEFAULT 'input',
      dict_type varchar(100) NOT NULL DEFAULT '',
      sort int NOT NULL DEFAULT 0,${AUDIT},
      PRIMARY KEY (column_id),
      UNIQUE KEY uk_gen_column_table_name (table_id, column_name),
      KEY idx_gen_column_table_sort (table_id, sort)
    ) ${TABLE_OPTIONS}`);
    for (const [order, button] of GEN_BUTTONS.entries()) {
      await q.query(
        `INSERT IGNORE INTO sys_menu (menu_id, menu_name, menu_name_en, parent_id, order_num, path, menu_type,
           visible, perms, icon, create_by) VALUES (?, ?, ?, ?, ?, '', 'F', '0', ?, '#', 'system')`,
        [button.id, button.zh, button.en, GEN_MENU_ID, order + 2, button.perms],
      );
    }
    await q.query(`UPDATE sys_menu SET visible = '0' WHERE menu_id = ? AND component = ?`, [
      GEN_MENU_ID,
      GEN_COMPONENT,
    ]);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE sys_menu SET visible = '1' WHERE menu_id = ? AND component = ?`, [
      GEN_MENU_ID,
      GEN_COMPONENT,
    ]);
    const ids = GEN_BUTTONS.map((b) => b.id);
    const marks = ids.map(() => '?').join(', ');
    await q.query(`DELETE FROM sys_role_menu WHERE menu_id IN (${marks})`, ids);
    await q.query(`DELETE FROM sys_menu WHERE menu_id IN (${marks})`, ids);
    await q.query('DROP TABLE IF EXISTS gen_table_column');
    await q.query('DROP TABLE IF EXISTS gen_table');
  }
}
