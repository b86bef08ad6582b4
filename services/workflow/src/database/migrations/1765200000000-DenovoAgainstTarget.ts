import type { MigrationInterface, QueryRunner } from 'typeorm';

import { SEED_ACTOR } from '../seed/catalogue';
import { seedDiagramXml } from '../seed/diagram';
import { ANTIBODY_DENOVO } from '../seed/workflows/antibody-denovo';

/** The seeded antibody_denovo's Chinese description before design against a target (issue 27). */
export const DENOVO_CDR_LIBRARY_ONLY =
  '以亲本抗体为起点设计 CDR 变体文库（按 BLOSUM62 替换，淘汰新增风险位点或人源度下降的变体），再对文库做风险位点过滤，输出通过过滤的候选序列。';

/**
 * Issue 27: installations seeded before design against a target keep the CDR-library-only
 * antibody_denovo (SeedAgentWorkflows leaves an existing workflow as it is). This gives that workflow
 * a new version with today's description and diagram, whose nodes design against the antigen when
 * the inputs hold no antibody, but only where nobody has changed it since the seed: a workflow an
 * administrator saved is theirs. Missions keep the version they started on; the next one deploys the
 * new diagram (DeploymentsService deploys a version when first started).
 */
export class DenovoAgainstTarget1765200000000 implements MigrationInterface {
  name = 'DenovoAgainstTarget1765200000000';

  async up(q: QueryRunner): Promise<void> {
    const xml = seedDiagramXml(ANTIBODY_DENOVO.diagram);
    const untouched = (await q.query(
      `SELECT id, version FROM wf_workflow
       WHERE process_key = ? AND create_by = ? AND update_by = ? AND description = ?`,
      [ANTIBODY_DENOVO.diagram.key, SEED_ACTOR, SEED_ACTOR, DENOVO_CDR_LIBRARY_ONLY],
    )) as { id: number | string; version: number }[];
    for (const { id, version } of untouched) {
      const next = Number(version) + 1;
      await q.query(
        `INSERT INTO wf_workflow_version (workflow_id, version, name, status, description,
           description_en, agent_ids, params, tags, process_key, xml, create_by, update_by)
         SELECT id, ?, name, status, ?, ?, agent_ids, params, tags, process_key, ?, ?, ?
         FROM wf_workflow WHERE id = ?`,
        [
          next,
          ANTIBODY_DENOVO.description,
          ANTIBODY_DENOVO.descriptionEn,
          xml,
          SEED_ACTOR,
          SEED_ACTOR,
          id,
        ],
      );
      await q.query(
        `UPDATE wf_workflow SET version = ?, description = ?, description_en = ?, xml = ?
         WHERE id = ?`,
        [next, ANTIBODY_DENOVO.description, ANTIBODY_DENOVO.descriptionEn, xml, id],
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    // Back to the version before, where this migration's version is still the current one and no
    // mission ran it (a mission's record names its version).
    const added = (await q.query(
      `SELECT w.id, w.version FROM wf_workflow w
       WHERE w.process_key = ? AND w.create_by = ? AND w.update_by = ? AND w.description = ?
         AND w.version > 1
         AND NOT EXISTS (SELECT 1 FROM wf_mission m
                         WHERE m.workflow_id = w.id AND m.workflow_version = w.version)`,
      [ANTIBODY_DENOVO.diagram.key, SEED_ACTOR, SEED_ACTOR, ANTIBODY_DENOVO.description],
    )) as { id: number | string; version: number }[];
    for (const { id, version } of added) {
      const previous = Number(version) - 1;
      await q.query(
        `UPDATE wf_workflow w JOIN wf_workflow_version v
           ON v.workflow_id = w.id AND v.version = ?
         SET w.version = v.version, w.description = v.description,
             w.description_en = v.description_en, w.xml = v.xml
         WHERE w.id = ?`,
        [previous, id],
      );
      await q.query('DELETE FROM wf_workflow_version WHERE workflow_id = ? AND version = ?', [
        id,
        version,
      ]);
    }
  }
}
