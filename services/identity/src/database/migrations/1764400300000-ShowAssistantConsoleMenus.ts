import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 13: the assistant's console pages exist now (web features/conversations and
 * features/playground), so the entries HideMenusWithoutPage hid for want of them are shown again:
 * "Chat assistant" (menu 9, `wujie/chat/index`) and "Conversation history" (10,
 * `wujie/chat/history`) — every user's conversations for an administrator, read only, a user's own
 * otherwise — and "Playground" (14, `wujie/playground/index`; user 1 still does not see it, the
 * routers' TALK_PLAYGROUND_ROUTE rule). Same guard as the hiding: only where the row still names
 * that screen.
 */
export const MENUS_SHOWN_WITH_ASSISTANT_CONSOLE = [
  { id: 9, component: 'wujie/chat/index' },
  { id: 10, component: 'wujie/chat/history' },
  { id: 14, component: 'wujie/playground/index' },
] as const;

export class ShowAssistantConsoleMenus1764400300000 implements MigrationInterface {
  name = 'ShowAssistantConsoleMenus1764400300000';

  async up(q: QueryRunner): Promise<void> {
    for (const { id, component } of MENUS_SHOWN_WITH_ASSISTANT_CONSOLE) {
      await q.query(`UPDATE sys_menu SET visible = '0' WHERE menu_id = ? AND component = ?`, [
        id,
        component,
      ]);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const { id, component } of MENUS_SHOWN_WITH_ASSISTANT_CONSOLE) {
      await q.query(`UPDATE sys_menu SET visible = '1' WHERE menu_id = ? AND component = ?`, [
        id,
        component,
      ]);
    }
  }
}
