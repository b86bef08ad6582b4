import type { MigrationInterface, QueryRunner } from 'typeorm';

import { CONFIG_SEED } from '../seed/configs';
import { DICT_SEED } from '../seed/dicts';
import { flattenMenus } from '../seed/menus';
import { ROLE_IDS, ROOT_DEPT_ID } from '../seed/roles';

// Seed rows of a fresh identity database. The admin *user* is not here: its password is either given
// (ADMIN_PASSWORD) or generated at first start, so it is created by AdminBootstrap, never by a fixed hash.

export class SeedIdentityData1763769600001 implements MigrationInterface {
  name = 'SeedIdentityData1763769600001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `INSERT INTO sys_dept (dept_id, parent_id, ancestors, dept_name, dept_name_en, order_num, create_by)
       VALUES (?, 0, '0', '总部', 'Headquarters', 0, 'system')`,
      [ROOT_DEPT_ID],
    );
    await q.query(
      `INSERT INTO sys_role (role_id, role_name, role_name_en, role_key, role_sort, data_scope, create_by, remark) VALUES
       (?, '超级管理员', 'Administrator', 'admin', 1, '1', 'system', 'All permissions'),
       (?, '普通用户', 'Ordinary user', 'ROLE_DEFAULT', 2, '5', 'system', 'Given to every signed-up user'),
       (?, '企业用户', 'Company user', 'company', 3, '3', 'system', 'Users linked to a company')`,
      [ROLE_IDS.admin, ROLE_IDS.default, ROLE_IDS.company],
    );
    await this.seedMenus(q);
    await this.seedDictionaries(q);
    for (const c of CONFIG_SEED) {
      await q.query(
        `INSERT INTO sys_config (config_name, config_name_en, config_key, config_value, config_type, create_by)
         VALUES (?, ?, ?, ?, ?, 'system')`,
        [c.zh, c.en, c.key, c.value, c.builtIn ? 'Y' : 'N'],
      );
    }
  }

  private async seedMenus(q: QueryRunner): Promise<void> {
    for (const m of flattenMenus()) {
      await q.query(
        `INSERT INTO sys_menu (menu_id, menu_name, menu_name_en, parent_id, order_num, path, component, route_name,
           menu_type, visible, perms, icon, create_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'system')`,
        [
          m.id,
          m.zh,
          m.en,
          m.parentId,
          m.orderNum,
          m.path ?? '',
          m.component ?? null,
          m.routeName ?? '',
          m.type,
          m.hidden ? '1' : '0',
          m.perms ?? null,
          m.icon ?? '#',
        ],
      );
      if (m.forDefaultRole) {
        await q.query(`INSERT INTO sys_role_menu (role_id, menu_id) VALUES (?, ?), (?, ?)`, [
          ROLE_IDS.default,
          m.id,
          ROLE_IDS.company,
          m.id,
        ]);
      }
    }
  }

  private async seedDictionaries(q: QueryRunner): Promise<void> {
    for (const d of DICT_SEED) {
      await q.query(
        `INSERT INTO sys_dict_type (dict_name, dict_name_en, dict_type, create_by) VALUES (?, ?, ?, 'system')`,
        [d.zh, d.en, d.type],
      );
      let sort = 0;
      for (const [value, zh, en, listClass] of d.entries) {
        sort += 1;
        await q.query(
          `INSERT INTO sys_dict_data (dict_sort, dict_label, dict_label_en, dict_value, dict_type, list_class,
             is_default, create_by) VALUES (?, ?, ?, ?, ?, ?, ?, 'system')`,
          [sort, zh, en, value, d.type, listClass ?? 'default', sort === 1 ? 'Y' : 'N'],
        );
      }
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'sys_config',
      'sys_dict_data',
      'sys_dict_type',
      'sys_role_menu',
      'sys_menu',
      'sys_role',
      'sys_dept',
    ]) {
      await q.query(`DELETE FROM ${table}`);
    }
  }
}
