// bpmn-moddle 9 ships no type declarations; this covers the part of its API the engine uses.
declare module 'bpmn-moddle' {
  export interface Definitions {
    $type: string;
    [key: string]: unknown;
  }
  export default class BpmnModdle {
    constructor(packages?: Record<string, unknown>);
    fromXML(xml: string): Promise<{ rootElement: Definitions; warnings: { message: string }[] }>;
    toXML(element: unknown, options?: { format?: boolean }): Promise<{ xml: string }>;
    create(type: string, attrs?: Record<string, unknown>): Definitions;
  }
}
