// Pure rules of the properties panel (spec §4 designer transitions, §5 designer messages). The
// components map the problem codes to their texts.

// ---------- listeners

export type ListenerType = 'class' | 'expression' | 'delegateExpression' | 'script';
export type ScriptType = 'inline' | 'external';
export type TimerType = 'date' | 'duration' | 'cycle' | 'null';

export const EXECUTION_EVENTS = ['start', 'end'] as const;
export const TASK_EVENTS = [
  'create',
  'assignment',
  'complete',
  'delete',
  'update',
  'timeout',
] as const;
export const LISTENER_TYPES: readonly ListenerType[] = [
  'class',
  'expression',
  'delegateExpression',
  'script',
];

export interface ListenerField {
  name: string;
  fieldType: 'string' | 'expression' | '';
  string: string;
  expression: string;
}

/** The listener form (spec §3 Execution listener / Task listener). */
export interface ListenerForm {
  event: string;
  listenerType: ListenerType | '';
  class: string;
  expression: string;
  delegateExpression: string;
  scriptFormat: string;
  scriptType: ScriptType | '';
  value: string;
  resource: string;
  fields: ListenerField[];
  /** Task listeners only. */
  id: string;
  eventDefinitionType: TimerType;
  eventTimeDefinitions: string;
}

export type ListenerProblem =
  | 'event_required'
  | 'type_required'
  | 'class_required'
  | 'expression_required'
  | 'delegate_required'
  | 'script_format_required'
  | 'script_type_required'
  | 'script_value_required'
  | 'script_resource_required'
  | 'id_required'
  | 'timer_required';

export function emptyListenerForm(): ListenerForm {
  return {
    event: '',
    listenerType: '',
    class: '',
    expression: '',
    delegateExpression: '',
    scriptFormat: '',
    scriptType: '',
    value: '',
    resource: '',
    fields: [],
    id: '',
    eventDefinitionType: 'null',
    eventTimeDefinitions: '',
  };
}

const blank = (text: string | undefined) => !text || text.trim() === '';

/** Everything the listener form lacks (spec §5 "Listener form"); empty when it can be saved. */
export function listenerProblems(form: ListenerForm, task: boolean): ListenerProblem[] {
  const problems: ListenerProblem[] = [];
  if (blank(form.event)) problems.push('event_required');
  if (task && blank(form.id)) problems.push('id_required');
  switch (form.listenerType) {
    case '':
      problems.push('type_required');
      break;
    case 'class':
      if (blank(form.class)) problems.push('class_required');
      break;
    case 'expression':
      if (blank(form.expression)) problems.push('expression_required');
      break;
    case 'delegateExpression':
      if (blank(form.delegateExpression)) problems.push('delegate_required');
      break;
    case 'script':
      if (blank(form.scriptFormat)) problems.push('script_format_required');
      if (!form.scriptType) problems.push('script_type_required');
      else if (form.scriptType === 'inline' && blank(form.value)) {
        problems.push('script_value_required');
      } else if (form.scriptType === 'external' && blank(form.resource)) {
        problems.push('script_resource_required');
      }
      break;
  }
  if (
    task &&
    form.event === 'timeout' &&
    form.eventDefinitionType !== 'null' &&
    blank(form.eventTimeDefinitions)
  ) {
    problems.push('timer_required');
  }
  return problems;
}

export type FieldProblem =
  'name_required' | 'type_required' | 'string_required' | 'expression_required';

/** The listener field dialog: name, type, and the string or expression (spec §5). */
export function fieldProblems(field: ListenerField): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (blank(field.name)) problems.push('name_required');
  if (!field.fieldType) problems.push('type_required');
  else if (field.fieldType === 'string' && blank(field.string)) problems.push('string_required');
  else if (field.fieldType === 'expression' && blank(field.expression)) {
    problems.push('expression_required');
  }
  return problems;
}

/** The listener type follows from which of class, expression, delegate expression, script is set. */
export function listenerTypeOf(listener: {
  class?: unknown;
  expression?: unknown;
  delegateExpression?: unknown;
  script?: unknown;
}): ListenerType | '' {
  if (listener.class) return 'class';
  if (listener.expression) return 'expression';
  if (listener.delegateExpression) return 'delegateExpression';
  if (listener.script) return 'script';
  return '';
}

/** A script is inline when it has a body, otherwise external (spec §4). */
export function scriptTypeOf(
  script: { value?: string; resource?: string } | undefined,
): ScriptType {
  return script?.value ? 'inline' : 'external';
}

// ---------- async flags

export interface AsyncFlags {
  asyncBefore: boolean;
  asyncAfter: boolean;
  exclusive: boolean;
}

/** Exclusive only means something for an asynchronous continuation: without one it resets. */
export function withAsync(flags: AsyncFlags, change: Partial<AsyncFlags>): AsyncFlags {
  const next = { ...flags, ...change };
  if (!next.asyncBefore && !next.asyncAfter) next.exclusive = false;
  return next;
}

// ---------- loops

export type LoopType = 'null' | 'standard' | 'sequential' | 'parallel';

/** The loop type of loop characteristics (spec §4 "Loop type"). */
export function loopTypeOf(loop: { $type: string; isSequential?: boolean } | undefined): LoopType {
  if (!loop) return 'null';
  if (loop.$type === 'bpmn:StandardLoopCharacteristics') return 'standard';
  return loop.isSequential ? 'sequential' : 'parallel';
}

// ---------- sequence flows

export type FlowType = 'normal' | 'default' | 'condition';

export function flowTypeOf(flow: {
  id?: string;
  conditionExpression?: unknown;
  sourceRef?: { default?: { id?: string } };
}): FlowType {
  if (flow.conditionExpression) return 'condition';
  if (flow.sourceRef?.default && flow.sourceRef.default.id === flow.id) return 'default';
  return 'normal';
}

/**
 * What changing a flow's type does (spec §4): condition creates an empty condition; default clears
 * the condition and makes the flow its source's default; normal clears the condition and the
 * source's default if it was this flow.
 */
export function flowTypeChange(
  type: FlowType,
  flowIsSourceDefault: boolean,
): { condition: 'create' | 'clear'; sourceDefault: 'set' | 'clear' | 'keep' } {
  if (type === 'condition') {
    return { condition: 'create', sourceDefault: flowIsSourceDefault ? 'clear' : 'keep' };
  }
  if (type === 'default') return { condition: 'clear', sourceDefault: 'set' };
  return { condition: 'clear', sourceDefault: flowIsSourceDefault ? 'clear' : 'keep' };
}

// ---------- messages and signals

/** A new message or signal needs an id no other one uses (spec §5). */
export function isIdTaken(
  existing: readonly { id?: string }[],
  id: string,
  except?: string,
): boolean {
  return existing.some((entry) => entry.id === id && entry.id !== except);
}
