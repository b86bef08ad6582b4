import { createHash } from 'node:crypto';

import { Injectable } from '@nestjs/common';
import { agentGraphOf, readDiagram } from '@platform/bpmn';
import type { AgentGraph, GraphNode } from '@platform/contracts';
import type { DataSource } from 'typeorm';

import { InjectWorkflowDb } from '../database/inject';
import { WorkflowVersion } from '../workflows/workflow.entity';
import type { Mission } from './mission.entity';

/** Parsed diagrams kept (per version and diagram hash); a diagram is a few kB. */
const CACHE_MAX = 200;

/** A mission's diagram as the runtime sees it: the compiled graph and each node's documentation. */
export interface MissionDiagram {
  graph: AgentGraph;
  documentation: Map<string, string>;
}

/**
 * The diagram of the workflow version a mission is pinned to, read as the compiler reads it (Human
 * user tasks stay tasks). Compilation keeps every node id, so the graph names the activities of the
 * deployed definition: what a rerun may start from, which nodes come before it, and what a user
 * task for people asks of an administrator.
 */
@Injectable()
export class MissionDiagrams {
  private readonly cache = new Map<string, MissionDiagram>();

  constructor(@InjectWorkflowDb() private readonly db: DataSource) {}

  async of(mission: Pick<Mission, 'workflowVersionId'>): Promise<MissionDiagram | null> {
    if (!mission.workflowVersionId) return null;
    const version = await this.db
      .getRepository(WorkflowVersion)
      .findOne({ where: { id: mission.workflowVersionId }, select: { id: true, xml: true } });
    if (!version?.xml.trim()) return null;
    const key = `${version.id}:${createHash('sha256').update(version.xml).digest('hex')}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const read = await readDiagram(version.xml);
    if (!read.ok) return null;
    const diagram: MissionDiagram = {
      graph: agentGraphOf(read.model, { humanTasks: true }),
      documentation: new Map(read.model.nodes.map((n) => [n.id, n.documentation])),
    };
    if (this.cache.size >= CACHE_MAX) this.cache.clear();
    this.cache.set(key, diagram);
    return diagram;
  }
}

/** Nodes a run can start before: agents and tasks for people. */
export function isRerunnable(node: GraphNode | undefined): boolean {
  return node?.kind === 'agent' || node?.kind === 'task';
}

/**
 * The nodes before `nodeId`: those from which it is reached, less those it reaches itself (in a
 * loop, what comes after the node runs again rather than being carried over).
 */
export function nodesBefore(graph: AgentGraph, nodeId: string): Set<string> {
  const before = walk(nodeId, (id) =>
    graph.flows.filter((f) => f.target === id).map((f) => f.source),
  );
  for (const id of nodesFrom(graph, nodeId)) before.delete(id);
  return before;
}

/** `nodeId` and every node it reaches: what a run from it does again. */
export function nodesFrom(graph: AgentGraph, nodeId: string): Set<string> {
  const after = walk(nodeId, (id) =>
    graph.flows.filter((f) => f.source === id).map((f) => f.target),
  );
  return after.add(nodeId);
}

function walk(from: string, next: (id: string) => string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [from];
  while (queue.length) {
    for (const id of next(queue.shift()!)) {
      if (seen.has(id)) continue;
      seen.add(id);
      queue.push(id);
    }
  }
  return seen;
}
