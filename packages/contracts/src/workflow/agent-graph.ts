// The agent graph: what `POST /wujie/workflow/xmltojson` returns and what the runtime executes.
// User tasks are agents (their documentation holds an agent descriptor), diverging exclusive gateways
// are branches (their documentation holds a branch descriptor). Field names of the descriptors are
// those of spec §3 (nameen, target_node), as designers already write them into diagrams.

/** A validator applied to an agent's output or choosing a branch: `{name, params}`. */
export interface ValidatorCall {
  /** A name of dictionary `workflow_val_type` (Equals, NotEquals, FileNotExist, …). */
  name: string;
  /** One text for the single-parameter validators, a list for WithIn and JsonKeyExists. */
  params: string | string[];
}

/** JSON in the documentation of a user task. */
export interface AgentDescriptor {
  /** English name of the node (the task's `name` is the Chinese one). */
  nameen: string;
  /** Dictionary `workflow_agent_type`; default Agent. */
  type: string;
  instruction: string;
  /** What the agent is expected to produce. */
  output: string;
  validators: ValidatorCall[];
}

/** One way out of a branch: taken when the validator passes. */
export interface BranchRule {
  validator: ValidatorCall;
  /** Id of the node the branch leads to; one of the gateway's outgoing targets. */
  target_node: string;
}

/** JSON in the documentation of an exclusive gateway. */
export interface BranchDescriptor {
  nameen: string;
  /** Default Branch. */
  type: string;
  branches: BranchRule[];
}

export type GraphNodeKind = 'start' | 'end' | 'agent' | 'branch' | 'gateway' | 'task' | 'event';

interface GraphNodeBase {
  id: string;
  kind: GraphNodeKind;
  /** The BPMN element type, e.g. `bpmn:UserTask`. */
  bpmnType: string;
  name: string;
  /** Ids of the nodes reached by this node's outgoing sequence flows, in diagram order. */
  next: string[];
}

export interface AgentGraphNode extends GraphNodeBase {
  kind: 'agent';
  agent: AgentDescriptor;
  /** The selected agent of the same name, when the workflow's agents were given. */
  agentId?: number | null;
}

export interface BranchGraphNode extends GraphNodeBase {
  kind: 'branch';
  branch: BranchDescriptor;
  /** Target of the gateway's default flow, if it has one. */
  defaultTarget?: string;
}

export interface PlainGraphNode extends GraphNodeBase {
  kind: 'start' | 'end' | 'gateway' | 'task' | 'event';
}

export type GraphNode = AgentGraphNode | BranchGraphNode | PlainGraphNode;

export interface GraphFlow {
  id: string;
  source: string;
  target: string;
  name?: string;
  /** Body of the flow's condition expression, if any. */
  condition?: string;
}

export interface AgentGraph {
  /** Process id (the workflow's key) and name. */
  processId: string;
  processName: string;
  /** Echo of the request's workflow name, description and agents (preview call). */
  name?: string;
  description?: string;
  agentIds?: number[];
  /** Ids of the start events. */
  start: string[];
  nodes: GraphNode[];
  flows: GraphFlow[];
}
