import { nodeLabel } from '@platform/bpmn';
import type { Language } from '@platform/contracts';

// Node labels in the chosen language (spec §2): in English a user task or exclusive gateway shows the
// descriptor's `nameen`. The label is only drawn differently; the element's `name` (what is saved) does
// not change. bpmn-js draws a label from `businessObject.name`, so the stock renderer is handed a view
// of the element whose business object answers `name` with the label of the language.

interface Shape {
  type: string;
  businessObject: BusinessObject;
  labelTarget?: Shape;
}

interface BusinessObject {
  $type: string;
  name?: string;
  documentation?: { text?: string }[];
}

interface Renderer {
  drawShape(parentGfx: SVGElement, element: Shape, attrs?: unknown): SVGElement;
  getShapePath(element: Shape): string;
}

interface EventBus {
  on(
    event: string,
    priority: number,
    callback: (
      event: unknown,
      context: { element: Shape; gfx: SVGElement; attrs?: unknown },
    ) => unknown,
  ): void;
}

const LABELLED_TYPES = new Set(['bpmn:UserTask', 'bpmn:ExclusiveGateway']);
const PRIORITY = 1500;

/** Fired on the diagram's event bus after the language changed (other texts follow it too). */
export const LANGUAGE_CHANGED = 'labelLanguage.changed';

/** Which language labels are drawn in; the designer sets it before import and on a switch. */
export class LabelLanguage {
  language: Language = 'zh';
}

/** All documentation texts of an element, joined (descriptors are JSON in them). */
export function documentationText(bo: BusinessObject): string {
  return (bo.documentation ?? []).map((d) => d.text ?? '').join('\n');
}

/** The label of a business object in a language (its name unless English with a `nameen`). */
export function labelOf(bo: BusinessObject, language: Language): string {
  return nodeLabel(
    { type: bo.$type, name: bo.name, documentation: documentationText(bo) },
    language,
  );
}

function withName<T extends Shape>(element: T, name: string): T {
  const businessObject = new Proxy(element.businessObject, {
    get: (target, property, receiver) =>
      property === 'name' ? name : (Reflect.get(target, property, receiver) as unknown),
  });
  const view = Object.create(element) as T;
  Object.defineProperty(view, 'businessObject', { value: businessObject });
  return view;
}

/**
 * Registered like diagram-js's BaseRenderer (a `render.shape` listener above the stock renderer's
 * priority), without depending on diagram-js directly.
 */
export class LanguageLabelRenderer {
  static $inject = ['eventBus', 'bpmnRenderer', 'labelLanguage'];

  constructor(
    eventBus: EventBus,
    private readonly bpmnRenderer: Renderer,
    private readonly labels: LabelLanguage,
  ) {
    eventBus.on('render.shape', PRIORITY, (_event, { element, gfx }) =>
      this.canRender(element) ? this.drawShape(gfx, element) : undefined,
    );
  }

  canRender(element: Shape): boolean {
    if (this.labels.language !== 'en') return false;
    return LABELLED_TYPES.has(element.businessObject?.$type);
  }

  drawShape(parentGfx: SVGElement, element: Shape): SVGElement {
    const label = labelOf(element.businessObject, this.labels.language);
    if (label === (element.businessObject.name ?? '')) {
      return this.bpmnRenderer.drawShape(parentGfx, element);
    }
    return this.bpmnRenderer.drawShape(parentGfx, withName(element, label));
  }
}

/**
 * Sets the language labels are drawn in, on a modeler or a viewer with this module; what is drawn
 * already is drawn again.
 */
export function setLabelLanguage(diagram: DiagramService, language: Language): void {
  const labels = diagram.get<LabelLanguage>('labelLanguage');
  if (labels.language === language) return;
  labels.language = language;
  const elements = diagram.get<{ getAll(): unknown[] }>('elementRegistry').getAll();
  const eventBus = diagram.get<{ fire(event: string, data: unknown): void }>('eventBus');
  if (elements.length) eventBus.fire('elements.changed', { elements });
  eventBus.fire(LANGUAGE_CHANGED, { language });
}

/** A bpmn-js modeler or viewer, as far as this module uses it. */
interface DiagramService {
  get<T>(name: string): T;
}

export const languageLabelsModule = {
  __init__: ['languageLabelRenderer'],
  labelLanguage: ['type', LabelLanguage],
  languageLabelRenderer: ['type', LanguageLabelRenderer],
};
