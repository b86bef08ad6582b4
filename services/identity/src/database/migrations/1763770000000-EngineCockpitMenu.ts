import { PERMISSIONS } from '@platform/contracts';
import type { MigrationInterface, QueryRunner } from 'typeorm';

// Issue 18: Operaton's Cockpit from the console, in the workflow area right after the workflow entry.
// The permission is granted to no role: only the administrator (all permissions) sees it until an
// administrator grants it. Its row lives here, not in seed/menus.ts (see the antibody toolkit migration).
const MENU_ID = 22;
const WORKFLOW_MENU_ID = 5;

export class EngineCockpitMenu1763770000000 implements MigrationInterface {
  name = 'EngineCockpitMenu1763770000000';

  async up(q: QueryRunner): Promise<void> {
    const [workflow] = (await q.query(
      `SELECT parent_id AS parentId, order_num AS orderNum FROM sys_menu WHERE menu_id = ?`,
      [WORKFLOW_MENU_ID],
    )) as { parentId: number; orderNum: number }[];
    const parentId = Number(workflow?.parentId ?? 0);
    // Without the workflow entry (removed by an administrator) the new one goes last among the top level.
    const orderNum = workflow
      ? Number(workflow.orderNum) + 1
      : Number(
          (
            (await q.query(
              `SELECT COALESCE(MAX(order_num), 0) + 1 AS next FROM sys_menu WHERE parent_id = 0`,
            )) as { next: number }[]
          )[0]?.next ?? 1,
        );
    // Make room right after the workflow entry, keeping every sibling's relative order.
    await q.query(
      `UPDATE sys_menu SET order_num = order_num + 1 WHERE parent_id = ? AND order_num >= ?`,
      [parentId, orderNum],
    );
    await q.query(
      `INSERT INTO sys_menu (menu_id, menu_name, menu_name_en, parent_id, order_num, path, component, route_name,
         menu_type, visible, perms, icon, create_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'C', '0', ?, ?, 'system')`,
      [
        MENU_ID,
        '流程运维 (Cockpit)',
        'Engine operations (Cockpit)',
        parentId,
        orderNum,
        'wujie/workflow/cockpit',
        'wujie/workflow/cockpit',
        'EngineCockpit',
        PERMISSIONS.engine.ops.view,
        'monitor',
      ],
    );
  }

  async down(q: QueryRunner): Promise<void> {
    const [menu] = (await q.query(
      `SELECT parent_id AS parentId, order_num AS orderNum FROM sys_menu WHERE menu_id = ?`,
      [MENU_ID],
    )) as { parentId: number; orderNum: number }[];
    await q.query(`DELETE FROM sys_role_menu WHERE menu_id = ?`, [MENU_ID]);
    await q.query(`DELETE FROM sys_menu WHERE menu_id = ?`, [MENU_ID]);
    if (menu) {
      await q.query(
        `UPDATE sys_menu SET order_num = order_num - 1 WHERE parent_id = ? AND order_num > ?`,
        [Number(menu.parentId), Number(menu.orderNum)],
      );
    }
  }
}
