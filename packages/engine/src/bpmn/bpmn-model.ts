import * as Elements from 'bpmn-elements';
import BpmnModdle from 'bpmn-moddle';
import camundaDescriptor from 'camunda-bpmn-moddle/resources/camunda.json';
import serializer, {
  deserialize,
  SerializableContext,
  SerializableElement,
  TypeResolver,
} from 'moddle-context-serializer';

/** A parsed BPMN document: the moddle root plus the parse warnings. */
export interface ParsedBpmn {
  definitions: ModdleElement;
  moddleContext: unknown;
  warnings: { message: string; element?: ModdleElement; property?: string }[];
}

/** The parts of a moddle element this package reads; moddle itself is untyped. */
export interface ModdleElement {
  $type: string;
  $parent?: ModdleElement;
  id?: string;
  name?: string;
  $attrs?: Record<string, string>;
  [key: string]: unknown;
}

type ElementFactory = (def: SerializableElement, ctx: unknown) => unknown;
type ElementsMap = Record<string, unknown>;

const signalTask = (Elements as unknown as Record<string, ElementFactory>).SignalTask;
const serviceTask = (Elements as unknown as Record<string, ElementFactory>).ServiceTask;

/**
 * bpmn-elements' behaviours with one change: a `camunda:type="external"` service task becomes a
 * signal task that waits for the worker. It must be a `function`: bpmn-elements calls it with `new`.
 */
export const ENGINE_ELEMENTS: ElementsMap = {
  ...(Elements as unknown as ElementsMap),
  ServiceTask: function ExternalAwareServiceTask(def: SerializableElement, ctx: unknown) {
    return def.behaviour?.type === 'external' ? signalTask(def, ctx) : serviceTask(def, ctx);
  },
};

const typeResolver = TypeResolver(ENGINE_ELEMENTS);

export function createModdle(): BpmnModdle {
  return new BpmnModdle({ camunda: camundaDescriptor });
}

export async function parseBpmn(xml: string): Promise<ParsedBpmn> {
  const moddleContext = (await createModdle().fromXML(xml.trim())) as unknown as {
    rootElement: ModdleElement;
    warnings: { message: string }[];
  };
  return {
    definitions: moddleContext.rootElement,
    moddleContext,
    warnings: moddleContext.warnings ?? [],
  };
}

/**
 * Incoming and outgoing sequence flows per flow node of a container. moddle fills
 * `incoming`/`outgoing` only when the XML lists them, so they are derived from the flows here.
 */
export function flowIndex(container: ModdleElement): {
  incoming: Map<ModdleElement, ModdleElement[]>;
  outgoing: Map<ModdleElement, ModdleElement[]>;
} {
  const incoming = new Map<ModdleElement, ModdleElement[]>();
  const outgoing = new Map<ModdleElement, ModdleElement[]>();
  for (const element of (container.flowElements as ModdleElement[] | undefined) ?? []) {
    if (element.$type !== 'bpmn:SequenceFlow') continue;
    const source = element.sourceRef as ModdleElement;
    const target = element.targetRef as ModdleElement;
    outgoing.set(source, [...(outgoing.get(source) ?? []), element]);
    incoming.set(target, [...(incoming.get(target) ?? []), element]);
  }
  return { incoming, outgoing };
}

export async function toXml(definitions: ModdleElement): Promise<string> {
  const moddle = createModdle();
  const { xml } = await moddle.toXML(definitions as never, { format: false });
  return xml;
}

/** The serialized context bpmn-engine runs from (JSON text, stored with the definition). */
export function serializeContext(parsed: ParsedBpmn): string {
  return serializer(parsed.moddleContext as never, typeResolver).serialize();
}

export function deserializeContext(serialized: string): SerializableContext {
  return deserialize(JSON.parse(serialized), typeResolver);
}

export interface ActivityInfo {
  id: string;
  type: string;
  name: string | null;
  /** The id of the containing process or sub-process. */
  parentId: string;
  eventDefinitionTypes: string[];
  attachedToId: string | null;
  messageName: string | null;
  messageId: string | null;
}

/** What the engine needs to know about one deployed process, read from the serialized context. */
export interface ProcessModel {
  processId: string;
  processName: string | null;
  activities: Map<string, ActivityInfo>;
  flows: Map<string, { id: string; sourceId: string; targetId: string }>;
  messageStarts: { activityId: string; messageId: string; messageName: string }[];
}

interface SerializedFlow extends SerializableElement {
  sourceId: string;
  targetId: string;
}

export function buildProcessModel(context: SerializableContext): ProcessModel {
  const process = context.getExecutableProcesses()[0] ?? context.getProcesses()[0];
  const activities = new Map<string, ActivityInfo>();
  for (const activity of context.getActivities())
    activities.set(activity.id!, toActivityInfo(activity));
  const flows = new Map<string, { id: string; sourceId: string; targetId: string }>();
  for (const flow of context.getSequenceFlows() as SerializedFlow[]) {
    flows.set(flow.id!, { id: flow.id!, sourceId: flow.sourceId, targetId: flow.targetId });
  }
  const messageStarts = [...activities.values()]
    .filter((a) => a.type === 'bpmn:StartEvent' && a.messageId && a.parentId === process?.id)
    .map((a) => ({ activityId: a.id, messageId: a.messageId!, messageName: a.messageName! }));
  return {
    processId: process?.id ?? '',
    processName: (process?.name as string | undefined) ?? null,
    activities,
    flows,
    messageStarts,
  };
}

interface EventDefinitionBehaviour {
  type: string;
  behaviour?: { messageRef?: { id: string; name?: string } };
}

function toActivityInfo(activity: SerializableElement): ActivityInfo {
  const behaviour = activity.behaviour ?? {};
  const eventDefinitions = (behaviour.eventDefinitions ?? []) as EventDefinitionBehaviour[];
  const messageRef =
    (behaviour.messageRef as { id: string; name?: string } | undefined) ??
    eventDefinitions.find((d) => d.type === 'bpmn:MessageEventDefinition')?.behaviour?.messageRef;
  return {
    id: activity.id!,
    type: activity.type!,
    name: (activity.name as string | undefined) ?? null,
    parentId: activity.parent?.id ?? '',
    eventDefinitionTypes: eventDefinitions.map((d) => d.type),
    attachedToId: (behaviour.attachedTo as { id: string } | undefined)?.id ?? null,
    messageName: messageRef ? (messageRef.name ?? messageRef.id) : null,
    messageId: messageRef?.id ?? null,
  };
}

const EVENT_SUFFIX: Record<string, string> = {
  'bpmn:TimerEventDefinition': 'Timer',
  'bpmn:MessageEventDefinition': 'Message',
  'bpmn:ErrorEventDefinition': 'Error',
  'bpmn:SignalEventDefinition': 'Signal',
  'bpmn:TerminateEventDefinition': 'Terminate',
  'bpmn:EscalationEventDefinition': 'Escalation',
};

/** Camunda's `activityType` names, as the history API reports them. */
export function camundaActivityType(info: ActivityInfo | undefined): string {
  if (!info) return 'unknown';
  const local = info.type.replace('bpmn:', '');
  const suffix = EVENT_SUFFIX[info.eventDefinitionTypes[0] ?? ''];
  switch (info.type) {
    case 'bpmn:StartEvent':
      if (suffix === 'Message') return 'messageStartEvent';
      if (suffix === 'Timer') return 'startTimerEvent';
      return 'startEvent';
    case 'bpmn:EndEvent':
      return suffix ? `${suffix.toLowerCase()}EndEvent` : 'noneEndEvent';
    case 'bpmn:BoundaryEvent':
      return `boundary${suffix ?? 'Event'}`;
    case 'bpmn:IntermediateCatchEvent':
      if (suffix === 'Timer') return 'intermediateTimer';
      return `intermediate${suffix ?? 'None'}Catch`;
    case 'bpmn:IntermediateThrowEvent':
      return `intermediate${suffix ?? 'None'}ThrowEvent`;
    default:
      return local.charAt(0).toLowerCase() + local.slice(1);
  }
}
