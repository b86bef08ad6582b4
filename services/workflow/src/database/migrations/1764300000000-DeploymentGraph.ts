import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A deployment keeps the agent graph its diagram compiled to (issue 12): the agent worker reads a
 * node's descriptor and the branches after it from the definition the mission is pinned to, even
 * after the version's diagram was rewritten in place. Rows deployed before have none (NULL).
 */
export class DeploymentGraph1764300000000 implements MigrationInterface {
  name = 'DeploymentGraph1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'ALTER TABLE wf_workflow_deployment ADD COLUMN graph json NULL AFTER process_definition_version',
    );
    await q.query(
      'ALTER TABLE wf_workflow_deployment ADD KEY idx_workflow_deployment_definition (process_definition_id)',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE wf_workflow_deployment DROP KEY idx_workflow_deployment_definition');
    await q.query('ALTER TABLE wf_workflow_deployment DROP COLUMN graph');
  }
}
