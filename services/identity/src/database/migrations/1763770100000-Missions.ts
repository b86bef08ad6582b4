import {
  MISSION_LOG_STATUS as L,
  MISSION_LOG_STATUS_DICT,
  MISSION_STATUS as S,
  MISSION_STATUS_DICT,
  PERMISSIONS,
} from '@platform/contracts';
import type { MigrationInterface, QueryRunner } from 'typeorm';

import { ROLE_IDS } from '../seed/roles';

// Issue 12, missions. (1) The bilingual dictionaries of a mission's status and of a node run's
// status, with the stable values of contracts (workflow/missions.ts). (2) What a signed-up user
// (ROLE_DEFAULT) and a company user need to run their own missions: start, read, stop and rerun,
// as buttons of the "Task list" page, which both roles already have. The service limits each of
// them to the caller's own missions. Rows live here, not in seed/ (see the antibody toolkit migration).

const TASK_LIST_MENU_ID = 11;
const M = PERMISSIONS.wujie.mission;
// After the page's seeded buttons 11001 review and 11002 delete.
const BUTTONS: [id: number, zh: string, en: string, perms: string][] = [
  [11003, '发起任务', 'Start', M.add],
  [11004, '查看', 'View', M.query],
  [11005, '停止', 'Stop', M.stop],
  [11006, '重新运行', 'Rerun', M.rerun],
];

type Entry = [value: string, zh: string, en: string, listClass: string];
const DICTIONARIES: { type: string; zh: string; en: string; entries: Entry[] }[] = [
  {
    type: MISSION_STATUS_DICT,
    zh: '智能体任务状态',
    en: 'Mission status',
    entries: [
      [S.notStarted, '未开始', 'Not started', 'info'],
      [S.inProgress, '进行中', 'In progress', 'primary'],
      [S.userInput, '需要用户输入', 'User input required', 'warning'],
      [S.adminReview, '等待管理员审核', 'Waiting for admin review', 'warning'],
      [S.adminConfirm, '等待管理员确认', 'Waiting for admin confirmation', 'warning'],
      [S.error, '错误中断', 'Error interrupted', 'danger'],
      [S.stopped, '已停止', 'Stopped', 'info'],
      [S.completed, '已完成', 'Completed', 'success'],
    ],
  },
  {
    type: MISSION_LOG_STATUS_DICT,
    zh: '任务节点运行状态',
    en: 'Mission node run status',
    entries: [
      [L.running, '运行中', 'Running', 'primary'],
      [L.success, '成功', 'Success', 'success'],
      [L.failed, '失败', 'Failed', 'danger'],
    ],
  },
];

export class Missions1763770100000 implements MigrationInterface {
  name = 'Missions1763770100000';

  async up(q: QueryRunner): Promise<void> {
    for (const d of DICTIONARIES) {
      await q.query(
        `INSERT INTO sys_dict_type (dict_name, dict_name_en, dict_type, create_by) VALUES (?, ?, ?, 'system')`,
        [d.zh, d.en, d.type],
      );
      for (const [index, [value, zh, en, listClass]] of d.entries.entries()) {
        await q.query(
          `INSERT INTO sys_dict_data (dict_sort, dict_label, dict_label_en, dict_value, dict_type, list_class,
             is_default, create_by) VALUES (?, ?, ?, ?, ?, ?, ?, 'system')`,
          [index + 1, zh, en, value, d.type, listClass, index === 0 ? 'Y' : 'N'],
        );
      }
    }
    for (const [index, [id, zh, en, perms]] of BUTTONS.entries()) {
      await q.query(
        `INSERT INTO sys_menu (menu_id, menu_name, menu_name_en, parent_id, order_num, path, menu_type, visible,
           perms, icon, create_by) VALUES (?, ?, ?, ?, ?, '', 'F', '0', ?, '#', 'system')`,
        [id, zh, en, TASK_LIST_MENU_ID, 3 + index, perms],
      );
      await q.query(`INSERT IGNORE INTO sys_role_menu (role_id, menu_id) VALUES (?, ?), (?, ?)`, [
        ROLE_IDS.default,
        id,
        ROLE_IDS.company,
        id,
      ]);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    const ids = BUTTONS.map(([id]) => id);
    await q.query(`DELETE FROM sys_role_menu WHERE menu_id IN (?)`, [ids]);
    await q.query(`DELETE FROM sys_menu WHERE menu_id IN (?)`, [ids]);
    const types = DICTIONARIES.map((d) => d.type);
    await q.query(`DELETE FROM sys_dict_data WHERE dict_type IN (?)`, [types]);
    await q.query(`DELETE FROM sys_dict_type WHERE dict_type IN (?)`, [types]);
  }
}
