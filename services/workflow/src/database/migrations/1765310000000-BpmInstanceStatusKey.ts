import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 29: the to-do list asks the engine for tasks of the process keys that have instances running
 * here (SELECT DISTINCT process_definition_key … WHERE status = 'running'); this index answers that
 * from the index alone instead of reading every instance.
 */
export class BpmInstanceStatusKey1765310000000 implements MigrationInterface {
  name = 'BpmInstanceStatusKey1765310000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'ALTER TABLE bpm_process_instance_ext ADD KEY idx_bpm_instance_status_key (status, process_definition_key)',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE bpm_process_instance_ext DROP KEY idx_bpm_instance_status_key');
  }
}
