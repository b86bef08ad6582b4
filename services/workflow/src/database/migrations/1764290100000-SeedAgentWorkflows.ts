import type { MigrationInterface, QueryRunner } from 'typeorm';

import { SEED_ACTOR, SEED_AGENTS, SEED_SKILLS } from '../seed/catalogue';
import { seedDiagramXml } from '../seed/diagram';
import { SEED_WORKFLOWS } from '../seed/workflows';

const ONLINE = '2';

/**
 * The seeded workflows of the assistant's five jobs (issue 12): one skill per built-in tool, the
 * agents that run them and the five workflows (online, zh and en, diagrams in seed/workflows).
 * Idempotent: a skill or agent that exists under the same name (zh or en) is used as it is, a
 * workflow or process model that holds a seeded key keeps it. `down` removes only the rows this
 * seed created (create_by 'system') that nothing else uses (no mission ran the workflow, no other
 * workflow has the agent, no other agent the skill).
 */
export class SeedAgentWorkflows1764290100000 implements MigrationInterface {
  name = 'SeedAgentWorkflows1764290100000';

  async up(q: QueryRunner): Promise<void> {
    const skillIds = new Map<string, number>();
    for (const skill of SEED_SKILLS) {
      const id =
        (await idOf(q, 'wf_skill', skill)) ??
        (await insert(
          q,
          `INSERT INTO wf_skill (name, name_en, description, description_en, instruction,
             function_ids, tools, create_by, update_by)
           VALUES (?, ?, ?, ?, ?, JSON_ARRAY(), ?, ?, ?)`,
          [
            skill.name,
            skill.nameEn,
            skill.description,
            skill.descriptionEn,
            skill.instruction,
            JSON.stringify(skill.tools),
            SEED_ACTOR,
            SEED_ACTOR,
          ],
        ));
      skillIds.set(skill.nameEn, id);
    }

    const agentIds = new Map<string, number>();
    for (const agent of SEED_AGENTS) {
      const id =
        (await idOf(q, 'wf_agent', agent)) ??
        (await insert(
          q,
          `INSERT INTO wf_agent (name, name_en, type, description, description_en, instruction,
             skill_ids, status, create_by, update_by)
           VALUES (?, ?, 'Agent', ?, ?, ?, ?, '0', ?, ?)`,
          [
            agent.name,
            agent.nameEn,
            agent.description,
            agent.descriptionEn,
            agent.instruction,
            JSON.stringify(agent.skills.map((name) => skillIds.get(name)!)),
            SEED_ACTOR,
            SEED_ACTOR,
          ],
        ));
      agentIds.set(agent.nameEn, id);
    }

    for (const workflow of SEED_WORKFLOWS) {
      const key = workflow.diagram.key;
      const taken = await rows(
        q,
        `SELECT id FROM wf_workflow WHERE process_key = ?
         UNION ALL SELECT id FROM bpm_model WHERE model_key = ?`,
        [key, key],
      );
      if (taken.length > 0) continue;
      const content = [
        workflow.name,
        ONLINE,
        workflow.description,
        workflow.descriptionEn,
        JSON.stringify(workflow.agents.map((name) => agentIds.get(name)!)),
        '',
        JSON.stringify(workflow.tags),
        key,
        seedDiagramXml(workflow.diagram),
      ];
      const id = await insert(
        q,
        `INSERT INTO wf_workflow (name, status, description, description_en, agent_ids, params,
           tags, process_key, xml, version, create_by, update_by)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)`,
        [...content, SEED_ACTOR, SEED_ACTOR],
      );
      await q.query(
        `INSERT INTO wf_workflow_version (workflow_id, version, name, status, description,
           description_en, agent_ids, params, tags, process_key, xml, create_by, update_by)
         VALUES (?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [id, ...content, SEED_ACTOR, SEED_ACTOR],
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const workflow of SEED_WORKFLOWS) {
      // A workflow that has run missions stays: their records name it.
      const seeded = await rows(
        q,
        `SELECT id FROM wf_workflow w WHERE process_key = ? AND create_by = ?
           AND NOT EXISTS (SELECT 1 FROM wf_mission m WHERE m.workflow_id = w.id)`,
        [workflow.diagram.key, SEED_ACTOR],
      );
      for (const { id } of seeded) {
        await q.query('DELETE FROM wf_workflow_deployment WHERE workflow_id = ?', [id]);
        await q.query('DELETE FROM wf_workflow_version WHERE workflow_id = ?', [id]);
        await q.query('DELETE FROM wf_workflow WHERE id = ?', [id]);
      }
    }
    for (const agent of SEED_AGENTS) {
      await q.query(
        `DELETE FROM wf_agent WHERE name = ? AND name_en = ? AND create_by = ?
           AND NOT EXISTS (SELECT 1 FROM wf_workflow w WHERE JSON_CONTAINS(w.agent_ids, CAST(wf_agent.id AS CHAR)))`,
        [agent.name, agent.nameEn, SEED_ACTOR],
      );
    }
    for (const skill of SEED_SKILLS) {
      await q.query(
        `DELETE FROM wf_skill WHERE name = ? AND name_en = ? AND create_by = ?
           AND NOT EXISTS (SELECT 1 FROM wf_agent a WHERE JSON_CONTAINS(a.skill_ids, CAST(wf_skill.id AS CHAR)))`,
        [skill.name, skill.nameEn, SEED_ACTOR],
      );
    }
  }
}

type Row = { id: number | string };

async function rows(q: QueryRunner, sql: string, params: unknown[]): Promise<Row[]> {
  return (await q.query(sql, params)) as Row[];
}

/** The id of a row with the same Chinese or English name, the first one made. */
async function idOf(
  q: QueryRunner,
  table: 'wf_skill' | 'wf_agent',
  named: { name: string; nameEn: string },
): Promise<number | null> {
  const found = await rows(
    q,
    `SELECT id FROM ${table} WHERE name = ? OR (name_en <> '' AND name_en = ?) ORDER BY id LIMIT 1`,
    [named.name, named.nameEn],
  );
  return found.length ? Number(found[0].id) : null;
}

async function insert(q: QueryRunner, sql: string, params: unknown[]): Promise<number> {
  const result = (await q.query(sql, params)) as { insertId: number };
  return Number(result.insertId);
}
