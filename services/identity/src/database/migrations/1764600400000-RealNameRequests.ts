import { PERMISSIONS } from '@platform/contracts';
import type { MigrationInterface, QueryRunner } from 'typeorm';

import { ROLE_IDS } from '../seed/roles';

// Issue 15, real-name authentication. (1) The requests: name and ID number only encrypted (FieldCipher,
// `f1.<keyId>.<…>`), a keyed digest of the ID number to find it on another account, `open_user_id` set
// while a request is pending (one open request per user, enforced by its unique key) and
// `verified_digest` set once verified (one account per ID number). (2) Menus: "Real-name
// authentication" for every signed-up user, "Real-name review" for administrators with its buttons.
export const REALNAME_MENU_IDS = { certify: 41, review: 42, reviewButton: 42001 } as const;
const ORDER_AFTER_SEEDED_TOP_LEVEL = 25;

export class RealNameRequests1764600400000 implements MigrationInterface {
  name = 'RealNameRequests1764600400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE real_name_request (
      id bigint NOT NULL AUTO_INCREMENT PRIMARY KEY,
      user_id bigint NOT NULL,
      open_user_id bigint NULL,
      channel varchar(16) NOT NULL,
      status tinyint NOT NULL DEFAULT 0,
      cert_name varchar(255) NOT NULL,
      cert_no varchar(255) NOT NULL,
      cert_no_digest char(64) NOT NULL,
      verified_digest char(64) NULL,
      certify_id varchar(64) NULL,
      callback_token char(64) NULL,
      callback_expires datetime(3) NULL,
      reason varchar(255) NULL,
      reviewed_by varchar(64) NULL,
      reviewed_at datetime(3) NULL,
      create_time datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
      UNIQUE KEY uq_realname_open_user (open_user_id),
      UNIQUE KEY uq_realname_verified_digest (verified_digest),
      UNIQUE KEY uq_realname_callback (callback_token),
      KEY idx_realname_user (user_id, id),
      KEY idx_realname_status (status, id),
      KEY idx_realname_digest (cert_no_digest)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4`);
    const menu = `INSERT INTO sys_menu (menu_id, menu_name, menu_name_en, parent_id, order_num, path, component,
       route_name, menu_type, visible, perms, icon, create_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, '0', ?, ?, 'system')`;
    await q.query(menu, [
      REALNAME_MENU_IDS.certify,
      '实名认证',
      'Real-name authentication',
      0,
      ORDER_AFTER_SEEDED_TOP_LEVEL,
      'user/realname',
      'user/realname',
      'RealName',
      'C',
      PERMISSIONS.wujie.realName.certify,
      'user',
    ]);
    await q.query(menu, [
      REALNAME_MENU_IDS.review,
      '实名审核',
      'Real-name review',
      0,
      ORDER_AFTER_SEEDED_TOP_LEVEL + 1,
      'wujie/realname',
      'wujie/realname/index',
      'RealNameReview',
      'C',
      PERMISSIONS.wujie.realName.list,
      'peoples',
    ]);
    await q.query(menu, [
      REALNAME_MENU_IDS.reviewButton,
      '审核',
      'Review',
      REALNAME_MENU_IDS.review,
      1,
      '',
      null,
      '',
      'F',
      PERMISSIONS.wujie.realName.review,
      '#',
    ]);
    await q.query(`INSERT IGNORE INTO sys_role_menu (role_id, menu_id) VALUES (?, ?), (?, ?)`, [
      ROLE_IDS.default,
      REALNAME_MENU_IDS.certify,
      ROLE_IDS.company,
      REALNAME_MENU_IDS.certify,
    ]);
  }

  async down(q: QueryRunner): Promise<void> {
    const ids = Object.values(REALNAME_MENU_IDS);
    await q.query(`DELETE FROM sys_role_menu WHERE menu_id IN (?, ?, ?)`, ids);
    await q.query(`DELETE FROM sys_menu WHERE menu_id IN (?, ?, ?)`, ids);
    await q.query(`DROP TABLE real_name_request`);
  }
}
