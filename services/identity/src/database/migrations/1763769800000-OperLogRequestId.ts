import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Operation-log entries arrive as retried queue jobs: the request id keeps a retry from adding a row. */
export class OperLogRequestId1763769800000 implements MigrationInterface {
  name = 'OperLogRequestId1763769800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE sys_oper_log ADD COLUMN request_id varchar(64) NULL AFTER oper_id`);
    await q.query(`ALTER TABLE sys_oper_log ADD UNIQUE KEY uk_oper_log_request (request_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE sys_oper_log DROP INDEX uk_oper_log_request`);
    await q.query(`ALTER TABLE sys_oper_log DROP COLUMN request_id`);
  }
}
