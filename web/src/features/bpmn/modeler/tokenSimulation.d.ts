// bpmn-js-token-simulation ships no types: its modeler entry is a diagram-js module.
declare module 'bpmn-js-token-simulation' {
  const tokenSimulationModule: Record<string, unknown>;
  export default tokenSimulationModule;
}
