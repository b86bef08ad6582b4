import { PERMISSIONS } from '@platform/contracts';
import type { MigrationInterface, QueryRunner } from 'typeorm';

import { ROLE_IDS } from '../seed/roles';

// Issue 7: the antibody toolkit screen, for every signed-up user (ROLE_DEFAULT) and company users.
// Its row lives here rather than in seed/menus.ts, which the first seed migration reads at run time:
// adding it there would change what an already-merged migration inserts.
const MENU_ID = 21;
// After every seeded top-level entry (they take order 1-23), so no two entries tie.
const ORDER_AFTER_SEEDED_TOP_LEVEL = 24;

export class AddAntibodyToolkitMenu1763769700000 implements MigrationInterface {
  name = 'AddAntibodyToolkitMenu1763769700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `INSERT INTO sys_menu (menu_id, menu_name, menu_name_en, parent_id, order_num, path, component, route_name,
         menu_type, visible, perms, icon, create_by) VALUES (?, ?, ?, 0, ?, ?, ?, ?, 'C', '0', ?, ?, 'system')`,
      [
        MENU_ID,
        '抗体工具箱',
        'Antibody toolkit',
        ORDER_AFTER_SEEDED_TOP_LEVEL,
        'wujie/antibody',
        'wujie/antibody/index',
        'AntibodyToolkit',
        PERMISSIONS.wujie.antibody.use,
        'antibody',
      ],
    );
    await q.query(`INSERT INTO sys_role_menu (role_id, menu_id) VALUES (?, ?), (?, ?)`, [
      ROLE_IDS.default,
      MENU_ID,
      ROLE_IDS.company,
      MENU_ID,
    ]);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM sys_role_menu WHERE menu_id = ?`, [MENU_ID]);
    await q.query(`DELETE FROM sys_menu WHERE menu_id = ?`, [MENU_ID]);
  }
}
