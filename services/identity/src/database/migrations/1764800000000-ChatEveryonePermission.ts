import { PERMISSIONS } from '@platform/contracts';
import type { MigrationInterface, QueryRunner } from 'typeorm';

// Reading every user's conversations on the conversation history page was the administrator's
// flag; it is a button of that page now (wujie:chat:everyone), so an auditor's or support's role can
// be given it. Granted to no role: only the administrator (all permissions) holds it until granted.
// Its row lives here, not in seed/menus (see the antibody toolkit migration for why).
const MENU_ID = 10001;
const HISTORY_MENU_ID = 10;

export class ChatEveryonePermission1764800000000 implements MigrationInterface {
  name = 'ChatEveryonePermission1764800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `INSERT INTO sys_menu (menu_id, menu_name, menu_name_en, parent_id, order_num, path, menu_type, visible,
         perms, icon, create_by) VALUES (?, ?, ?, ?, 1, '', 'F', '0', ?, '#', 'system')`,
      [
        MENU_ID,
        '查看全部用户的对话',
        "Read everyone's conversations",
        HISTORY_MENU_ID,
        PERMISSIONS.wujie.chat.everyone,
      ],
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM sys_role_menu WHERE menu_id = ?`, [MENU_ID]);
    await q.query(`DELETE FROM sys_menu WHERE menu_id = ?`, [MENU_ID]);
  }
}
