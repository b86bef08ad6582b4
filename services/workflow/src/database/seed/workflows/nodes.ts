import type { ValidatorCall } from '@platform/contracts';

import type { SeedAgent } from '../catalogue';
import type { SeedDiagram, SeedFlow, SeedNode } from '../diagram';

// Helpers the seeded diagrams are written with.
//
// Keys of the agent outputs the seeded validators and branch rules read. The agent worker
// (services/agent-worker) completes an agent node with an AgentOutput: `result`, the summary text,
// and one key per built-in tool the agent ran, holding that tool's data (AgentTool.key in
// services/agent-worker/src/tools): `number` {scheme, chains}, `liabilities` {scheme, chains,
// library?: {checked, kept, rows}}, `humanize` {chains}, `epitopes` {antigens}, `design` {total,
// rows, …} and `structure` {configured, pdb? when a predictor answered}. Node validators check only
// that the tool's data is there (JsonKeyExists); branches decide on what it holds (JsonKeyNotEmpty).

/** A seeded workflow: online, in zh and en, with the agents its nodes run. */
export interface SeedWorkflow {
  /** Chinese name (the workflow has one name; the English one is in its description). */
  name: string;
  description: string;
  descriptionEn: string;
  tags: string[];
  /** The agents of its nodes (English names), as the workflow's agentIds. */
  agents: string[];
  /** The diagram; its process id is the workflow key. */
  diagram: SeedDiagram;
}

/** An agent user task: named as its agent (zh), the agent's English name as nameen. */
export function agentTask(
  id: string,
  agent: SeedAgent,
  position: { x: number; y: number },
  descriptor: { instruction: string; output: string; validators: ValidatorCall[] },
): SeedNode {
  return {
    id,
    type: 'userTask',
    name: agent.name,
    agent: { nameen: agent.nameEn, type: 'Agent', ...descriptor },
    ...position,
  };
}

/** Flows `Flow_1`, `Flow_2`, … along the given chains of node ids. */
export function chain(...paths: string[][]): SeedFlow[] {
  const flows: SeedFlow[] = [];
  for (const path of paths) {
    for (let i = 1; i < path.length; i += 1) {
      flows.push({ id: `Flow_${flows.length + 1}`, source: path[i - 1], target: path[i] });
    }
  }
  return flows;
}

/** A check that a tool's data (or a path into it) is part of the output. */
export const hasKeys = (...keys: string[]): ValidatorCall => ({
  name: 'JsonKeyExists',
  params: keys,
});
