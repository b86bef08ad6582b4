import { PERMISSIONS } from '@platform/contracts';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 15: the in-app messages page exists now (web features/messages), so the "Messages" entry (16,
 * `wujie/message/index`) HideMenusWithoutPage hid is shown again — every user reads their own messages
 * (`wujie:message:list`, seeded for the default role). Sending a message to a user, a role or everyone
 * is a button of its own (`wujie:message:send`), granted to no role: only the administrator (all
 * permissions) holds it until an administrator grants it.
 */
export const MENUS_SHOWN_WITH_MESSAGES = [{ id: 16, component: 'wujie/message/index' }] as const;
const SEND_BUTTON_ID = 16001;
const MESSAGES_MENU_ID = 16;

export class MessagesMenu1764600100000 implements MigrationInterface {
  name = 'MessagesMenu1764600100000';

  async up(q: QueryRunner): Promise<void> {
    for (const { id, component } of MENUS_SHOWN_WITH_MESSAGES) {
      await q.query(`UPDATE sys_menu SET visible = '0' WHERE menu_id = ? AND component = ?`, [
        id,
        component,
      ]);
    }
    await q.query(
      `INSERT INTO sys_menu (menu_id, menu_name, menu_name_en, parent_id, order_num, path, menu_type, visible,
         perms, icon, create_by) VALUES (?, ?, ?, ?, 1, '', 'F', '0', ?, '#', 'system')`,
      [
        SEND_BUTTON_ID,
        '发送消息',
        'Send messages',
        MESSAGES_MENU_ID,
        PERMISSIONS.wujie.message.send,
      ],
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM sys_role_menu WHERE menu_id = ?`, [SEND_BUTTON_ID]);
    await q.query(`DELETE FROM sys_menu WHERE menu_id = ?`, [SEND_BUTTON_ID]);
    for (const { id, component } of MENUS_SHOWN_WITH_MESSAGES) {
      await q.query(`UPDATE sys_menu SET visible = '1' WHERE menu_id = ? AND component = ?`, [
        id,
        component,
      ]);
    }
  }
}
