import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 13: the research assistant's screen exists now (web features/chat), so the workbench entry
 * (menu 2, `wujie/char/talk`, every user's landing page) that HideMenusWithoutPage hid is shown
 * again. Same guard as the hiding: only where the row still names that screen.
 */
export const MENUS_SHOWN_WITH_CHAT = [{ id: 2, component: 'wujie/char/talk' }] as const;

export class ShowWorkbenchMenu1764400200000 implements MigrationInterface {
  name = 'ShowWorkbenchMenu1764400200000';

  async up(q: QueryRunner): Promise<void> {
    for (const { id, component } of MENUS_SHOWN_WITH_CHAT) {
      await q.query(`UPDATE sys_menu SET visible = '0' WHERE menu_id = ? AND component = ?`, [
        id,
        component,
      ]);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const { id, component } of MENUS_SHOWN_WITH_CHAT) {
      await q.query(`UPDATE sys_menu SET visible = '1' WHERE menu_id = ? AND component = ?`, [
        id,
        component,
      ]);
    }
  }
}
