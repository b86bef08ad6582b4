import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What each node run's language-model calls cost (issue 13: token counts per reply and per node
 * run), beside the counts the assistant's replies already keep.
 */
export class NodeRunTokens1764700000000 implements MigrationInterface {
  name = 'NodeRunTokens1764700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE wf_mission_log
      ADD COLUMN prompt_tokens int NOT NULL DEFAULT 0,
      ADD COLUMN completion_tokens int NOT NULL DEFAULT 0,
      ADD COLUMN tokens_estimated tinyint NOT NULL DEFAULT 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE wf_mission_log
      DROP COLUMN prompt_tokens, DROP COLUMN completion_tokens, DROP COLUMN tokens_estimated`);
  }
}
