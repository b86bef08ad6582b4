import { PERMISSIONS } from '@platform/contracts';
import type { MigrationInterface, QueryRunner } from 'typeorm';

// Issue 11 §3: creating or changing a scheduled job decides what runs and how often, so it is a
// permission of its own. The button is granted to no role: only the administrator (all permissions)
// holds it until an administrator grants it. Its row lives here, not in seed/menus.ts (see the
// antibody toolkit migration for why).
const MENU_ID = 202007;
const JOBS_MENU_ID = 202;

export class JobManagePermission1763769900000 implements MigrationInterface {
  name = 'JobManagePermission1763769900000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `INSERT INTO sys_menu (menu_id, menu_name, menu_name_en, parent_id, order_num, path, menu_type, visible,
         perms, icon, create_by) VALUES (?, ?, ?, ?, 7, '', 'F', '0', ?, '#', 'system')`,
      [
        MENU_ID,
        '新建或修改任务',
        'Create or change jobs',
        JOBS_MENU_ID,
        PERMISSIONS.monitor.job.manage,
      ],
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM sys_role_menu WHERE menu_id = ?`, [MENU_ID]);
    await q.query(`DELETE FROM sys_menu WHERE menu_id = ?`, [MENU_ID]);
  }
}
