import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 29: a department's head is a user (picked in the department form), so the "department
 * head" assignment rule and the leave example's approval find a person, not a name.
 */
export class DeptLeaderUser1764980000000 implements MigrationInterface {
  name = 'DeptLeaderUser1764980000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE sys_dept ADD COLUMN leader_user_id BIGINT NULL AFTER leader');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE sys_dept DROP COLUMN leader_user_id');
  }
}
