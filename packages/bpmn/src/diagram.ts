import type { MessageParams } from '@platform/contracts';

import { loadModdle, type ModdleElement, type ModdleWarning } from './moddle';
import { type DiagramProblem, problem } from './problems';

// A diagram reduced to what the agent graph and the checks need: the (first) process, its flow
// nodes and its sequence flows, in document order. Nodes inside sub-processes are not part of the
// agent graph: a sub-process is one node.

export interface DiagramNode {
  id: string;
  /** BPMN element type, e.g. `bpmn:UserTask`. */
  type: string;
  name: string;
  documentation: string;
  /** Id of the gateway's or activity's default flow. */
  defaultFlowId?: string;
  /** Boundary events: the activity they are attached to. */
  attachedTo?: string;
  /** Event sub-processes start without an incoming flow. */
  triggeredByEvent?: boolean;
}

export interface DiagramFlow {
  id: string;
  name: string;
  source?: string;
  target?: string;
  condition?: string;
}

export interface DiagramModel {
  processId: string;
  processName: string;
  nodes: DiagramNode[];
  flows: DiagramFlow[];
}

export type ReadResult =
  | { ok: true; model: DiagramModel; definitions: ModdleElement; problems: DiagramProblem[] }
  | { ok: false; problems: DiagramProblem[] };

const NOT_NODES = new Set([
  'bpmn:SequenceFlow',
  'bpmn:DataObject',
  'bpmn:DataObjectReference',
  'bpmn:DataStoreReference',
]);

function documentationOf(element: ModdleElement): string {
  return (element.documentation ?? [])
    .map((d) => d.text ?? '')
    .join('\n')
    .trim();
}

/** The process the agent graph is built from: the first executable one, else the first. */
function mainProcess(definitions: ModdleElement): ModdleElement | undefined {
  const processes = (definitions.rootElements ?? []).filter((e) => e.$type === 'bpmn:Process');
  return processes.find((p) => p.isExecutable) ?? processes[0];
}

/** The model of a moddle `bpmn:Definitions` tree (e.g. a bpmn-js modeler's definitions). */
export function modelFromDefinitions(definitions: ModdleElement): DiagramModel | null {
  const process = mainProcess(definitions);
  if (!process) return null;
  const nodes: DiagramNode[] = [];
  const flows: DiagramFlow[] = [];
  for (const element of process.flowElements ?? []) {
    if (element.$type === 'bpmn:SequenceFlow') {
      flows.push({
        id: element.id ?? '',
        name: element.name ?? '',
        source: element.sourceRef?.id,
        target: element.targetRef?.id,
        condition: element.conditionExpression?.body,
      });
    } else if (!NOT_NODES.has(element.$type)) {
      nodes.push({
        id: element.id ?? '',
        type: element.$type,
        name: element.name ?? '',
        documentation: documentationOf(element),
        defaultFlowId: element.default?.id,
        attachedTo: element.attachedToRef?.id,
        triggeredByEvent: element.triggeredByEvent || undefined,
      });
    }
  }
  return { processId: process.id ?? '', processName: process.name ?? '', nodes, flows };
}

/** Parser warnings that are problems of the diagram (duplicate or illegal ids). */
function warningProblems(warnings: ModdleWarning[]): DiagramProblem[] {
  return warnings.flatMap((w) => {
    const duplicate = /duplicate ID <([^>]*)>/.exec(w.message);
    if (duplicate) return [problem(duplicate[1], 'bpmn.id_duplicate')];
    const illegal = /illegal ID <([^>]*)>/.exec(w.message);
    if (illegal) return [problem(illegal[1], 'bpmn.id_pattern')];
    return [];
  });
}

function parseFailure(reason: string): ReadResult {
  const params: MessageParams = { reason: reason.split('\n')[0].slice(0, 200) };
  return { ok: false, problems: [problem('', 'bpmn.xml_invalid', params)] };
}

/** Parses BPMN XML; problems hold what the parser found wrong (the model may still be usable). */
export async function readDiagram(xml: string): Promise<ReadResult> {
  const moddle = await loadModdle();
  let parsed: Awaited<ReturnType<typeof moddle.fromXML>>;
  try {
    parsed = await moddle.fromXML(xml);
  } catch (error) {
    return parseFailure(error instanceof Error ? error.message : String(error));
  }
  const definitions = parsed.rootElement;
  if (definitions?.$type !== 'bpmn:Definitions') return parseFailure('bpmn:Definitions expected');
  const model = modelFromDefinitions(definitions);
  if (!model) return { ok: false, problems: [problem('', 'bpmn.no_process')] };
  return { ok: true, model, definitions, problems: warningProblems(parsed.warnings) };
}

/** The process id and name of a diagram, or null when it cannot be read. */
export async function processOf(xml: string): Promise<{ id: string; name: string } | null> {
  const read = await readDiagram(xml);
  return read.ok ? { id: read.model.processId, name: read.model.processName } : null;
}

/** The user tasks of a diagram (task assignment rules are kept per user task). */
export function userTasksOf(model: DiagramModel): { id: string; name: string }[] {
  return model.nodes
    .filter((n) => n.type === 'bpmn:UserTask')
    .map((n) => ({ id: n.id, name: n.name }));
}

/**
 * The diagram with its main process renamed (copying a workflow gives it a new key). References to
 * the process (diagram plane, participants) follow, as moddle holds them as object references.
 */
export function renameProcess(xml: string, id: string, name?: string): Promise<string> {
  return rewriteDiagram(xml, (definitions) => {
    const process = mainProcess(definitions)!;
    process.id = id;
    if (name !== undefined) process.name = name;
  });
}

/** Days Camunda keeps the history of a finished instance when the diagram does not say. */
export const DEFAULT_HISTORY_TIME_TO_LIVE = '180';

/**
 * The diagram as it is deployed to the engine: every process executable, and each one carrying
 * `camunda:historyTimeToLive`, without which Camunda 7.20+ refuses the deployment (the embedded
 * engine accepts either, so diagrams deployed here stay valid on a real Camunda).
 */
export function prepareForEngine(xml: string): Promise<string> {
  return rewriteDiagram(xml, prepareDefinitionsForEngine);
}

/** `prepareForEngine` on a parsed moddle `bpmn:Definitions` tree, in place. */
export function prepareDefinitionsForEngine(definitions: ModdleElement): void {
  for (const element of definitions.rootElements ?? []) {
    if (element.$type !== 'bpmn:Process') continue;
    const process = element as ModdleElement & { historyTimeToLive?: string };
    process.isExecutable = true;
    if (!process.historyTimeToLive) process.historyTimeToLive = DEFAULT_HISTORY_TIME_TO_LIVE;
  }
}

/** Reads a diagram (which must read), lets `edit` change its model, and writes it back. */
async function rewriteDiagram(
  xml: string,
  edit: (definitions: ModdleElement) => void,
): Promise<string> {
  const read = await readDiagram(xml);
  if (!read.ok) throw new Error(read.problems[0]?.params.reason?.toString() ?? 'unreadable');
  edit(read.definitions);
  const moddle = await loadModdle();
  return (await moddle.toXML(read.definitions, { format: true })).xml;
}
