import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 30: the dashboard counts missions per day over a range of create_time. */
export class MissionDayIndex1764813000000 implements MigrationInterface {
  name = 'MissionDayIndex1764813000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE wf_mission ADD KEY idx_mission_create_time (create_time)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE wf_mission DROP KEY idx_mission_create_time`);
  }
}
