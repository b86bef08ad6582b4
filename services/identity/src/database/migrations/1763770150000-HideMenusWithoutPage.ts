import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 11 §4: the seeded console entries whose screens the web app does not have yet, by menu id with
 * the component each one names. They are hidden ('1'), not deleted: the row, its buttons and the roles
 * granted it stay, and the issue that builds a screen shows its entry again in a migration of its own.
 * The web app's test of the seeded menus (web/src/features/menu/seeded-menus.test.ts) checks both ways.
 */
export const MENUS_HIDDEN_UNTIL_BUILT = [
  { id: 2, component: 'wujie/char/talk' },
  { id: 3, component: 'wujie/user/index' },
  { id: 9, component: 'wujie/chat/index' },
  { id: 10, component: 'wujie/chat/history' },
  { id: 11, component: 'wujie/mission/index' },
  { id: 12, component: 'wujie/missionlog/index' },
  { id: 13, component: 'wujie/playground/mission' },
  { id: 14, component: 'wujie/playground/index' },
  { id: 16, component: 'wujie/message/index' },
  { id: 17, component: 'user/promotion' },
  { id: 18, component: 'wujie/recharge/index' },
  { id: 205, component: 'monitor/druid/index' },
  { id: 301, component: 'tool/build/index' },
  { id: 302, component: 'tool/gen/index' },
] as const;

export class HideMenusWithoutPage1763770150000 implements MigrationInterface {
  name = 'HideMenusWithoutPage1763770150000';

  async up(q: QueryRunner): Promise<void> {
    // Only where the row still names the unbuilt screen: an entry an administrator has since pointed
    // at another component is theirs.
    for (const { id, component } of MENUS_HIDDEN_UNTIL_BUILT) {
      await q.query(`UPDATE sys_menu SET visible = '1' WHERE menu_id = ? AND component = ?`, [
        id,
        component,
      ]);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const { id, component } of MENUS_HIDDEN_UNTIL_BUILT) {
      await q.query(`UPDATE sys_menu SET visible = '0' WHERE menu_id = ? AND component = ?`, [
        id,
        component,
      ]);
    }
  }
}
