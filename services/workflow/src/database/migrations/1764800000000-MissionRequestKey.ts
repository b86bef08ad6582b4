import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The Idempotency-Key a mission was started with, unique per owner, written with the mission's row:
 * a retry of the start finds the mission its first attempt made even when the answer kept in Redis
 * was lost (the service killed between its commit and keeping the answer, the marker lapsed).
 */
export class MissionRequestKey1764800000000 implements MigrationInterface {
  name = 'MissionRequestKey1764800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'ALTER TABLE wf_mission ADD COLUMN request_key varchar(255) NULL AFTER owner_user_id, ' +
        'ADD UNIQUE KEY uk_mission_owner_request (owner_user_id, request_key)',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      'ALTER TABLE wf_mission DROP INDEX uk_mission_owner_request, DROP COLUMN request_key',
    );
  }
}
