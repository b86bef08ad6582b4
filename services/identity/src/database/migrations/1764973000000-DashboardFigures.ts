import { PERMISSIONS } from '@platform/contracts';
import type { MigrationInterface, QueryRunner } from 'typeorm';

// Issue 30: the dashboard's platform figures are a button of the dashboard entry (menu 1), granted to no
// role (the administrator holds every permission). Active users are counted by their last sign-in, so
// that column gets the index the count ranges over.
const MENU_ID = 1001;
const DASHBOARD_MENU_ID = 1;

export class DashboardFigures1764973000000 implements MigrationInterface {
  name = 'DashboardFigures1764973000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE sys_user ADD KEY idx_user_login_date (login_date)`);
    await q.query(
      `INSERT INTO sys_menu (menu_id, menu_name, menu_name_en, parent_id, order_num, path, menu_type, visible,
         perms, icon, create_by) VALUES (?, ?, ?, ?, 1, '', 'F', '0', ?, '#', 'system')`,
      [MENU_ID, '平台数据', 'Platform figures', DASHBOARD_MENU_ID, PERMISSIONS.dashboard.platform],
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM sys_role_menu WHERE menu_id = ?`, [MENU_ID]);
    await q.query(`DELETE FROM sys_menu WHERE menu_id = ?`, [MENU_ID]);
    await q.query(`ALTER TABLE sys_user DROP KEY idx_user_login_date`);
  }
}
