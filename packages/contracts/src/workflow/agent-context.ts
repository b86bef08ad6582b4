import type { Language } from '../common/language';
import type { AgentGraph, AgentGraphNode } from './agent-graph';
import type { AgentToolName } from './agent-tools';
import type { MissionInputs, MissionStatus } from './missions';
import type { FunctionValueType } from './rules';
import type { FunctionParamView } from './views';

// What the agent worker (services/agent-worker) needs to run one agent node of a mission, asked of
// the workflow service per external task (WORKFLOW_PATTERNS.missionNodeContext), and the worker's
// own patterns. The workflow service owns every record named here; the worker keeps none of them.

/** Message patterns the agent worker answers (any number of workers: the first answer counts). */
export const AGENT_WORKER_PATTERNS = {
  health: 'agent-worker.health',
  /** Runs one agent on the caller's inputs, outside any mission (the playground). */
  playgroundRun: 'agent-worker.playground.run',
} as const;

/** A sandboxed function an agent may call, as the worker hands it to the function-run pattern. */
export interface AgentFunctionView {
  id: number;
  name: string;
  description: string;
  params: FunctionParamView[];
  returnType: FunctionValueType;
  code: string;
}

/** A skill of the node's agent: the built-in tools and functions it grants, in its order. */
export interface AgentSkillView {
  id: number;
  name: string;
  nameEn: string;
  instruction: string;
  tools: AgentToolName[];
  functions: AgentFunctionView[];
}

/** The agent record a node runs (matched by name as the compiler matches it). */
export interface AgentRecordView {
  id: number;
  name: string;
  nameEn: string;
  type: string;
  instruction: string;
  skills: AgentSkillView[];
}

/** A node of the same run that already succeeded, with what it produced. */
export interface NodeRunOutputView {
  nodeId: string;
  nodeName: string;
  nodeNameEn: string;
  agent: string;
  attempt: number;
  outputs: unknown;
}

/** Everything one agent node needs: the answer of WORKFLOW_PATTERNS.missionNodeContext. */
export interface AgentNodeContextView {
  missionId: number;
  missionCode: string;
  /** The run the node belongs to (the request's, else the mission's current run). */
  runId: string;
  processInstanceId: string | null;
  processDefinitionId: string;
  status: MissionStatus;
  language: Language;
  inputs: MissionInputs;
  /** The node in the graph of the deployed definition the mission is pinned to. */
  node: AgentGraphNode;
  /** That graph: the worker routes the branch gateways after the node with it (routesAfter). */
  graph: AgentGraph;
  /** The agent of an Agent node; null for a Function node. */
  agent: AgentRecordView | null;
  /** The function of a Function node (named by the node); null for an Agent node. */
  function: AgentFunctionView | null;
  /**
   * Successful node runs of this run so far (latest attempt per node), oldest first; before them,
   * in a rerun, the outputs it carries that its log lacks (the instance's `output_<node>`
   * variables, attempt 0 and no agent), the last node first.
   */
  previous: NodeRunOutputView[];
}

/** One validator of the node's descriptor evaluated on its output. */
export interface ValidatorResultView {
  name: string;
  params: string | string[];
  passed: boolean;
}

/** What the worker's health answer carries (gateway /prod-api/health). */
export interface AgentWorkerHealthView {
  service: 'agent-worker';
  workerId: string;
  mysql: 'UP' | 'DOWN';
  engine: 'UP' | 'DOWN';
  /** Tasks running in this worker now. */
  activeTasks: number;
  uptimeSeconds: number;
}
