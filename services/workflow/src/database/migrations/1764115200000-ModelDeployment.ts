import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Where a process model was last deployed: the engine's definition id and version, and when. */
export class ModelDeployment1764115200000 implements MigrationInterface {
  name = 'ModelDeployment1764115200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE bpm_model
      ADD COLUMN process_definition_id varchar(255) NULL,
      ADD COLUMN process_definition_version int NULL,
      ADD COLUMN deploy_time datetime(3) NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE bpm_model
      DROP COLUMN process_definition_id,
      DROP COLUMN process_definition_version,
      DROP COLUMN deploy_time`);
  }
}
