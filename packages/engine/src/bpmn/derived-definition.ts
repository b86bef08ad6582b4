import { createModdle, flowIndex, ModdleElement, parseBpmn, ParsedBpmn } from './bpmn-model';

// bpmn-engine cannot start a process at an arbitrary activity. The workaround is a derived
// definition: a synthetic start event flowing into the target, with everything the target cannot
// reach pruned. Only dropping the original start flows is not enough, because any activity left
// without inbound flows would become a start activity of its own.

export const DERIVED_START_ID = '__engine_start';

export class DerivedDefinitionError extends Error {}

export async function deriveStartAt(xml: string, activityId: string): Promise<ParsedBpmn> {
  const moddle = createModdle();
  const { rootElement } = (await moddle.fromXML(xml.trim())) as unknown as {
    rootElement: ModdleElement;
  };
  const process = findProcess(rootElement, activityId);
  const elements = (process.flowElements as ModdleElement[]) ?? [];
  const target = elements.find((e) => e.id === activityId)!;
  const kept = reachableFrom(target, elements, flowIndex(process).outgoing);

  const start = moddle.create('bpmn:StartEvent', { id: DERIVED_START_ID }) as ModdleElement;
  const flow = moddle.create('bpmn:SequenceFlow', {
    id: `${DERIVED_START_ID}_flow`,
    sourceRef: start,
    targetRef: target,
  }) as ModdleElement;
  start.outgoing = [flow];
  const listed = (target.incoming as ModdleElement[] | undefined) ?? [];
  if (listed.length) target.incoming = [flow, ...listed];

  process.flowElements = [
    start,
    flow,
    ...elements.filter((e) => kept.has(e) || isKeptFlow(e, kept)),
  ];
  for (const element of process.flowElements as ModdleElement[]) pruneFlowRefs(element, kept);
  process.laneSets = [];
  process.artifacts = [];
  rootElement.diagrams = [];
  const { xml: derivedXml } = await moddle.toXML(rootElement, { format: false });
  return parseBpmn(derivedXml);
}

function findProcess(definitions: ModdleElement, activityId: string): ModdleElement {
  const processes = ((definitions.rootElements as ModdleElement[]) ?? []).filter(
    (e) => e.$type === 'bpmn:Process' && e.isExecutable,
  );
  for (const process of processes) {
    const elements = (process.flowElements as ModdleElement[]) ?? [];
    const target = elements.find((e) => e.id === activityId);
    if (target?.$type === 'bpmn:SequenceFlow') {
      throw new DerivedDefinitionError(`'${activityId}' is a sequence flow, not an activity`);
    }
    if (target) return process;
  }
  throw new DerivedDefinitionError(
    `activity '${activityId}' is not a process-level activity of this definition (activities inside sub-processes cannot be start targets)`,
  );
}

function reachableFrom(
  target: ModdleElement,
  elements: ModdleElement[],
  outgoing: Map<ModdleElement, ModdleElement[]>,
): Set<ModdleElement> {
  const boundaryByHost = new Map<ModdleElement, ModdleElement[]>();
  for (const e of elements) {
    const host = e.attachedToRef as ModdleElement | undefined;
    if (e.$type === 'bpmn:BoundaryEvent' && host) {
      boundaryByHost.set(host, [...(boundaryByHost.get(host) ?? []), e]);
    }
  }
  const kept = new Set<ModdleElement>();
  const queue: ModdleElement[] = [target];
  for (const e of elements) if (e.triggeredByEvent) queue.push(e);
  while (queue.length) {
    const node = queue.shift()!;
    if (kept.has(node)) continue;
    kept.add(node);
    queue.push(...(boundaryByHost.get(node) ?? []));
    for (const out of outgoing.get(node) ?? []) {
      queue.push(out.targetRef as ModdleElement);
    }
  }
  return kept;
}

function isKeptFlow(element: ModdleElement, kept: Set<ModdleElement>): boolean {
  return (
    element.$type === 'bpmn:SequenceFlow' &&
    kept.has(element.sourceRef as ModdleElement) &&
    kept.has(element.targetRef as ModdleElement)
  );
}

function pruneFlowRefs(element: ModdleElement, kept: Set<ModdleElement>): void {
  if (element.$type === 'bpmn:SequenceFlow') return;
  if (Array.isArray(element.incoming)) {
    element.incoming = (element.incoming as ModdleElement[]).filter(
      (f) => f.id === `${DERIVED_START_ID}_flow` || kept.has(f.sourceRef as ModdleElement),
    );
  }
  if (Array.isArray(element.outgoing)) {
    element.outgoing = (element.outgoing as ModdleElement[]).filter((f) =>
      kept.has(f.targetRef as ModdleElement),
    );
  }
}
