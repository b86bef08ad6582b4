import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 12: the mission screens exist now (web features/mission), so the entries that
 * HideMenusWithoutPage hid for want of them are shown again: "Task list" (menu 11,
 * `wujie/mission/index`, every mission for an administrator with the review queue), "Task log"
 * (12) and "Task test" (13). Same guard as the hiding: only where the row still names that screen.
 */
export const MENUS_SHOWN_WITH_MISSIONS = [
  { id: 11, component: 'wujie/mission/index' },
  { id: 12, component: 'wujie/missionlog/index' },
  { id: 13, component: 'wujie/playground/mission' },
] as const;

export class ShowMissionMenus1764400100000 implements MigrationInterface {
  name = 'ShowMissionMenus1764400100000';

  async up(q: QueryRunner): Promise<void> {
    for (const { id, component } of MENUS_SHOWN_WITH_MISSIONS) {
      await q.query(`UPDATE sys_menu SET visible = '0' WHERE menu_id = ? AND component = ?`, [
        id,
        component,
      ]);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const { id, component } of MENUS_SHOWN_WITH_MISSIONS) {
      await q.query(`UPDATE sys_menu SET visible = '1' WHERE menu_id = ? AND component = ?`, [
        id,
        component,
      ]);
    }
  }
}
