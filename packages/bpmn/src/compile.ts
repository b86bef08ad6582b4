import {
  AGENT_TOPIC,
  type AgentGraph,
  type AgentGraphNode,
  type BranchGraphNode,
  DEFAULT_AGENT_TYPE,
  DEFAULT_BRANCH_TYPE,
  MISSION_REVIEW_GROUP,
  PLATFORM_TOPICS,
  routeVariable,
} from '@platform/contracts';

import { type DiagramModel, prepareDefinitionsForEngine, readDiagram } from './diagram';
import { gateProblemsOf } from './engine-gate';
import { agentGraphOf, diagramProblems, type GraphOptions } from './graph';
import { loadModdle, type Moddle, type ModdleElement } from './moddle';
import { type DiagramProblem, problem } from './problems';

// The compiler of agent workflows: a designer's diagram → executable BPMN for Camunda 7 / Operaton
// and the embedded engine (conventions in contracts workflow/agent-runtime.ts). Agent user tasks
// become external service tasks on AGENT_TOPIC, branch gateways route on `route_<gateway>`
// variables, and the process becomes executable with a history time to live. Every problem is
// reported (naming its element, in zh and en through the message catalogue) and then nothing is
// produced. What may reach the engine at all is the engine gate's allow-list (engine-gate.ts), the
// same check every deploy runs; checks that need the whole graph (a parallel join behind an
// exclusive choice) stay with the embedded engine's deploy, which refuses such diagrams naming the
// element.

/** An agent that exists: a node is its agent when the names match (as the workflow service does). */
export interface KnownAgent {
  /** Chinese name, compared with the node's name. */
  name: string;
  /** English name, compared with the descriptor's nameen. */
  nameEn?: string | null;
}

export interface CompileOptions {
  /** The agents that exist; every agent node (descriptor type Agent) must name one of them. */
  agents: readonly KnownAgent[];
  /** The workflow key, given to the process as its id (default: the diagram's process id). */
  key?: string;
}

export type CompileResult =
  | {
      ok: true;
      /** The executable BPMN to deploy. */
      xml: string;
      /** The process id, i.e. the process definition key. */
      key: string;
      /** The agent graph of the workflow (agents, branches, human tasks as `task`). */
      graph: AgentGraph;
    }
  | { ok: false; problems: DiagramProblem[] };

const OPTIONS: GraphOptions = { humanTasks: true };

/** The process property deploy/engine's FlatExternalTasks reads (the names must match). */
export const FLAT_EXTERNAL_TASKS_PROPERTY = 'platform.flatExternalTasks';
const AGENT_NODE_TYPES = new Set<string>([DEFAULT_AGENT_TYPE, 'Function']);

/** Turns a designer's diagram into executable BPMN, or says everything that stands in the way. */
export async function compileWorkflow(
  xml: string,
  options: CompileOptions,
): Promise<CompileResult> {
  const read = await readDiagram(xml);
  if (!read.ok) return read;
  const { model, definitions } = read;
  const main = (definitions.rootElements ?? []).find(
    (e) => e.$type === 'bpmn:Process' && e.id === model.processId,
  ) as Element;
  if (options.key !== undefined) model.processId = options.key;
  const graph = agentGraphOf(model, OPTIONS);
  const problems = [
    ...read.problems,
    ...diagramProblems(model, OPTIONS),
    ...engineProblems(definitions as Element, main),
    ...agentProblems(graph, options.agents),
    ...branchProblems(graph, model),
  ];
  if (problems.length > 0) return { ok: false, problems: unique(problems) };

  const moddle = await loadModdle();
  main.id = model.processId;
  for (const node of graph.nodes) {
    if (node.kind === 'agent') toExternalTask(moddle, definitions as Element, node.id);
    if (node.kind === 'branch') routeFlows(moddle, main, node, model);
    if (node.kind === 'task') forAdministrators(main, node.id);
  }
  askForFlatExternalTasks(moddle, main);
  prepareDefinitionsForEngine(definitions);
  const out = await moddle.toXML(definitions, { format: true });
  return { ok: true, xml: out.xml, key: model.processId, graph };
}

// --- checks -------------------------------------------------------------------------------------

/** A moddle element with the generic accessors this file needs. */
type Element = ModdleElement & {
  $parent?: Element;
  $descriptor: { properties: { name: string; isReference?: boolean; isMany?: boolean }[] };
  [key: string]: unknown;
};

function unsupported(element: ModdleElement, type: string): DiagramProblem {
  return problem(element.id ?? '', 'bpmn.element_unsupported', { type });
}

/**
 * What may not reach the engines: the engine gate's allow-list (engine-gate.ts, the same check the
 * deploy runs), with the platform's topics, and one process per workflow.
 */
function engineProblems(definitions: Element, process: Element): DiagramProblem[] {
  const others = (definitions.rootElements ?? []).filter(
    (root) => root.$type === 'bpmn:Process' && root !== process,
  );
  return [
    ...others.map((root) => unsupported(root, root.$type)),
    ...gateProblemsOf(definitions, { topics: PLATFORM_TOPICS }),
  ];
}

function agentMatches(node: AgentGraphNode, agents: readonly KnownAgent[]): boolean {
  const name = node.name.trim();
  const nameEn = node.agent.nameen.trim();
  return agents.some(
    (agent) =>
      (name !== '' && agent.name.trim() === name) ||
      (nameEn !== '' && (agent.nameEn ?? '').trim() === nameEn),
  );
}

function agentProblems(graph: AgentGraph, agents: readonly KnownAgent[]): DiagramProblem[] {
  return graph.nodes.flatMap((node) => {
    if (node.kind !== 'agent') return [];
    const { type, nameen } = node.agent;
    if (!AGENT_NODE_TYPES.has(type)) return [problem(node.id, 'bpmn.node_type_mismatch', { type })];
    if (type !== DEFAULT_AGENT_TYPE || agentMatches(node, agents)) return [];
    return [
      problem(node.id, 'bpmn.agent_unknown', {
        name: node.name || nameen || node.id,
        nameEn: nameen || node.name || node.id,
      }),
    ];
  });
}

function branchProblems(graph: AgentGraph, model: DiagramModel): DiagramProblem[] {
  const out: DiagramProblem[] = [];
  const kinds = new Map(graph.nodes.map((n) => [n.id, n.kind]));
  const variables = new Map<string, string>();
  for (const node of graph.nodes) {
    if (node.kind !== 'branch') continue;
    if (node.branch.type !== DEFAULT_BRANCH_TYPE) {
      out.push(problem(node.id, 'bpmn.node_type_mismatch', { type: node.branch.type }));
    }
    const variable = routeVariable(node.id);
    const other = variables.get(variable);
    if (other) out.push(problem(node.id, 'bpmn.route_variable_clash', { other, variable }));
    variables.set(variable, node.id);
    for (const flow of graph.flows) {
      if (flow.target === node.id && kinds.get(flow.source) !== 'agent') {
        out.push(problem(node.id, 'bpmn.branch_source_not_agent', { source: flow.source }));
      }
    }
    // Without rules the descriptor is already reported (missing or empty).
    if (node.branch.branches.length === 0) continue;
    const targets = ruleTargets(node);
    const defaultFlowId = model.nodes.find((n) => n.id === node.id)?.defaultFlowId;
    const unrouted = graph.flows.filter(
      (f) => f.source === node.id && f.id !== defaultFlowId && !targets.has(f.target),
    );
    for (const flow of unrouted) {
      const params = { flow: flow.id, target: flow.target };
      out.push(problem(node.id, 'bpmn.branch_flow_unrouted', params));
    }
  }
  return out;
}

function ruleTargets(node: BranchGraphNode): Set<string> {
  return new Set(node.branch.branches.map((b) => b.target_node.trim()).filter(Boolean));
}

/** One problem per element, key and parameters (checks may overlap, e.g. two bad listeners). */
function unique(problems: DiagramProblem[]): DiagramProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = JSON.stringify([p.elementId, p.key, p.params]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

// --- rewriting ----------------------------------------------------------------------------------

/** The condition a branch gateway's flow to `target` carries. */
export function routeCondition(gatewayId: string, target: string): string {
  return `\${${routeVariable(gatewayId)} == '${target.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'}`;
}

/**
 * Replaces agent user task `id` by an external service task with the same id, name and
 * documentation, its flows, default flow, multi-instance and properties; every reference to the
 * task (flows, boundary events, lanes, the diagram's shape) follows.
 */
function toExternalTask(moddle: Moddle, definitions: Element, id: string): void {
  let task: Element | undefined;
  each(definitions, (element) => {
    if (element.id === id && element.$type === 'bpmn:UserTask') task = element;
  });
  if (!task?.$parent) return;
  const extensions = task.extensionElements as Element | undefined;
  const properties = ((extensions?.values ?? []) as Element[]).filter(
    (v) => v.$type === 'camunda:Properties',
  );
  const replacement = moddle.create('bpmn:ServiceTask', {
    id,
    ...(task.name !== undefined ? { name: task.name } : {}),
    documentation: task.documentation ?? [],
    incoming: task.incoming ?? [],
    outgoing: task.outgoing ?? [],
    ...(task.default ? { default: task.default } : {}),
    ...(task.loopCharacteristics ? { loopCharacteristics: task.loopCharacteristics } : {}),
    ...(properties.length
      ? { extensionElements: moddle.create('bpmn:ExtensionElements', { values: properties }) }
      : {}),
  }) as Element;
  replacement.type = 'external';
  replacement.topic = AGENT_TOPIC;
  const parent = task.$parent;
  const siblings = parent.flowElements as Element[];
  siblings[siblings.indexOf(task)] = replacement;
  replacement.$parent = parent;
  replaceReferences(definitions, task, replacement);
}

/**
 * Asks Operaton to run the process's external tasks without a scope execution of their own
 * (deploy/engine FlatExternalTasks): the worker completes an agent task with process variables
 * only, and the task's own execution cost an insert, a delete and several reads a node. A task with
 * a boundary event or multi-instance keeps its scope there. The embedded engine has no such
 * executions and ignores the property.
 */
function askForFlatExternalTasks(moddle: Moddle, process: Element): void {
  const property = moddle.create('camunda:Property', {
    name: FLAT_EXTERNAL_TASKS_PROPERTY,
    value: 'true',
  });
  const extensions = (process.extensionElements ??
    moddle.create('bpmn:ExtensionElements', { values: [] })) as Element;
  const values = (extensions.values ?? []) as Element[];
  let properties = values.find((v) => v.$type === 'camunda:Properties');
  if (!properties) {
    properties = moddle.create('camunda:Properties', { values: [] }) as Element;
    values.push(properties);
  }
  const list = ((properties.values ?? []) as Element[]).filter(
    (p) => p.name !== FLAT_EXTERNAL_TASKS_PROPERTY,
  );
  properties.values = [...list, property];
  extensions.values = values;
  process.extensionElements = extensions;
}

/** A user task for people that names nobody is the administrators' (they review it). */
function forAdministrators(process: Element, id: string): void {
  const task = ((process.flowElements ?? []) as Element[]).find(
    (e) => e.id === id && e.$type === 'bpmn:UserTask',
  );
  if (!task || task.assignee || task.candidateUsers || task.candidateGroups) return;
  task.candidateGroups = MISSION_REVIEW_GROUP;
}

/** Sets each routed flow's condition and clears the default flow's. */
function routeFlows(moddle: Moddle, process: Element, node: BranchGraphNode, model: DiagramModel) {
  const targets = ruleTargets(node);
  const defaultFlowId = model.nodes.find((n) => n.id === node.id)?.defaultFlowId;
  for (const flow of (process.flowElements ?? []) as Element[]) {
    if (flow.$type !== 'bpmn:SequenceFlow' || flow.sourceRef?.id !== node.id) continue;
    const target = flow.targetRef?.id ?? '';
    if (flow.id === defaultFlowId) {
      delete flow.conditionExpression;
    } else if (targets.has(target)) {
      const body = routeCondition(node.id, target);
      const expression = moddle.create('bpmn:FormalExpression', { body });
      flow.conditionExpression = expression as ModdleElement & { body: string };
    }
  }
}

/** Visits every element contained in `root` (depth first, `root` included). */
function each(root: Element, visit: (element: Element) => void): void {
  visit(root);
  for (const property of root.$descriptor.properties) {
    if (property.isReference) continue;
    const value = root[property.name];
    const children = Array.isArray(value) ? value : [value];
    for (const child of children) {
      if (isElement(child)) each(child, visit);
    }
  }
}

function replaceReferences(root: Element, from: Element, to: Element): void {
  each(root, (element) => {
    for (const property of element.$descriptor.properties) {
      if (!property.isReference) continue;
      const value = element[property.name];
      if (value === from) element[property.name] = to;
      else if (Array.isArray(value)) {
        value.forEach((entry, i) => {
          if (entry === from) value[i] = to;
        });
      }
    }
  });
}

function isElement(value: unknown): value is Element {
  return typeof value === 'object' && value !== null && '$descriptor' in value;
}
