// Which Camunda extension properties may be copied onto which element (spec §5), applied when
// elements are pasted or replaced (bpmn-js fires `moddleCopy.canCopyProperty` for every property):
// - a failed-job retry time cycle only onto start, boundary or intermediate catch events with a timer
//   or signal event definition, onto activities, or onto a multi-instance loop;
// - connector and field properties only onto end or intermediate throw events with a message event
//   definition (and onto hosts that are not events, e.g. service-task-like activities).

export interface ModdleLike {
  $type: string;
  $parent?: ModdleLike;
  $instanceOf?: (type: string) => boolean;
  eventDefinitions?: ModdleLike[];
}

const RETRY_CYCLE = 'camunda:FailedJobRetryTimeCycle';
const CONNECTOR_LIKE = ['camunda:Connector', 'camunda:Field'];
const RETRY_EVENTS = ['bpmn:StartEvent', 'bpmn:BoundaryEvent', 'bpmn:IntermediateCatchEvent'];
const CONNECTOR_EVENTS = ['bpmn:EndEvent', 'bpmn:IntermediateThrowEvent'];

function isA(element: ModdleLike | undefined, type: string): boolean {
  if (!element) return false;
  return element.$instanceOf ? element.$instanceOf(type) : element.$type === type;
}

const isAny = (element: ModdleLike | undefined, types: string[]) =>
  types.some((type) => isA(element, type));

/** The element a property ends up on: the first ancestor that is not an extension container. */
export function hostOf(parent: ModdleLike | undefined): ModdleLike | undefined {
  let current = parent;
  while (current && isAny(current, ['bpmn:ExtensionElements', 'camunda:Connector'])) {
    current = current.$parent;
  }
  return current;
}

function hasDefinition(host: ModdleLike, types: string[]): boolean {
  return (host.eventDefinitions ?? []).some((definition) => isAny(definition, types));
}

/**
 * Whether a property of `propertyType` may be copied onto `host` (the element that will hold it).
 * `definitionsOf` is the element whose event definitions decide, when they are not copied yet.
 */
export function canCopyOnto(
  propertyType: string,
  host: ModdleLike | undefined,
  definitionsOf: ModdleLike | undefined = host,
): boolean {
  if (!host) return true;
  const definitions = host.eventDefinitions?.length ? host : (definitionsOf ?? host);
  if (propertyType === RETRY_CYCLE) {
    if (isA(host, 'bpmn:MultiInstanceLoopCharacteristics') || isA(host, 'bpmn:Activity')) {
      return true;
    }
    return (
      isAny(host, RETRY_EVENTS) &&
      hasDefinition(definitions, ['bpmn:TimerEventDefinition', 'bpmn:SignalEventDefinition'])
    );
  }
  if (CONNECTOR_LIKE.includes(propertyType)) {
    if (!isA(host, 'bpmn:Event')) return true;
    return (
      isAny(host, CONNECTOR_EVENTS) && hasDefinition(definitions, ['bpmn:MessageEventDefinition'])
    );
  }
  return true;
}

interface CopyEventBus {
  on(
    event: string,
    priority: number,
    callback: (context: {
      parent?: ModdleLike;
      property?: unknown;
      sourceElement?: ModdleLike;
      targetElement?: ModdleLike;
      propertyNames?: string[];
    }) => unknown,
  ): void;
}

/** Applies `canCopyOnto` to bpmn-js copy/paste and replace. */
export class CopyRules {
  static $inject = ['eventBus'];

  /**
   * Copy target → source, when the source's event definitions are copied too: a pasted event gets
   * them after its extension elements. A replacement that changes the event type does not copy
   * them (its new definition is added afterwards), so its properties are judged without them.
   */
  private readonly sources = new WeakMap<object, ModdleLike>();

  constructor(eventBus: CopyEventBus) {
    eventBus.on(
      'moddleCopy.canCopyProperties',
      2000,
      ({ sourceElement, targetElement, propertyNames }) => {
        if (sourceElement && targetElement && propertyNames?.includes('eventDefinitions')) {
          this.sources.set(targetElement, sourceElement);
        }
        return undefined;
      },
    );
    eventBus.on('moddleCopy.canCopyProperty', 2000, ({ parent, property }) => {
      const type = (property as ModdleLike | undefined)?.$type;
      if (!type || (type !== RETRY_CYCLE && !CONNECTOR_LIKE.includes(type))) return undefined;
      const host = hostOf(parent);
      const source = host ? this.sources.get(host) : undefined;
      return canCopyOnto(type, host, source) ? undefined : false;
    });
  }
}

export const copyRulesModule = {
  __init__: ['camundaCopyRules'],
  camundaCopyRules: ['type', CopyRules],
};
