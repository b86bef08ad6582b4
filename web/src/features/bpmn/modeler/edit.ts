import type Modeler from 'bpmn-js/lib/Modeler';

// Reading and changing the business objects of a diagram through bpmn-js's modeling commands, so every
// change from the properties panel can be undone and redone like one made on the canvas.

/** A moddle element (business object or one of its parts); typed loosely on purpose. */
export interface ModdleElement {
  $type: string;
  $parent?: ModdleElement;
  $instanceOf(type: string): boolean;
  get(name: string): unknown;
  id?: string;
  name?: string;
  [property: string]: unknown;
}

/** A shape, connection or the root of the canvas. */
export interface DiagramElement {
  id: string;
  type: string;
  businessObject: ModdleElement;
  incoming?: DiagramElement[];
  outgoing?: DiagramElement[];
  source?: DiagramElement;
  target?: DiagramElement;
  labelTarget?: DiagramElement;
  parent?: DiagramElement;
}

interface Modeling {
  updateProperties(element: DiagramElement, properties: Record<string, unknown>): void;
  updateModdleProperties(
    element: DiagramElement,
    moddleElement: ModdleElement,
    properties: Record<string, unknown>,
  ): void;
}

interface BpmnFactory {
  create(type: string, attrs?: Record<string, unknown>): ModdleElement;
}

export const service = <T>(modeler: Modeler, name: string): T => modeler.get<T>(name);

/**
 * Whether an element of the diagram (shape, flow, message, signal…) already has this id: bpmn-js
 * would throw on the rename, after letting go of the old id.
 */
export function idTaken(modeler: Modeler, id: string): boolean {
  return Boolean(
    service<{ ids: { assigned(id: string): unknown } }>(modeler, 'moddle').ids.assigned(id),
  );
}

export const isType = (bo: ModdleElement | undefined, type: string) => !!bo && bo.$instanceOf(type);

export function updateProperties(
  modeler: Modeler,
  element: DiagramElement,
  properties: Record<string, unknown>,
): void {
  service<Modeling>(modeler, 'modeling').updateProperties(element, properties);
}

export function updateModdle(
  modeler: Modeler,
  element: DiagramElement,
  moddleElement: ModdleElement,
  properties: Record<string, unknown>,
): void {
  if (moddleElement === element.businessObject) updateProperties(modeler, element, properties);
  else
    service<Modeling>(modeler, 'modeling').updateModdleProperties(
      element,
      moddleElement,
      properties,
    );
}

/** A new moddle element (ids are generated for types that have one). */
export function create(
  modeler: Modeler,
  type: string,
  attrs: Record<string, unknown> = {},
): ModdleElement {
  const element = service<BpmnFactory>(modeler, 'bpmnFactory').create(type, attrs);
  for (const value of Object.values(attrs)) {
    if (Array.isArray(value)) {
      for (const entry of value) setParent(entry, element);
    } else setParent(value, element);
  }
  return element;
}

function setParent(value: unknown, parent: ModdleElement) {
  if (value && typeof value === 'object' && '$type' in value) {
    (value as ModdleElement).$parent = parent;
  }
}

// ---------- documentation

export function documentationText(bo: ModdleElement): string {
  const docs = (bo.get('documentation') as { text?: string }[] | undefined) ?? [];
  return docs.map((d) => d.text ?? '').join('\n');
}

export function setDocumentation(modeler: Modeler, element: DiagramElement, text: string): void {
  const documentation = text
    ? [create(modeler, 'bpmn:Documentation', { text })]
    : ([] as ModdleElement[]);
  updateProperties(modeler, element, { documentation });
}

// ---------- extension elements

/** The extension elements of `bo` of a type, e.g. every `camunda:ExecutionListener`. */
export function extensionsOf(bo: ModdleElement | undefined, type: string): ModdleElement[] {
  const container = bo?.get('extensionElements') as ModdleElement | undefined;
  const values = (container?.get('values') as ModdleElement[] | undefined) ?? [];
  return values.filter((value) => value.$instanceOf(type));
}

/**
 * Replaces the extension elements of one type on `owner` (the element's business object, or a part
 * of it such as its loop characteristics) with `items`, keeping the others.
 */
export function setExtensions(
  modeler: Modeler,
  element: DiagramElement,
  type: string,
  items: ModdleElement[],
  owner: ModdleElement = element.businessObject,
): void {
  let container = owner.get('extensionElements') as ModdleElement | undefined;
  const others = ((container?.get('values') as ModdleElement[] | undefined) ?? []).filter(
    (value) => !value.$instanceOf(type),
  );
  const values = [...others, ...items];
  if (!container) {
    container = create(modeler, 'bpmn:ExtensionElements', { values });
    container.$parent = owner;
    updateModdle(modeler, element, owner, { extensionElements: container });
    return;
  }
  for (const item of items) item.$parent = container;
  updateModdle(modeler, element, container, { values });
}

/** The root element of the diagram (`bpmn:Definitions`). */
export function definitionsOf(modeler: Modeler): ModdleElement {
  return (modeler as unknown as { getDefinitions(): ModdleElement }).getDefinitions();
}

export function rootElementOf(modeler: Modeler): DiagramElement {
  return service<{ getRootElement(): DiagramElement }>(modeler, 'canvas').getRootElement();
}
