import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Skills name the built-in tools they grant (issue 12): `wf_skill.tools`, a JSON list of AGENT_TOOLS
 * names. Added nullable, filled with an empty list, then made NOT NULL, as neither MySQL before
 * 8.0.13 nor MariaDB's JSON alias takes the same default syntax.
 */
export class SkillTools1764290000000 implements MigrationInterface {
  name = 'SkillTools1764290000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE wf_skill ADD COLUMN tools json NULL AFTER function_ids');
    await q.query('UPDATE wf_skill SET tools = JSON_ARRAY() WHERE tools IS NULL');
    await q.query('ALTER TABLE wf_skill MODIFY COLUMN tools json NOT NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE wf_skill DROP COLUMN tools');
  }
}
