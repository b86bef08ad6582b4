import { PERMISSIONS } from '@platform/contracts';
import type { MigrationInterface, QueryRunner } from 'typeorm';

import { ROLE_IDS } from '../seed/roles';

/**
 * Issue 29: the people's-process pages exist (web features/bpm), so the menu gets a "Processes"
 * directory beside the process models: start a process, to do, done, my processes and leave requests
 * for everyone signed in (the API asks a session only and decides per record, docs/api-bpm.md), and
 * the process definitions for those who may read process models. The entries share the spec's paths
 * (`/bpm/process-instance/create`, `/bpm/manager/definition`), so the menu and the app's own routes open
 * the same page. Its rows live here, not in seed/menus (see the antibody toolkit migration).
 */
export const BPM_DIRECTORY_ID = 23;
const BPM_MODEL_MENU_ID = 20;

export const BPM_PROCESS_MENUS = [
  {
    id: 2301,
    zh: '发起流程',
    en: 'Start a process',
    path: 'process-instance/create',
    component: 'bpm/process-instance/create',
    routeName: 'BpmProcessStart',
    icon: 'edit',
    perms: null,
  },
  {
    id: 2302,
    zh: '待办任务',
    en: 'To do',
    path: 'task/todo',
    component: 'bpm/task/todo/index',
    routeName: 'BpmTodo',
    icon: 'list',
    perms: null,
  },
  {
    id: 2303,
    zh: '已办任务',
    en: 'Done',
    path: 'task/done',
    component: 'bpm/task/done/index',
    routeName: 'BpmDone',
    icon: 'form',
    perms: null,
  },
  {
    id: 2304,
    zh: '我的流程',
    en: 'My processes',
    path: 'process-instance/my',
    component: 'bpm/process-instance/index',
    routeName: 'BpmMyProcesses',
    icon: 'peoples',
    perms: null,
  },
  {
    id: 2305,
    zh: '请假申请',
    en: 'Leave requests',
    path: 'oa/leave',
    component: 'bpm/oa/leave/index',
    routeName: 'BpmOaLeave',
    icon: 'post',
    perms: null,
  },
  {
    id: 2306,
    zh: '流程定义',
    en: 'Process definitions',
    path: 'manager/definition',
    component: 'bpm/manager/definition',
    routeName: 'BpmDefinition',
    icon: 'flow',
    perms: PERMISSIONS.bpm.model.list,
  },
] as const;

export class BpmProcessMenus1764991000000 implements MigrationInterface {
  name = 'BpmProcessMenus1764991000000';

  async up(q: QueryRunner): Promise<void> {
    const [model] = (await q.query(
      `SELECT parent_id AS parentId, order_num AS orderNum FROM sys_menu WHERE menu_id = ?`,
      [BPM_MODEL_MENU_ID],
    )) as { parentId: number; orderNum: number }[];
    const parentId = Number(model?.parentId ?? 0);
    const orderNum = model
      ? Number(model.orderNum) + 1
      : Number(
          (
            (await q.query(
              `SELECT COALESCE(MAX(order_num), 0) + 1 AS next FROM sys_menu WHERE parent_id = 0`,
            )) as { next: number }[]
          )[0]?.next ?? 1,
        );
    // Make room right after the process models, keeping every sibling's relative order.
    await q.query(
      `UPDATE sys_menu SET order_num = order_num + 1 WHERE parent_id = ? AND order_num >= ?`,
      [parentId, orderNum],
    );
    await q.query(
      `INSERT INTO sys_menu (menu_id, menu_name, menu_name_en, parent_id, order_num, path, component, route_name,
         menu_type, visible, perms, icon, create_by) VALUES (?, ?, ?, ?, ?, 'bpm', NULL, 'Bpm', 'M', '0', NULL, 'flow', 'system')`,
      [BPM_DIRECTORY_ID, '流程办理', 'Processes', parentId, orderNum],
    );
    let order = 1;
    for (const menu of BPM_PROCESS_MENUS) {
      await q.query(
        `INSERT INTO sys_menu (menu_id, menu_name, menu_name_en, parent_id, order_num, path, component, route_name,
           menu_type, visible, perms, icon, create_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'C', '0', ?, ?, 'system')`,
        [
          menu.id,
          menu.zh,
          menu.en,
          BPM_DIRECTORY_ID,
          order++,
          menu.path,
          menu.component,
          menu.routeName,
          menu.perms,
          menu.icon,
        ],
      );
    }
    // Everyone signed up takes part in processes: the default and company roles get the directory and
    // its entries without a permission (the definitions stay with those who read process models).
    const forEveryone = [
      BPM_DIRECTORY_ID,
      ...BPM_PROCESS_MENUS.filter((m) => !m.perms).map((m) => m.id),
    ];
    for (const roleId of [ROLE_IDS.default, ROLE_IDS.company]) {
      for (const menuId of forEveryone) {
        await q.query(`INSERT IGNORE INTO sys_role_menu (role_id, menu_id) VALUES (?, ?)`, [
          roleId,
          menuId,
        ]);
      }
    }
  }

  async down(q: QueryRunner): Promise<void> {
    const ids = [BPM_DIRECTORY_ID, ...BPM_PROCESS_MENUS.map((m) => m.id)];
    const [directory] = (await q.query(
      `SELECT parent_id AS parentId, order_num AS orderNum FROM sys_menu WHERE menu_id = ?`,
      [BPM_DIRECTORY_ID],
    )) as { parentId: number; orderNum: number }[];
    await q.query(`DELETE FROM sys_role_menu WHERE menu_id IN (?)`, [ids]);
    await q.query(`DELETE FROM sys_menu WHERE menu_id IN (?)`, [ids]);
    if (directory) {
      await q.query(
        `UPDATE sys_menu SET order_num = order_num - 1 WHERE parent_id = ? AND order_num > ?`,
        [Number(directory.parentId), Number(directory.orderNum)],
      );
    }
  }
}
