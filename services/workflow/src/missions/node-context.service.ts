import { createHash } from 'node:crypto';

import { Injectable } from '@nestjs/common';
import { compileWorkflow } from '@platform/bpmn';
import {
  type AgentFunctionView,
  type AgentGraph,
  type AgentGraphNode,
  type AgentNodeContextView,
  type AgentRecordView,
  DomainError,
  MISSION_LOG_STATUS,
  type NodeRunOutputView,
  outputVariable,
  parseJsonTextVariable,
} from '@platform/contracts';
import type { MissionNodeContextBody } from '@platform/contracts/dto';
import { type DataSource, In, Not } from 'typeorm';

import { Agent } from '../agents/agent.entity';
import { AgentCatalog } from '../agents/agent-catalog';
import { InjectWorkflowDb } from '../database/inject';
import { EngineConnection } from '../engine/engine-connection';
import { FunctionDef } from '../functions/function.entity';
import { Skill } from '../skills/skill.entity';
import { WorkflowVersion } from '../workflows/workflow.entity';
import { Mission, MissionLog, WorkflowDeployment } from './mission.entity';
import { nodesFrom } from './mission-diagrams';
import { MissionReads } from './mission-reads';

/** Graphs of deployed definitions: a definition never changes, so its graph is read once. */
const GRAPH_CACHE_MAX = 200;

/**
 * What one agent node of a mission runs with, for the agent worker: the node's descriptor and the
 * branches after it from the graph of the definition the mission is pinned to (kept with the
 * deployment; for one deployed before that, compiled again from the version's diagram if it is
 * still the one deployed), the agent the node names with its skills' tools and functions (or the
 * function a Function node names), the mission's language and inputs, and what the run's earlier
 * nodes produced (mission log; and in a rerun, the outputs it carries from the engine). Read-only:
 * the worker reports node runs with the other patterns.
 */
@Injectable()
export class NodeContextService {
  private readonly graphs = new Map<string, AgentGraph>();

  constructor(
    @InjectWorkflowDb() private readonly db: DataSource,
    private readonly engine: EngineConnection,
    private readonly catalog: AgentCatalog,
    private readonly reads: MissionReads,
  ) {}

  async context(body: MissionNodeContextBody): Promise<AgentNodeContextView> {
    return this.contextOf(await this.mission(body), body);
  }

  /** The context for a mission already read (by `mission`). */
  async contextOf(mission: Mission, body: MissionNodeContextBody): Promise<AgentNodeContextView> {
    const runId = body.runId ?? mission.currentRunId ?? '';
    const graph = await this.graphOf(mission, body.nodeId);
    const node = graph.nodes.find((n): n is AgentGraphNode => n.id === body.nodeId);
    if (node?.kind !== 'agent') {
      throw new DomainError('agent.node_unknown', { nodeId: body.nodeId }, 404);
    }
    const isFunction = node.agent.type === 'Function';
    const logged = await this.previous(mission, runId, node.id);
    const carried = await this.carried(mission, body, runId, graph, node, logged);
    return {
      missionId: Number(mission.id),
      missionCode: mission.code,
      runId,
      processInstanceId: mission.processInstanceId,
      processDefinitionId: mission.processDefinitionId,
      status: mission.status,
      language: mission.language,
      inputs: mission.inputs,
      node,
      graph,
      agent: isFunction ? null : await this.agentOf(node),
      function: isFunction ? await this.functionOf(node) : null,
      previous: [...carried, ...logged],
    };
  }

  /** The mission a request names, by code or else by process instance. */
  mission(body: MissionNodeContextBody): Promise<Mission> {
    return this.reads.named(body);
  }

  private async graphOf(mission: Mission, nodeId: string): Promise<AgentGraph> {
    const cached = this.graphs.get(mission.processDefinitionId);
    if (cached) return cached;
    const deployments = await this.db.getRepository(WorkflowDeployment).find({
      where: { processDefinitionId: mission.processDefinitionId },
      order: { id: 'DESC' },
    });
    let graph = deployments.find((d) => d.graph)?.graph ?? null;
    if (!graph) graph = await this.compiledAgain(mission, deployments);
    if (!graph) throw new DomainError('agent.graph_unavailable', { nodeId });
    if (this.graphs.size >= GRAPH_CACHE_MAX) this.graphs.clear();
    this.graphs.set(mission.processDefinitionId, graph);
    return graph;
  }

  /** The version's diagram compiled again, only while it is the diagram that was deployed. */
  private async compiledAgain(
    mission: Mission,
    deployments: WorkflowDeployment[],
  ): Promise<AgentGraph | null> {
    const version = await this.db
      .getRepository(WorkflowVersion)
      .findOneBy({ id: mission.workflowVersionId });
    if (!version) return null;
    const hash = createHash('sha256').update(version.xml).digest('hex');
    if (!deployments.some((d) => d.sourceHash === hash)) return null;
    const agents = await this.db
      .getRepository(Agent)
      .find({ select: { name: true, nameEn: true } });
    const compiled = await compileWorkflow(version.xml, {
      agents,
      ...(version.processKey ? { key: version.processKey } : {}),
    });
    return compiled.ok ? compiled.graph : null;
  }

  /** The agent of the node's name (zh) or descriptor name (en), as the compiler matched it. */
  private agentOf(node: AgentGraphNode): Promise<AgentRecordView> {
    const name = node.name.trim();
    const nameEn = node.agent.nameen.trim();
    return this.catalog.cached(`agent\0${name}\0${nameEn}`, () =>
      this.agentNamed(node, name, nameEn),
    );
  }

  private async agentNamed(
    node: AgentGraphNode,
    name: string,
    nameEn: string,
  ): Promise<AgentRecordView> {
    const candidates = await this.db.getRepository(Agent).find({
      where: [...(name ? [{ name }] : []), ...(nameEn ? [{ nameEn }] : [])],
      order: { id: 'ASC' },
    });
    const agent = candidates.find((a) => name && a.name.trim() === name) ?? candidates[0];
    if (!agent) {
      throw new DomainError('agent.not_found', { nodeId: node.id, name: name || nameEn }, 404);
    }
    return this.agentRecord(agent);
  }

  /** An agent with its skills' tools and functions, in the skills' order (also the playground's). */
  async agentRecord(agent: Agent): Promise<AgentRecordView> {
    const skillIds = agent.skillIds ?? [];
    const skills = skillIds.length
      ? await this.db.getRepository(Skill).findBy({ id: In(skillIds) })
      : [];
    const byId = new Map(skills.map((s) => [Number(s.id), s]));
    const ordered = skillIds.map((id) => byId.get(Number(id))).filter((s): s is Skill => !!s);
    const functions = await this.functions(ordered.flatMap((s) => s.functionIds ?? []));
    return {
      id: Number(agent.id),
      name: agent.name,
      nameEn: agent.nameEn,
      type: agent.type,
      instruction: agent.instruction,
      skills: ordered.map((skill) => ({
        id: Number(skill.id),
        name: skill.name,
        nameEn: skill.nameEn,
        instruction: skill.instruction,
        tools: skill.tools ?? [],
        functions: (skill.functionIds ?? [])
          .map((id) => functions.get(Number(id)))
          .filter((f): f is AgentFunctionView => !!f),
      })),
    };
  }

  /** A Function node runs the function its descriptor (or node) names. */
  private functionOf(node: AgentGraphNode): Promise<AgentFunctionView> {
    const names = [node.agent.nameen, node.name, node.agent.instruction]
      .map((n) => n.trim())
      .filter(Boolean);
    return this.catalog.cached(`function\0${names.join('\0')}`, () =>
      this.functionNamed(node, names),
    );
  }

  private async functionNamed(node: AgentGraphNode, names: string[]): Promise<AgentFunctionView> {
    const rows = names.length
      ? await this.db.getRepository(FunctionDef).findBy({ name: In(names) })
      : [];
    const row = names.map((n) => rows.find((r) => r.name === n)).find(Boolean);
    if (!row) {
      throw new DomainError(
        'agent.function_not_found',
        { nodeId: node.id, name: names[0] ?? node.id },
        404,
      );
    }
    return functionView(row);
  }

  private async functions(ids: number[]): Promise<Map<number, AgentFunctionView>> {
    if (!ids.length) return new Map();
    const rows = await this.db.getRepository(FunctionDef).findBy({ id: In([...new Set(ids)]) });
    return new Map(rows.map((row) => [Number(row.id), functionView(row)]));
  }

  /**
   * The outputs a rerun starts with that its log lacks: the `output_<node>` variables the rerun set
   * from earlier runs (and, in a live instance, those of nodes it neither carried nor cleared), as
   * the worker used to find them on the task. Agent workers fetch a task with the mission's
   * variables only, so these are read here, from the instance, and only when they can exist: a
   * variable the run's log lacks was set in another run of the mission, which logged the node's
   * success (a first run's completion is logged before the engine hears it; a rerun copies them
   * from the log). In the order the worker put them: before the log's, the last node first.
   */
  private async carried(
    mission: Mission,
    body: MissionNodeContextBody,
    runId: string,
    graph: AgentGraph,
    node: AgentGraphNode,
    logged: readonly NodeRunOutputView[],
  ): Promise<NodeRunOutputView[]> {
    const candidates = outputsNotLogged(graph, node, logged);
    const instanceId = body.processInstanceId ?? mission.processInstanceId;
    if (!candidates.length || !runId || !instanceId) return [];
    const other = await this.db.getRepository(MissionLog).findOne({
      select: { id: true },
      where: {
        missionCode: mission.code,
        status: MISSION_LOG_STATUS.success,
        runId: Not(runId),
        nodeId: In(candidates.map((n) => n.id)),
      },
    });
    if (!other) return [];
    // Both types come as their text (deserializeValues=false): a String since issue 31, Json before.
    const variables = await this.engine.client.getProcessInstanceVariables(instanceId);
    const carried: NodeRunOutputView[] = [];
    for (const candidate of candidates) {
      const outputs = parseJsonTextVariable(variables[outputVariable(candidate.id)]?.value);
      // A rerun clears outputs to null: absent, not an output.
      if (outputs === null || outputs === undefined) continue;
      carried.unshift({
        nodeId: candidate.id,
        nodeName: candidate.name,
        nodeNameEn: candidate.agent.nameen,
        agent: '',
        attempt: 0,
        outputs,
      });
    }
    return carried;
  }

  /** Successful node runs of the run (latest attempt of each node), oldest first; not the node itself. */
  private async previous(
    mission: Mission,
    runId: string,
    nodeId: string,
  ): Promise<NodeRunOutputView[]> {
    if (!runId) return [];
    const rows = await this.reads.successes(mission.id, runId);
    const latest = new Map<string, MissionLog>();
    for (const row of rows) {
      if (row.nodeId === nodeId) continue;
      const seen = latest.get(row.nodeId);
      if (!seen || row.attempt > seen.attempt) latest.set(row.nodeId, row);
    }
    return [...latest.values()]
      .sort((a, b) => Number(a.id) - Number(b.id))
      .map((row) => ({
        nodeId: row.nodeId,
        nodeName: row.nodeName,
        nodeNameEn: row.nodeNameEn,
        agent: row.agent,
        attempt: row.attempt,
        outputs: row.outputs,
      }));
  }
}

/**
 * The agent nodes whose `output_<node>` variable may hold an output that the run's log lacks: every
 * agent node but `node`, those it reaches (a rerun clears them; in a first run they are set only by
 * a completion, which the log has first) and those the log has.
 */
function outputsNotLogged(
  graph: AgentGraph,
  node: AgentGraphNode,
  logged: readonly NodeRunOutputView[],
): AgentGraphNode[] {
  const known = new Set(logged.map((p) => p.nodeId));
  const after = nodesFrom(graph, node.id);
  return graph.nodes.filter(
    (n): n is AgentGraphNode => n.kind === 'agent' && !after.has(n.id) && !known.has(n.id),
  );
}

/**
 * The inputs a node run's log row shows: the mission's inputs without the structures' atoms (the
 * mission has them; the row names the files) and the nodes whose outputs the run starts with, as the
 * worker finds them: the log's earlier runs, and before them the nodes the log lacks whose
 * `output_<node>` variable the task carries (a rerun starts with them).
 */
export function startedInputs(
  context: AgentNodeContextView,
  outputVariables: readonly string[],
): Record<string, unknown> {
  const previous = context.previous.map((p) => p.nodeId);
  const known = new Set([...previous, context.node.id].map(outputVariable));
  const carried = new Set(outputVariables);
  for (const node of context.graph.nodes) {
    const name = outputVariable(node.id);
    if (node.kind !== 'agent' || known.has(name) || !carried.has(name)) continue;
    previous.unshift(node.id);
  }
  const { structures } = context.inputs;
  return {
    ...context.inputs,
    ...(structures ? { structures: structures.map((x) => ({ name: x.name, pdb: '' })) } : {}),
    previous,
  };
}

function functionView(row: FunctionDef): AgentFunctionView {
  return {
    id: Number(row.id),
    name: row.name,
    description: row.description,
    params: row.params,
    returnType: row.returnType,
    code: row.code,
  };
}
