import { PERMISSIONS } from '@platform/contracts';
import type { MigrationInterface, QueryRunner } from 'typeorm';

import { ROLE_IDS } from '../seed/roles';

// Issue 14, the points ledger and rewards. (1) The inviter's reward per invited user as a system
// parameter (System → Parameters; billing reads it when it pays, 0 turns it off) next to the seeded
// points.register.free, points.bindPhone.reward, points.realName.reward and the invited user's
// points.invite.register and points.invite.realName. (2) "My points" — a
// user's own account and ledger (wujie:points:query) — as a button of the personal centre, for the
// signed-up user (ROLE_DEFAULT) and the company user. Rows live here, not in seed/.

const PARAMS: [key: string, value: string, zh: string, en: string][] = [
  [
    'points.invite.inviter',
    '100',
    '邀请好友奖励积分（每位受邀用户）',
    'Referral reward points for the inviter (per invited user)',
  ],
];

const PERSONAL_CENTER_MENU_ID = 19;
const MY_POINTS_BUTTON_ID = 19001;

export class BillingRewards1764600500000 implements MigrationInterface {
  name = 'BillingRewards1764600500000';

  async up(q: QueryRunner): Promise<void> {
    for (const [key, value, zh, en] of PARAMS) {
      await q.query(
        `INSERT INTO sys_config (config_name, config_name_en, config_key, config_value, config_type, create_by)
         SELECT ?, ?, ?, ?, 'Y', 'system' FROM DUAL
          WHERE NOT EXISTS (SELECT 1 FROM sys_config WHERE config_key = ?)`,
        [zh, en, key, value, key],
      );
    }
    await q.query(
      `INSERT INTO sys_menu (menu_id, menu_name, menu_name_en, parent_id, order_num, path, menu_type, visible,
         perms, icon, create_by) VALUES (?, ?, ?, ?, 1, '', 'F', '0', ?, '#', 'system')`,
      [
        MY_POINTS_BUTTON_ID,
        '我的积分',
        'My points',
        PERSONAL_CENTER_MENU_ID,
        PERMISSIONS.wujie.points.query,
      ],
    );
    await q.query(`INSERT IGNORE INTO sys_role_menu (role_id, menu_id) VALUES (?, ?), (?, ?)`, [
      ROLE_IDS.default,
      MY_POINTS_BUTTON_ID,
      ROLE_IDS.company,
      MY_POINTS_BUTTON_ID,
    ]);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM sys_role_menu WHERE menu_id = ?`, [MY_POINTS_BUTTON_ID]);
    await q.query(`DELETE FROM sys_menu WHERE menu_id = ?`, [MY_POINTS_BUTTON_ID]);
    await q.query(`DELETE FROM sys_config WHERE config_key IN (?)`, [PARAMS.map(([key]) => key)]);
  }
}
