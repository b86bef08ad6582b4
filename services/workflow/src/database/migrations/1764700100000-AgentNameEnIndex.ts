import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A node names its agent in Chinese (the node's name) or in English (its descriptor): every node
 * run looks the agent up by either, so both are indexed.
 */
export class AgentNameEnIndex1764700100000 implements MigrationInterface {
  name = 'AgentNameEnIndex1764700100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE INDEX idx_agent_name_en ON wf_agent (name_en)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX idx_agent_name_en ON wf_agent');
  }
}
