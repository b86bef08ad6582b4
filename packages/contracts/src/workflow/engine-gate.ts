import type { MessageKey, MessageParams } from '../common/messages';
import { AGENT_TOPIC } from './agent-runtime';
import { checkEngineExpression, containsExpression } from './engine-expression';

// The engine gate (issue 25): the one check every BPMN passes before it reaches an engine — agent
// workflows at save and at deploy, BPM models at save and at deploy, the workflow service's single
// deploy call, and the embedded engine's /deployment/create. Operaton evaluates JUEL with full Java
// reflection and runs scripts, listeners, classes and connectors, so this is an ALLOW-LIST: an
// element type, attribute or extension it does not know is refused, naming the element and the
// attribute. Expressions stand only where the platform puts them (sequence-flow conditions, in the
// grammar of engine-expression.ts); every other attribute must be free of `${` and `#{`.
//
// It works on the tree bpmn-moddle parses (with the camunda moddle), whichever version: it lives
// here, in contracts, because packages/bpmn (which re-exports it) and packages/engine both use it
// and packages/bpmn's tests already depend on packages/engine.

/** The external-task topics the platform's workers serve (the agent worker's). */
export const PLATFORM_TOPICS: readonly string[] = [AGENT_TOPIC];

/** The profile of what may be deployed besides the platform's own subset. */
export type EngineGateProfile = 'platform' | 'engine';

export interface EngineGateOptions {
  /** The external-task topics a service task may name; undefined lets any literal topic through. */
  topics?: readonly string[];
  /**
   * 'platform' (default): what agent workflows and BPM models may hold. 'engine': the embedded
   * engine's deploy, which also runs the BPMN its conformance suite covers (embedded sub-processes,
   * receive tasks, event-based gateways, message and error events, multi-instance over a collection
   * variable) — still with nothing that runs code and expressions only in the grammar.
   */
  profile?: EngineGateProfile;
}

/** One refusal, naming the element (id and name) and, for attributes, the attribute. */
export interface EngineGateProblem {
  elementId: string;
  key: MessageKey;
  params: MessageParams;
}

/** The part of a bpmn-moddle element the gate reads. */
export interface GateElement {
  $type: string;
  $attrs?: Record<string, unknown>;
  $descriptor?: { properties?: readonly { name: string; ns?: { name?: string } }[] };
  id?: string;
  name?: string;
  [property: string]: unknown;
}

/** What may appear on one element type. */
interface Rule {
  /** Attributes with literal values (no `${`, no `#{`). */
  attrs?: readonly string[];
  /** References to other elements (not walked). */
  refs?: readonly string[];
  /** Properties holding elements, each checked by its own rule. */
  children?: readonly string[];
  /** Properties the rule's own check reads (expressions, timers, topics). */
  checked?: readonly string[];
  check?: (element: GateElement, gate: Gate) => void;
}

/** Foreign attributes that only colour or describe the drawing. */
const DRAWING_NAMESPACES = new Set([
  'http://bpmn.io/schema/bpmn/biocolor/1.0',
  'http://www.omg.org/spec/BPMN/non-normative/color/1.0',
  'http://camunda.org/schema/modeler/1.0',
]);

const ISO_DURATION =
  /^P(?=\d|T\d)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const ISO_CYCLE = new RegExp(
  `^R\\d*/(${ISO_DATE.source.slice(1, -1)}/)?${ISO_DURATION.source.slice(1, -1)}$`,
);
const TIMER_FORMATS: Record<string, (text: string) => boolean> = {
  timeDuration: (text) => ISO_DURATION.test(text),
  timeDate: (text) => ISO_DATE.test(text),
  timeCycle: (text) => ISO_CYCLE.test(text),
};
const WHOLE_NUMBER = /^\d+$/;

const BASE = { attrs: ['id', 'name'], children: ['documentation', 'extensionElements'] };
const ASYNC = ['asyncBefore', 'asyncAfter', 'exclusive'];
const FLOW_NODE: Rule = {
  ...BASE,
  attrs: [...BASE.attrs, ...ASYNC],
  refs: ['incoming', 'outgoing'],
};
const ACTIVITY: Rule = {
  ...FLOW_NODE,
  refs: [...FLOW_NODE.refs!, 'default'],
  children: [...FLOW_NODE.children!, 'loopCharacteristics'],
};

function extend(rule: Rule, more: Rule): Rule {
  return {
    attrs: [...(rule.attrs ?? []), ...(more.attrs ?? [])],
    refs: [...(rule.refs ?? []), ...(more.refs ?? [])],
    children: [...(rule.children ?? []), ...(more.children ?? [])],
    checked: [...(rule.checked ?? []), ...(more.checked ?? [])],
    check: more.check ?? rule.check,
  };
}

/** The events each event type may carry, per profile (none = a plain event). */
const EVENT_DEFINITIONS: Record<EngineGateProfile, Record<string, readonly string[]>> = {
  platform: {
    'bpmn:StartEvent': [],
    'bpmn:EndEvent': [],
    'bpmn:IntermediateCatchEvent': ['bpmn:TimerEventDefinition'],
    'bpmn:BoundaryEvent': ['bpmn:TimerEventDefinition'],
  },
  engine: {
    'bpmn:StartEvent': ['bpmn:MessageEventDefinition'],
    'bpmn:EndEvent': ['bpmn:ErrorEventDefinition', 'bpmn:TerminateEventDefinition'],
    'bpmn:IntermediateCatchEvent': ['bpmn:TimerEventDefinition', 'bpmn:MessageEventDefinition'],
    'bpmn:BoundaryEvent': [
      'bpmn:TimerEventDefinition',
      'bpmn:ErrorEventDefinition',
      'bpmn:MessageEventDefinition',
    ],
  },
};

const checkEvent = (event: GateElement, gate: Gate) => {
  const allowed = EVENT_DEFINITIONS[gate.profile][event.$type] ?? [];
  for (const definition of elementsOf(event.eventDefinitions)) {
    if (event.$type === 'bpmn:StartEvent' && definition.$type === 'bpmn:TimerEventDefinition') {
      gate.report('bpmn.timer_start_not_allowed');
    } else if (!allowed.includes(definition.$type)) {
      gate.report('bpmn.unsafe_element', { type: definition.$type });
    } else {
      gate.walk(definition);
    }
  }
};

const EVENT: Rule = extend(FLOW_NODE, { checked: ['eventDefinitions'], check: checkEvent });

const checkServiceTask = (task: GateElement, gate: Gate) => {
  if (task.type !== 'external' || typeof task.topic !== 'string' || task.topic === '') {
    gate.report('bpmn.task_not_external');
  } else if (gate.topics && !gate.topics.includes(task.topic) && !containsExpression(task.topic)) {
    gate.report('bpmn.topic_not_allowed', { topic: task.topic, topics: gate.topics.join(', ') });
  }
};

const checkFlow = (flow: GateElement, gate: Gate) => {
  const condition = flow.conditionExpression as GateElement | undefined;
  if (!condition) return;
  if (condition.language !== undefined) {
    gate.report('bpmn.condition_script');
    return;
  }
  const body = gate.expressionBody(condition, 'conditionExpression');
  if (body !== undefined) gate.grammar(body, 'conditionExpression');
};

const checkTimer = (timer: GateElement, gate: Gate) => {
  for (const [property, valid] of Object.entries(TIMER_FORMATS)) {
    const expression = timer[property] as GateElement | undefined;
    if (!expression) continue;
    const body = gate.expressionBody(expression, property);
    if (body !== undefined && !valid(body.trim())) {
      gate.report('bpmn.timer_not_literal', { attribute: property });
    }
  }
};

const checkMultiInstance = (loop: GateElement, gate: Gate) => {
  const cardinality = loop.loopCardinality as GateElement | undefined;
  const body = cardinality && gate.expressionBody(cardinality, 'loopCardinality');
  if (body !== undefined && !WHOLE_NUMBER.test(body.trim())) {
    gate.report('bpmn.loop_cardinality_not_literal', { attribute: 'loopCardinality' });
  }
  const completion = loop.completionCondition as GateElement | undefined;
  const condition = completion && gate.expressionBody(completion, 'completionCondition');
  if (condition !== undefined) {
    if (gate.profile === 'engine') gate.grammar(condition, 'completionCondition');
    else gate.literal(condition, 'completionCondition');
  }
  const collection = loop.collection;
  if (typeof collection !== 'string') return;
  if (gate.profile === 'engine' && containsExpression(collection)) {
    gate.grammar(collection, 'camunda:collection');
  } else {
    gate.literal(collection, 'camunda:collection');
  }
};

/** Operaton's built-in form constraints; `validator` would name a class or an expression. */
const FORM_CONSTRAINTS = new Set(['required', 'readonly', 'minlength', 'maxlength', 'min', 'max']);

const checkConstraint = (constraint: GateElement, gate: Gate) => {
  if (typeof constraint.name === 'string' && !FORM_CONSTRAINTS.has(constraint.name)) {
    gate.report('bpmn.unsafe_attribute', { attribute: `camunda:constraint ${constraint.name}` });
  }
};

const PLATFORM_RULES: Record<string, Rule> = {
  'bpmn:Definitions': {
    attrs: ['id', 'name', 'targetNamespace', 'exporter', 'exporterVersion'],
    children: ['rootElements', 'diagrams', 'documentation'],
  },
  'bpmn:Process': extend(BASE, {
    attrs: [
      'isExecutable',
      'isClosed',
      'processType',
      'historyTimeToLive',
      'versionTag',
      'isStartableInTasklist',
      'candidateStarterGroups',
      'candidateStarterUsers',
    ],
    children: ['flowElements', 'laneSets', 'artifacts'],
  }),
  'bpmn:Collaboration': extend(BASE, {
    attrs: ['isClosed'],
    children: ['participants', 'artifacts'],
  }),
  'bpmn:Participant': extend(BASE, { refs: ['processRef'] }),
  'bpmn:LaneSet': { attrs: ['id', 'name'], children: ['lanes'] },
  'bpmn:Lane': extend(BASE, { refs: ['flowNodeRef'] }),
  'bpmn:StartEvent': extend(EVENT, { attrs: ['isInterrupting', 'parallelMultiple', 'formKey'] }),
  'bpmn:EndEvent': EVENT,
  'bpmn:IntermediateCatchEvent': extend(EVENT, { attrs: ['parallelMultiple'] }),
  'bpmn:BoundaryEvent': extend(EVENT, {
    attrs: ['cancelActivity', 'parallelMultiple'],
    refs: ['attachedToRef'],
  }),
  'bpmn:UserTask': extend(ACTIVITY, {
    attrs: [
      'assignee',
      'candidateUsers',
      'candidateGroups',
      'dueDate',
      'followUpDate',
      'priority',
      'formKey',
    ],
  }),
  'bpmn:ServiceTask': extend(ACTIVITY, {
    attrs: ['type', 'topic', 'taskPriority'],
    check: checkServiceTask,
  }),
  'bpmn:ExclusiveGateway': extend(FLOW_NODE, { attrs: ['gatewayDirection'], refs: ['default'] }),
  'bpmn:ParallelGateway': extend(FLOW_NODE, { attrs: ['gatewayDirection'] }),
  'bpmn:SequenceFlow': extend(BASE, {
    attrs: ['isImmediate'],
    refs: ['sourceRef', 'targetRef'],
    checked: ['conditionExpression'],
    check: checkFlow,
  }),
  'bpmn:TimerEventDefinition': {
    attrs: ['id'],
    checked: Object.keys(TIMER_FORMATS),
    check: checkTimer,
  },
  'bpmn:MultiInstanceLoopCharacteristics': {
    attrs: ['id', 'isSequential', 'elementVariable', ...ASYNC],
    children: ['extensionElements'],
    checked: ['loopCardinality', 'completionCondition', 'collection'],
    check: checkMultiInstance,
  },
  'bpmn:Documentation': { attrs: ['id', 'text', 'textFormat'] },
  'bpmn:ExtensionElements': { attrs: ['id'], children: ['values'] },
  'camunda:Properties': { attrs: ['id'], children: ['values'] },
  'camunda:Property': { attrs: ['id', 'name', 'value'] },
  'camunda:FailedJobRetryTimeCycle': { attrs: ['body'] },
  // The designer's start and user task forms; labels and default values are literal.
  'camunda:FormData': { attrs: ['businessKey'], children: ['fields'] },
  'camunda:FormField': {
    attrs: ['id', 'label', 'type', 'datePattern', 'defaultValue'],
    children: ['properties', 'validation', 'values'],
  },
  'camunda:Value': { attrs: ['id', 'name'] },
  'camunda:Validation': { children: ['constraints'] },
  'camunda:Constraint': { attrs: ['name', 'config'], check: checkConstraint },
  'bpmn:TextAnnotation': extend(BASE, { attrs: ['text', 'textFormat'] }),
  'bpmn:Association': extend(BASE, {
    attrs: ['associationDirection'],
    refs: ['sourceRef', 'targetRef'],
  }),
  'bpmndi:BPMNDiagram': {
    attrs: ['id', 'name', 'documentation', 'resolution'],
    children: ['plane', 'labelStyle'],
  },
  'bpmndi:BPMNPlane': { attrs: ['id'], refs: ['bpmnElement'], children: ['planeElement'] },
  'bpmndi:BPMNShape': {
    attrs: [
      'id',
      'isHorizontal',
      'isExpanded',
      'isMarkerVisible',
      'isMessageVisible',
      'participantBandKind',
    ],
    refs: ['bpmnElement', 'choreographyActivityShape'],
    children: ['bounds', 'label'],
  },
  'bpmndi:BPMNEdge': {
    attrs: ['id', 'messageVisibleKind'],
    refs: ['bpmnElement', 'sourceElement', 'targetElement'],
    children: ['waypoint', 'label'],
  },
  'bpmndi:BPMNLabel': { attrs: ['id'], refs: ['labelStyle'], children: ['bounds'] },
  'bpmndi:BPMNLabelStyle': { attrs: ['id'], children: ['font'] },
  'dc:Font': {
    attrs: ['name', 'size', 'isBold', 'isItalic', 'isUnderline', 'isStrikeThrough'],
  },
  'dc:Bounds': { attrs: ['x', 'y', 'width', 'height'] },
  'dc:Point': { attrs: ['x', 'y'] },
};

/** What the embedded engine also runs (its conformance suite), none of which runs code. */
const ENGINE_RULES: Record<string, Rule> = {
  ...PLATFORM_RULES,
  'bpmn:Message': extend(BASE, {}),
  'bpmn:Error': extend(BASE, { attrs: ['errorCode', 'errorMessage'] }),
  'bpmn:MessageEventDefinition': { attrs: ['id'], refs: ['messageRef'] },
  'bpmn:ErrorEventDefinition': {
    attrs: ['id', 'errorCodeVariable', 'errorMessageVariable'],
    refs: ['errorRef'],
  },
  'bpmn:TerminateEventDefinition': { attrs: ['id'] },
  'bpmn:SubProcess': extend(ACTIVITY, {
    attrs: ['triggeredByEvent'],
    children: ['flowElements', 'artifacts', 'laneSets'],
  }),
  'bpmn:ReceiveTask': extend(ACTIVITY, { attrs: ['instantiate'], refs: ['messageRef'] }),
  'bpmn:EventBasedGateway': extend(FLOW_NODE, {
    attrs: ['gatewayDirection', 'instantiate', 'eventGatewayType'],
  }),
};

const RULES: Record<EngineGateProfile, Record<string, Rule>> = {
  platform: PLATFORM_RULES,
  engine: ENGINE_RULES,
};

/** Parts of an element, whose problems name the element that holds them. */
const PARTS = /EventDefinition$|LoopCharacteristics$|Expression$|^bpmn:Documentation$|^camunda:/;

/**
 * Every reason the definitions may not reach an engine, each naming its element. An empty answer
 * means they pass the gate.
 */
export function engineGateProblems(
  definitions: GateElement,
  options: EngineGateOptions = {},
): EngineGateProblem[] {
  const gate = new Gate(options, namespacesOf(definitions));
  gate.walk(definitions);
  return gate.problems;
}

class Gate {
  readonly problems: EngineGateProblem[] = [];
  readonly profile: EngineGateProfile;
  readonly topics?: readonly string[];
  private owner: GateElement | undefined;

  constructor(
    options: EngineGateOptions,
    private readonly namespaces: Map<string, string>,
  ) {
    this.profile = options.profile ?? 'platform';
    this.topics = options.topics;
  }

  /** Checks an element and what it holds against its type's rule. */
  walk(element: GateElement): void {
    const outer = this.owner;
    if (!this.owner || (element.id && !PARTS.test(element.$type))) this.owner = element;
    try {
      const rule = RULES[this.profile][element.$type];
      if (!rule) this.report('bpmn.unsafe_element', { type: element.$type });
      else this.follow(element, rule);
    } finally {
      this.owner = outer;
    }
  }

  private follow(element: GateElement, rule: Rule): void {
    this.foreignAttributes(element);
    for (const [property, value] of Object.entries(element)) {
      if (property.startsWith('$') || value === undefined || value === null) continue;
      if (rule.refs?.includes(property) || rule.checked?.includes(property)) continue;
      if (rule.children?.includes(property)) {
        for (const child of elementsOf(value)) this.walk(child);
      } else if (rule.attrs?.includes(property) && typeof value !== 'object') {
        this.literal(String(value), attributeName(element, property));
      } else {
        this.report('bpmn.unsafe_attribute', { attribute: attributeName(element, property) });
      }
    }
    rule.check?.(element, this);
  }

  /** Attributes moddle does not know: namespace declarations and drawing colours only. */
  private foreignAttributes(element: GateElement): void {
    for (const [name, value] of Object.entries(element.$attrs ?? {})) {
      if (name === 'xmlns' || name.startsWith('xmlns:')) continue;
      const prefix = name.includes(':') ? name.slice(0, name.indexOf(':')) : '';
      if (DRAWING_NAMESPACES.has(this.namespaces.get(prefix) ?? '')) {
        this.literal(String(value), name);
      } else {
        this.report('bpmn.unsafe_attribute', { attribute: name });
      }
    }
  }

  /** The body of a formal expression that holds nothing but its body. */
  expressionBody(expression: GateElement, attribute: string): string | undefined {
    const extra = Object.keys(expression).filter(
      (key) => !key.startsWith('$') && key !== 'body' && key !== 'id',
    );
    if (expression.$type !== 'bpmn:FormalExpression' && expression.$type !== 'bpmn:Expression') {
      this.report('bpmn.unsafe_element', { type: expression.$type });
      return undefined;
    }
    if (extra.length > 0) {
      this.report('bpmn.unsafe_attribute', { attribute: `${attribute} ${extra[0]}` });
      return undefined;
    }
    return typeof expression.body === 'string' ? expression.body : '';
  }

  /** A value that must not hold an expression at all. */
  literal(value: string, attribute: string): void {
    if (containsExpression(value)) this.report('bpmn.expression_not_allowed', { attribute });
  }

  /** A value that must be one expression in the allowed grammar. */
  grammar(value: string, attribute: string): void {
    const refusal = checkEngineExpression(value);
    if (refusal) this.report('bpmn.expression_invalid', { attribute, ...refusal });
  }

  report(key: MessageKey, params: MessageParams = {}): void {
    const owner = this.owner;
    const id = owner?.id ?? '';
    const name = typeof owner?.name === 'string' ? owner.name : '';
    const element = name ? `${id} "${name}"` : id;
    this.problems.push({ elementId: id, key, params: { id, element, ...params } });
  }
}

function elementsOf(value: unknown): GateElement[] {
  const values = Array.isArray(value) ? value : [value];
  return values.filter(
    (v): v is GateElement => typeof v === 'object' && v !== null && typeof v.$type === 'string',
  );
}

/** The attribute as written in BPMN (`camunda:assignee`, `name`). */
function attributeName(element: GateElement, property: string): string {
  const descriptor = element.$descriptor?.properties?.find((p) => p.name === property);
  const written = descriptor?.ns?.name ?? property;
  return written.startsWith('bpmn:') ? written.slice(5) : written;
}

/** Prefix → namespace URI, from the declarations on the definitions. */
function namespacesOf(definitions: GateElement): Map<string, string> {
  const map = new Map<string, string>();
  for (const [name, value] of Object.entries(definitions.$attrs ?? {})) {
    if (name.startsWith('xmlns:')) map.set(name.slice(6), String(value));
  }
  return map;
}
