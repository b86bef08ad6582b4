import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 31: a mission's start claim. The attempt that writes a mission row claims its start; a claim
 * older than its grace belongs to an attempt that is gone (the service killed between the row and the
 * engine's instance), and a retry with the same Idempotency-Key takes it over and starts the instance,
 * where the reconciler used to fail the mission as "start lost". Rows from before have no claim and
 * count from their creation time.
 */
export class MissionStartClaim1765400000000 implements MigrationInterface {
  name = 'MissionStartClaim1765400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE wf_mission ADD COLUMN start_claimed_at DATETIME(3) NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE wf_mission DROP COLUMN start_claimed_at');
  }
}
