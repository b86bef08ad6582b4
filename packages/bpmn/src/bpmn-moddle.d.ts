// bpmn-moddle 10 ships no types for its entry point (and @types/bpmn-moddle describes an older
// default export); this is the one factory this package calls.
declare module 'bpmn-moddle' {
  export function BpmnModdle(
    packages?: Record<string, unknown>,
    options?: Record<string, unknown>,
  ): unknown;
}
