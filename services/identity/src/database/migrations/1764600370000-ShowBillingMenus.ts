import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 14: the billing screens exist now (web features/billing), so the entries HideMenusWithoutPage
 * hid for want of them are shown again: the wujie area's "User management" (menu 3,
 * `wujie/user/index`: balance, frozen points, points changes, invitation link, real-name status),
 * "Referral rewards" (17, `user/promotion`) and "Point recharge" (18, `wujie/recharge/index`: the
 * recharge, the user's orders and, with wujie:recharge:verify, every user's). Same guard as the
 * hiding: only where the row still names that screen.
 */
export const MENUS_SHOWN_WITH_BILLING = [
  { id: 3, component: 'wujie/user/index' },
  { id: 17, component: 'user/promotion' },
  { id: 18, component: 'wujie/recharge/index' },
] as const;

export class ShowBillingMenus1764600370000 implements MigrationInterface {
  name = 'ShowBillingMenus1764600370000';

  async up(q: QueryRunner): Promise<void> {
    for (const { id, component } of MENUS_SHOWN_WITH_BILLING) {
      await q.query(`UPDATE sys_menu SET visible = '0' WHERE menu_id = ? AND component = ?`, [
        id,
        component,
      ]);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const { id, component } of MENUS_SHOWN_WITH_BILLING) {
      await q.query(`UPDATE sys_menu SET visible = '1' WHERE menu_id = ? AND component = ?`, [
        id,
        component,
      ]);
    }
  }
}
