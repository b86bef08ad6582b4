import type {
  AgentGraph,
  AgentSettingView,
  AgentType,
  GraphFlow,
  GraphNode,
  GraphNodeKind,
} from '@platform/contracts';

import { decodeAgentDescriptor, decodeBranchDescriptor } from './descriptors';
import { type DiagramModel, type DiagramNode, readDiagram } from './diagram';
import { isValidElementId, processKeyProblem, processNameProblem } from './keys';
import { type DiagramProblem, problem } from './problems';

// Diagram checks and the conversion to the agent graph the runtime executes: user tasks are
// agents (with `humanTasks`, only those with an agent descriptor that is not Human), exclusive
// gateways with more than one way out (or a descriptor) are branches.

const USER_TASK = 'bpmn:UserTask';
const EXCLUSIVE_GATEWAY = 'bpmn:ExclusiveGateway';
const HUMAN_TYPE: AgentType = 'Human';

export interface GraphOptions {
  /**
   * Whether user tasks may be for people (compiled workflows): a user task is then an agent only
   * when its documentation holds a descriptor (a JSON object) whose type is not Human. Without it
   * (the designer's check) every user task is an agent.
   */
  humanTasks?: boolean;
}

/** Whether a node is an agent (a user task run by the agent worker) under `options`. */
export function isAgentNode(node: DiagramNode, options: GraphOptions = {}): boolean {
  if (node.type !== USER_TASK) return false;
  if (!options.humanTasks) return true;
  if (!node.documentation.startsWith('{')) return false;
  return decodeAgentDescriptor(node.documentation, node.id).value.type !== HUMAN_TYPE;
}

interface Wiring {
  incoming: Map<string, string[]>;
  /** Outgoing flows' target node ids, in diagram order. */
  outgoing: Map<string, string[]>;
  nodeIds: Set<string>;
}

function wiringOf(model: DiagramModel): Wiring {
  const nodeIds = new Set(model.nodes.map((n) => n.id));
  const incoming = new Map<string, string[]>();
  const outgoing = new Map<string, string[]>();
  for (const flow of model.flows) {
    if (!flow.source || !flow.target || !nodeIds.has(flow.source) || !nodeIds.has(flow.target)) {
      continue;
    }
    outgoing.set(flow.source, [...(outgoing.get(flow.source) ?? []), flow.target]);
    incoming.set(flow.target, [...(incoming.get(flow.target) ?? []), flow.source]);
  }
  return { incoming, outgoing, nodeIds };
}

function isBranch(node: DiagramNode, wiring: Wiring): boolean {
  if (node.type !== EXCLUSIVE_GATEWAY) return false;
  return (wiring.outgoing.get(node.id)?.length ?? 0) > 1 || node.documentation !== '';
}

function kindOf(node: DiagramNode, wiring: Wiring, options: GraphOptions): GraphNodeKind {
  if (node.type === 'bpmn:StartEvent') return 'start';
  if (node.type === 'bpmn:EndEvent') return 'end';
  if (isAgentNode(node, options)) return 'agent';
  if (isBranch(node, wiring)) return 'branch';
  if (node.type.endsWith('Gateway')) return 'gateway';
  if (node.type.endsWith('Event')) return 'event';
  return 'task';
}

function processProblems(model: DiagramModel): DiagramProblem[] {
  const out: DiagramProblem[] = [];
  const keyProblem = processKeyProblem(model.processId);
  if (keyProblem) out.push(problem(model.processId, keyProblem));
  const nameProblem = processNameProblem(model.processName);
  if (nameProblem) out.push(problem(model.processId, nameProblem));
  if (!model.nodes.some((n) => n.type === 'bpmn:StartEvent')) {
    out.push(problem(model.processId, 'bpmn.no_start'));
  }
  if (!model.nodes.some((n) => n.type === 'bpmn:EndEvent')) {
    out.push(problem(model.processId, 'bpmn.no_end'));
  }
  return out;
}

function wiringProblems(model: DiagramModel, wiring: Wiring): DiagramProblem[] {
  const out: DiagramProblem[] = [];
  for (const element of [...model.nodes, ...model.flows]) {
    if (!isValidElementId(element.id)) out.push(problem(element.id, 'bpmn.id_pattern'));
  }
  for (const flow of model.flows) {
    const ends = [flow.source, flow.target];
    if (ends.some((end) => !end || !wiring.nodeIds.has(end))) {
      out.push(problem(flow.id, 'bpmn.flow_dangling'));
    }
  }
  for (const node of model.nodes) {
    const startsAlone =
      node.type === 'bpmn:StartEvent' ||
      node.type === 'bpmn:BoundaryEvent' ||
      node.triggeredByEvent;
    if (!startsAlone && !wiring.incoming.has(node.id)) {
      out.push(problem(node.id, 'bpmn.node_no_incoming'));
    }
    if (node.type !== 'bpmn:EndEvent' && !node.triggeredByEvent && !wiring.outgoing.has(node.id)) {
      out.push(problem(node.id, 'bpmn.node_no_outgoing'));
    }
  }
  return out;
}

function agentProblems(node: DiagramNode): DiagramProblem[] {
  const decoded = decodeAgentDescriptor(node.documentation, node.id);
  return decoded.present ? decoded.problems : [problem(node.id, 'bpmn.agent_descriptor_missing')];
}

function branchProblems(node: DiagramNode, wiring: Wiring): DiagramProblem[] {
  const decoded = decodeBranchDescriptor(node.documentation, node.id);
  if (!decoded.present) return [problem(node.id, 'bpmn.branch_descriptor_missing')];
  const out = [...decoded.problems];
  if (decoded.value.branches.length === 0) out.push(problem(node.id, 'bpmn.branch_empty'));
  const targets = wiring.outgoing.get(node.id) ?? [];
  decoded.value.branches.forEach((branch, index) => {
    const target = branch.target_node.trim();
    if (!target) {
      out.push(problem(node.id, 'bpmn.branch_target_required', { index: index + 1 }));
    } else if (!wiring.nodeIds.has(target)) {
      out.push(problem(node.id, 'bpmn.branch_target_missing', { target }));
    } else if (!targets.includes(target)) {
      out.push(problem(node.id, 'bpmn.branch_target_not_outgoing', { target }));
    }
  });
  return out;
}

/** Every problem of a diagram, in document order (empty when the runtime can execute it). */
export function diagramProblems(model: DiagramModel, options: GraphOptions = {}): DiagramProblem[] {
  const wiring = wiringOf(model);
  const nodeProblems = model.nodes.flatMap((node) => {
    if (isAgentNode(node, options)) return agentProblems(node);
    if (isBranch(node, wiring)) return branchProblems(node, wiring);
    return [];
  });
  return [...processProblems(model), ...wiringProblems(model, wiring), ...nodeProblems];
}

function graphNode(
  node: DiagramNode,
  wiring: Wiring,
  model: DiagramModel,
  options: GraphOptions,
): GraphNode {
  const base = {
    id: node.id,
    bpmnType: node.type,
    name: node.name,
    next: wiring.outgoing.get(node.id) ?? [],
  };
  const kind = kindOf(node, wiring, options);
  if (kind === 'agent') {
    return { ...base, kind, agent: decodeAgentDescriptor(node.documentation, node.id).value };
  }
  if (kind === 'branch') {
    const defaultTarget = model.flows.find((f) => f.id === node.defaultFlowId)?.target;
    return {
      ...base,
      kind,
      branch: decodeBranchDescriptor(node.documentation, node.id).value,
      ...(defaultTarget ? { defaultTarget } : {}),
    };
  }
  return { ...base, kind };
}

/** The agent graph of a diagram model (call `diagramProblems` first: this does not check). */
export function agentGraphOf(model: DiagramModel, options: GraphOptions = {}): AgentGraph {
  const wiring = wiringOf(model);
  const flows: GraphFlow[] = model.flows
    .filter((f) => f.source && f.target)
    .map((f) => ({
      id: f.id,
      source: f.source!,
      target: f.target!,
      ...(f.name ? { name: f.name } : {}),
      ...(f.condition ? { condition: f.condition } : {}),
    }));
  return {
    processId: model.processId,
    processName: model.processName,
    start: model.nodes.filter((n) => n.type === 'bpmn:StartEvent').map((n) => n.id),
    nodes: model.nodes.map((node) => graphNode(node, wiring, model, options)),
    flows,
  };
}

export type ConversionResult =
  { ok: true; graph: AgentGraph; model: DiagramModel } | { ok: false; problems: DiagramProblem[] };

/** BPMN XML → agent graph, or every problem that stands in the way (each naming its element). */
export async function xmlToAgentGraph(xml: string): Promise<ConversionResult> {
  const read = await readDiagram(xml);
  if (!read.ok) return read;
  const problems = [...read.problems, ...diagramProblems(read.model)];
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, graph: agentGraphOf(read.model), model: read.model };
}

/** The agent and branch settings of a diagram as a version keeps them (lenient: never fails). */
export function agentSettingsOf(model: DiagramModel): AgentSettingView[] {
  return model.nodes.flatMap((node): AgentSettingView[] => {
    const kind =
      node.type === USER_TASK ? 'agent' : node.type === EXCLUSIVE_GATEWAY ? 'branch' : null;
    if (!kind) return [];
    const decoded =
      kind === 'agent'
        ? decodeAgentDescriptor(node.documentation, node.id)
        : decodeBranchDescriptor(node.documentation, node.id);
    const readable =
      decoded.present && !decoded.problems.some((p) => p.key === 'bpmn.descriptor_json');
    return [
      {
        id: node.id,
        kind,
        name: node.name,
        documentation: node.documentation,
        descriptor: readable ? decoded.value : null,
      },
    ];
  });
}
