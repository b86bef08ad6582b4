import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 29, the form builder: a process form keeps its form-js schema beside the older field list.
 * Existing forms get NULL and are converted from their fields when read, so none is rewritten here.
 */
export class BpmFormSchema1765100000000 implements MigrationInterface {
  name = 'BpmFormSchema1765100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE bpm_form ADD COLUMN `schema` JSON NULL AFTER fields');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE bpm_form DROP COLUMN `schema`');
  }
}
