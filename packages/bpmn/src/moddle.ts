import camundaSchema from 'camunda-bpmn-moddle/resources/camunda.json';

// bpmn-moddle (the model layer of bpmn-js) reads and writes BPMN 2.0 XML, with the Camunda 7
// extensions (prefix `camunda`), the same way in the browser and in Node. It is ESM-only and not
// needed by most callers of this package, so it is loaded on first use.

/** The parts of a moddle element this package reads (structural, so any moddle tree fits). */
export interface ModdleElement {
  $type: string;
  id?: string;
  name?: string;
  documentation?: { text?: string }[];
  rootElements?: ModdleElement[];
  flowElements?: ModdleElement[];
  sourceRef?: ModdleElement;
  targetRef?: ModdleElement;
  default?: ModdleElement;
  attachedToRef?: ModdleElement;
  conditionExpression?: { body?: string };
  isExecutable?: boolean;
  triggeredByEvent?: boolean;
}

export interface ModdleWarning {
  message: string;
}

export interface Moddle {
  fromXML(xml: string): Promise<{ rootElement: ModdleElement; warnings: ModdleWarning[] }>;
  toXML(element: ModdleElement, options?: { format?: boolean }): Promise<{ xml: string }>;
  create(type: string, properties?: Record<string, unknown>): ModdleElement;
}

let moddle: Promise<Moddle> | undefined;

export function loadModdle(): Promise<Moddle> {
  moddle ??= import('bpmn-moddle').then(
    ({ BpmnModdle }) => BpmnModdle({ camunda: camundaSchema }) as Moddle,
  );
  return moddle;
}
