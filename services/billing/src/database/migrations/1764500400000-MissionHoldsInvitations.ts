import type { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/**
 * Mission costs and abnormal invitations (issue 14): the hold each mission run keeps on its owner's
 * frozen points (held → settled or released, once) and the flags raised for the administrator when
 * one inviter gets too many sign-ups from one address or device (billing_referral records them).
 */
export class MissionHoldsInvitations1764500400000 implements MigrationInterface {
  name = 'MissionHoldsInvitations1764500400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE mission_hold (
      id bigint NOT NULL AUTO_INCREMENT,
      mission_code varchar(64) NOT NULL,
      run_id varchar(64) NOT NULL,
      user_id bigint NOT NULL,
      points bigint NOT NULL,
      status varchar(16) NOT NULL,
      created_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
      updated_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
      PRIMARY KEY (id),
      UNIQUE KEY uk_mission_hold_run (mission_code, run_id),
      KEY idx_mission_hold_user (user_id, status)
    ) ${TABLE_OPTIONS}`);
    await q.query(`CREATE TABLE invitation_flag (
      id bigint NOT NULL AUTO_INCREMENT,
      inviter_id bigint NOT NULL,
      kind varchar(8) NOT NULL,
      source varchar(128) NOT NULL,
      invited_user_ids json NOT NULL,
      status varchar(16) NOT NULL DEFAULT 'open',
      deducted_points bigint NOT NULL DEFAULT 0,
      operator varchar(64) NOT NULL DEFAULT '',
      remark varchar(255) NULL,
      created_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
      updated_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
      PRIMARY KEY (id),
      KEY idx_invitation_flag_inviter (inviter_id, kind, source, status),
      KEY idx_invitation_flag_status (status, id)
    ) ${TABLE_OPTIONS}`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS invitation_flag');
    await q.query('DROP TABLE IF EXISTS mission_hold');
  }
}
