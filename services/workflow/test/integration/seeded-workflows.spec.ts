import {
  checkEngineGate,
  compileWorkflow,
  type DiagramModel,
  evaluateValidator,
  type KnownAgent,
  nodeLabel,
  readDiagram,
  routesAfter,
} from '@platform/bpmn';
import {
  AGENT_TOOL_NAMES,
  type AgentGraph,
  routeVariable,
  SEEDED_WORKFLOWS,
  WORKFLOW_STATUS,
  type WorkflowView,
} from '@platform/contracts';
import type { QueryRunner } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { SeedAgentWorkflows1764290100000 as SeedMigration } from '../../src/database/migrations/1764290100000-SeedAgentWorkflows';
import {
  DENOVO_CDR_LIBRARY_ONLY,
  DenovoAgainstTarget1765200000000 as DenovoMigration,
} from '../../src/database/migrations/1765200000000-DenovoAgainstTarget';
import { ANTIBODY_DENOVO } from '../../src/database/seed/workflows/antibody-denovo';
import { dataOf, startWorkflowStack, type WorkflowStack } from '../support';

// The seeded workflows of the assistant's five jobs: there in zh and en after the migrations, each
// compiling against the seeded agents, passing the designer's check, drawable, and routing sensibly
// on the outputs the agent worker writes (result + one key per tool: see seed/workflows/nodes.ts).

const KEYS = Object.values(SEEDED_WORKFLOWS);
/** A JSON column as MySQL (parsed) or MariaDB (text) hands it over. */
const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
const CJK = /[\u4e00-\u9fff]/;

/** The part of bpmn-moddle's diagram interchange the test reads. */
interface DiagramInterchange {
  plane: { planeElement: { bpmnElement?: { id: string } }[] };
}

interface SeededRow {
  id: number;
  name: string;
  name_en: string;
  description: string;
  description_en: string;
  instruction: string;
}

describe('seeded workflows', () => {
  let s: WorkflowStack;
  const workflows = new Map<string, WorkflowView>();
  let agents: (SeededRow & { skill_ids: number[] })[];

  const sql = async <T>(text: string, params: unknown[] = []): Promise<T[]> =>
    (await s.stack.dbs.workflow.query(text, params))[0] as T[];
  /** The migration's own view of the database (TypeORM's QueryRunner.query returns the raw result). */
  const runner = () =>
    ({
      query: async (text: string, params?: unknown[]) =>
        (await s.stack.dbs.workflow.query(text, params))[0],
    }) as unknown as QueryRunner;
  const knownAgents = (): KnownAgent[] => agents.map((a) => ({ name: a.name, nameEn: a.name_en }));

  beforeAll(async () => {
    s = await startWorkflowStack();
    const rows = await sql<SeededRow & { skill_ids: unknown }>(
      "SELECT * FROM wf_agent WHERE create_by = 'system' ORDER BY id",
    );
    agents = rows.map((row) => ({ ...row, skill_ids: json<number[]>(row.skill_ids) }));
    for (const key of KEYS) {
      const list = await s.get(`/wujie/workflow/list?processKey=${key}`);
      const id = (list.body.rows as { id: number }[])[0]?.id;
      if (id) workflows.set(key, dataOf<WorkflowView>(await s.get(`/wujie/workflow/${id}`)));
    }
  });
  afterAll(() => s.close());

  it('should seed one skill per built-in tool, in zh and en with an instruction', async () => {
    const skills = await sql<SeededRow & { tools: unknown }>(
      "SELECT * FROM wf_skill WHERE create_by = 'system' ORDER BY id",
    );
    expect(skills.flatMap((skill) => json<string[]>(skill.tools)).sort()).toEqual(
      [...AGENT_TOOL_NAMES].sort(),
    );
    for (const skill of skills) {
      expect(skill.name).toMatch(CJK);
      expect(skill.description).toMatch(CJK);
      expect(skill.name_en).toMatch(/^[\x20-\x7e]+$/);
      expect(skill.description_en).not.toMatch(CJK);
      expect(skill.instruction.length).toBeGreaterThan(100);
    }
    const listed = await s.get('/wujie/skill/list?name=CDR library design', 'en');
    expect(listed.body.rows).toMatchObject([
      { nameEn: 'CDR library design', tools: ['antibody.design'] },
    ]);
  });

  it('should seed the agents with the skills of their tools, in zh and en', async () => {
    expect(agents.map((a) => a.name_en)).toEqual([
      'Numbering agent',
      'Liability analyst',
      'Humanization agent',
      'Humanization reviewer',
      'Epitope predictor',
      'CDR library designer',
      'Structure predictor',
    ]);
    const skills = await sql<{ id: number; tools: unknown }>('SELECT id, tools FROM wf_skill');
    const toolsOf = (agent: (typeof agents)[number]) =>
      agent.skill_ids.flatMap((id) =>
        json<string[]>(skills.find((skill) => skill.id === id)?.tools ?? []),
      );
    expect(agents.map(toolsOf)).toEqual([
      ['antibody.number'],
      ['antibody.liabilities'],
      ['antibody.humanize'],
      ['antibody.number', 'antibody.liabilities'],
      ['antibody.epitopes'],
      ['antibody.design'],
      ['antibody.structure'],
    ]);
    for (const agent of agents) {
      expect(agent.name).toMatch(CJK);
      expect(agent.description).toMatch(CJK);
      expect(agent.description_en).not.toMatch(CJK);
      expect(agent.instruction).toMatch(/mission's language/);
    }
  });

  it('should seed the five workflows online under the assistant keys, in zh and en', async () => {
    expect([...workflows.keys()]).toEqual(KEYS);
    for (const [key, workflow] of workflows) {
      expect(workflow).toMatchObject({
        processKey: key,
        status: WORKFLOW_STATUS.online,
        version: 1,
      });
      expect(workflow.name).toMatch(CJK);
      expect(workflow.description).toMatch(CJK);
      expect(workflow.descriptionEn).not.toMatch(CJK);
      expect(workflow.descriptionEn.length).toBeGreaterThan(60);
      const versions = await sql<{ version: number; xml: string; status: string }>(
        'SELECT version, xml, status FROM wf_workflow_version WHERE workflow_id = ?',
        [workflow.id],
      );
      expect(versions).toEqual([{ version: 1, xml: workflow.workflow, status: '2' }]);
    }
    const online = await s.get('/wujie/workflow/listSimple?status=2', 'en');
    expect(
      dataOf<{ processKey: string }[]>(online)
        .map((w) => w.processKey)
        .sort(),
    ).toEqual([...KEYS].sort());
  });

  it('should compile every seeded workflow against the seeded agents with no problem', async () => {
    for (const [key, workflow] of workflows) {
      const all = await compileWorkflow(workflow.workflow, { agents: knownAgents(), key });
      expect(all.ok ? [] : all.problems, key).toEqual([]);
      // The workflow's own agents are enough: its agentIds name every agent its nodes run.
      const own = knownAgents().filter((_, i) => workflow.agentIds.includes(Number(agents[i].id)));
      const compiled = await compileWorkflow(workflow.workflow, { agents: own, key });
      expect(compiled.ok ? [] : compiled.problems, key).toEqual([]);
      expect(compiled.ok && compiled.xml).toContain('camunda:topic="agent"');
    }
  });

  it('should pass the engine gate as designed and as compiled (issue 25)', async () => {
    expect(workflows.size).toBe(KEYS.length);
    for (const [key, workflow] of workflows) {
      expect(await checkEngineGate(workflow.workflow), key).toEqual([]);
      const compiled = await compileWorkflow(workflow.workflow, { agents: knownAgents(), key });
      expect(compiled.ok && (await checkEngineGate(compiled.xml)), key).toEqual([]);
    }
  });

  it('should pass the designer check with every agent node matched to its agent', async () => {
    for (const [key, workflow] of workflows) {
      const read = await readDiagram(workflow.workflow);
      expect(read.ok && read.problems, key).toEqual([]);
      const res = await s.post('/wujie/workflow/xmltojson', {
        workflow: workflow.workflow,
        agentIds: workflow.agentIds,
      });
      const graph = dataOf<AgentGraph>(res);
      expect(graph.processId).toBe(key);
      const agentNodes = graph.nodes.filter((n) => n.kind === 'agent');
      expect(agentNodes.length, key).toBeGreaterThan(0);
      for (const node of agentNodes) {
        expect(node.agentId, `${key} ${node.id}`).toEqual(expect.any(Number));
        expect(workflow.agentIds).toContain(node.agentId);
      }
    }
  });

  it('should draw every node and flow, and label them in zh and en', async () => {
    for (const [key, workflow] of workflows) {
      const read = await readDiagram(workflow.workflow);
      if (!read.ok) throw new Error(`${key} does not read`);
      const model: DiagramModel = read.model;
      const { diagrams } = read.definitions as unknown as { diagrams: DiagramInterchange[] };
      const drawn = diagrams[0].plane.planeElement.map((e) => e.bpmnElement?.id);
      expect(drawn.sort(), key).toEqual([...model.nodes, ...model.flows].map((e) => e.id).sort());
      for (const node of model.nodes.filter((n) => n.documentation)) {
        expect(nodeLabel(node, 'zh')).toMatch(CJK);
        expect(nodeLabel(node, 'en'), `${key} ${node.id}`).not.toMatch(CJK);
      }
      for (const node of model.nodes.filter((n) => n.type === 'bpmn:UserTask')) {
        const agent = agents.find((a) => a.name === node.name);
        expect(agent && nodeLabel(node, 'en'), `${key} ${node.id}`).toBe(agent?.name_en);
      }
    }
  });

  it("should pass each node's validators on the output its tools give, and not on a bare result", async () => {
    // The tool data the agent worker writes under each tool's key (services/agent-worker tools).
    const full = {
      result: 'summary',
      number: { scheme: 'imgt', chains: [] },
      liabilities: { scheme: 'imgt', chains: [], library: { checked: 0, kept: 0, rows: [] } },
      humanize: { chains: [] },
      epitopes: { antigens: [] },
      design: { total: 0, rows: [] },
      structure: { configured: false, chains: [] },
    };
    for (const [key, workflow] of workflows) {
      const compiled = await compileWorkflow(workflow.workflow, { agents: knownAgents(), key });
      if (!compiled.ok) throw new Error(`${key} does not compile`);
      for (const node of compiled.graph.nodes) {
        if (node.kind !== 'agent') continue;
        expect(node.agent.validators.length, `${key} ${node.id}`).toBeGreaterThan(0);
        for (const validator of node.agent.validators) {
          expect(evaluateValidator(validator, full), `${key} ${node.id}`).toBe(true);
          expect(evaluateValidator(validator, { result: 'summary' })).toBe(false);
        }
      }
    }
  });

  it('should route de novo design on the candidates the liabilities filter kept', async () => {
    const { graph } = await compiled(SEEDED_WORKFLOWS.denovo);
    const route = (rows: unknown[]) =>
      routesAfter(graph, 'Task_Liabilities', {
        result: 'Liabilities: VH 2 risk sites',
        liabilities: { chains: [{ id: 'VH' }], library: { checked: 20, kept: rows.length, rows } },
      }).variables[routeVariable('Gateway_Candidates')];
    expect(route([{ rank: 1, sequence: 'EVQLVESGG', high: 0, medium: 1, passes: true }])).toBe(
      'End_Library',
    );
    expect(route([])).toBe('End_NoCandidate');
  });

  it('should end structure prediction on the model, or on "no predictor configured"', async () => {
    const { graph } = await compiled(SEEDED_WORKFLOWS.structure);
    const route = (structure: object) =>
      routesAfter(graph, 'Task_Structure', { result: 'text', structure }).variables[
        routeVariable('Gateway_Structure')
      ];
    expect(route({ configured: true, atoms: 1800, pdb: 'ATOM      1  N   GLU H   1' })).toBe(
      'End_Structure',
    );
    expect(
      route({ configured: false, message: { en: 'No structure predictor is configured' } }),
    ).toBe('End_NoPredictor');
  });

  it('should seed idempotently, and undo only the rows it made and nothing else uses', async () => {
    const count = async () =>
      (
        await sql<{ skills: number; agents: number; workflows: number; versions: number }>(
          `SELECT (SELECT COUNT(*) FROM wf_skill) AS skills, (SELECT COUNT(*) FROM wf_agent) AS agents,
             (SELECT COUNT(*) FROM wf_workflow) AS workflows,
             (SELECT COUNT(*) FROM wf_workflow_version) AS versions`,
        )
      )[0];
    const migration = new SeedMigration();
    const before = await count();
    await migration.up(runner());
    expect(await count()).toEqual(before);

    // A user's agent keeps the seeded skill it has; a user's workflow keeps its key.
    const [numbering] = await sql<{ id: number }>(
      "SELECT id FROM wf_skill WHERE name_en = 'Antibody numbering'",
    );
    const mine = dataOf<{ id: number }>(
      await s.post('/wujie/agent', { name: '我的编号智能体', skillIds: [numbering.id] }),
    );
    await migration.down(runner());
    expect(await sql("SELECT id FROM wf_workflow WHERE create_by = 'system'")).toEqual([]);
    expect(await sql("SELECT id FROM wf_agent WHERE create_by = 'system'")).toEqual([]);
    expect(await sql("SELECT name_en FROM wf_skill WHERE create_by = 'system'")).toEqual([
      { name_en: 'Antibody numbering' },
    ]);

    await migration.up(runner());
    expect(await count()).toEqual({ ...before, agents: before.agents + 1 });
    const [again] = await sql<{ skill_ids: unknown }>(
      "SELECT skill_ids FROM wf_agent WHERE name_en = 'Numbering agent'",
    );
    expect(json(again.skill_ids)).toEqual([numbering.id]);
    expect((await s.del(`/wujie/agent/${mine.id}`)).body.code).toBe(200);
  });

  it('should save a seeded workflow again through the workflow API as a new version', async () => {
    const list = await s.get(`/wujie/workflow/list?processKey=${SEEDED_WORKFLOWS.humanization}`);
    const seeded = dataOf<WorkflowView>(await s.get(`/wujie/workflow/${list.body.rows[0].id}`));
    const saved = dataOf<WorkflowView>(
      await s.put('/wujie/workflow', {
        id: seeded.id,
        name: seeded.name,
        agentIds: seeded.agentIds,
        workflow: seeded.workflow,
      }),
    );
    expect(saved).toMatchObject({ version: 2, status: WORKFLOW_STATUS.online });
  });

  it('should move an install seeded before design against a target to the new de novo diagram, unless edited', async () => {
    type Row = { id: number; version: number; description: string; xml: string; update_by: string };
    const current = async () =>
      (
        await sql<Row>(
          'SELECT id, version, description, xml, update_by FROM wf_workflow WHERE process_key = ?',
          [ANTIBODY_DENOVO.diagram.key],
        )
      )[0]!;
    const fresh = await current();
    // An older installation: the seed's CDR-library-only description and diagram.
    const oldXml = fresh.xml.replace('design against it', 'design a CDR library');
    await sql('UPDATE wf_workflow SET description = ?, xml = ? WHERE id = ?', [
      DENOVO_CDR_LIBRARY_ONLY,
      oldXml,
      fresh.id,
    ]);
    await sql('UPDATE wf_workflow_version SET description = ?, xml = ? WHERE workflow_id = ?', [
      DENOVO_CDR_LIBRARY_ONLY,
      oldXml,
      fresh.id,
    ]);
    const migration = new DenovoMigration();
    try {
      await migration.up(runner());
      const moved = await current();
      expect(moved).toMatchObject({
        version: fresh.version + 1,
        description: ANTIBODY_DENOVO.description,
      });
      expect(moved.xml).toBe(fresh.xml);
      const [added] = await sql<{ description_en: string }>(
        'SELECT description_en FROM wf_workflow_version WHERE workflow_id = ? AND version = ?',
        [fresh.id, moved.version],
      );
      expect(added!.description_en).toBe(ANTIBODY_DENOVO.descriptionEn);
      await migration.up(runner()); // once only
      expect((await current()).version).toBe(moved.version);

      await migration.down(runner());
      expect(await current()).toMatchObject({
        version: fresh.version,
        description: DENOVO_CDR_LIBRARY_ONLY,
        xml: oldXml,
      });

      // An administrator's own save of the workflow is left as it is.
      await sql("UPDATE wf_workflow SET update_by = 'admin' WHERE id = ?", [fresh.id]);
      await migration.up(runner());
      expect(await current()).toMatchObject({ version: fresh.version, xml: oldXml });
    } finally {
      await sql('DELETE FROM wf_workflow_version WHERE workflow_id = ? AND version > ?', [
        fresh.id,
        fresh.version,
      ]);
      await sql(
        'UPDATE wf_workflow SET version = ?, description = ?, xml = ?, update_by = ? WHERE id = ?',
        [fresh.version, fresh.description, fresh.xml, fresh.update_by, fresh.id],
      );
      await sql('UPDATE wf_workflow_version SET description = ?, xml = ? WHERE workflow_id = ?', [
        fresh.description,
        fresh.xml,
        fresh.id,
      ]);
    }
  });

  async function compiled(key: string) {
    const workflow = workflows.get(key)!;
    const result = await compileWorkflow(workflow.workflow, { agents: knownAgents(), key });
    if (!result.ok) throw new Error(`${key}: ${JSON.stringify(result.problems)}`);
    return result;
  }
});
