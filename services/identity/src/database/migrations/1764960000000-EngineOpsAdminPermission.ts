import { PERMISSIONS } from '@platform/contracts';
import type { MigrationInterface, QueryRunner } from 'typeorm';

// Issue 25: Cockpit through the gateway is read only (engine:ops:view); repairing instances there
// (retries, suspension, modification, cancellation, variables) is a button of the Cockpit entry
// (engine:ops:admin), never deployments. Granted to no role: only the administrator (all permissions)
// holds it until an administrator grants it. Its row lives here, not in seed/menus (see the antibody
// toolkit migration for why).
const MENU_ID = 22001;
const COCKPIT_MENU_ID = 22;

export class EngineOpsAdminPermission1764960000000 implements MigrationInterface {
  name = 'EngineOpsAdminPermission1764960000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `INSERT INTO sys_menu (menu_id, menu_name, menu_name_en, parent_id, order_num, path, menu_type, visible,
         perms, icon, create_by) VALUES (?, ?, ?, ?, 1, '', 'F', '0', ?, '#', 'system')`,
      [
        MENU_ID,
        '在 Cockpit 中修复流程实例',
        'Repair process instances in Cockpit',
        COCKPIT_MENU_ID,
        PERMISSIONS.engine.ops.admin,
      ],
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM sys_role_menu WHERE menu_id = ?`, [MENU_ID]);
    await q.query(`DELETE FROM sys_menu WHERE menu_id = ?`, [MENU_ID]);
  }
}
