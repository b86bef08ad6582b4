import type Modeler from 'bpmn-js/lib/Modeler';

import { service } from './edit';

// Token simulation (bpmn-js-token-simulation, a module of the designer's modeler). Only its service
// names and events are used here, so this stays out of the lazy bpmn-js chunk.

/** Fired by the library when simulation mode turns on or off, with `{ active }`. */
export const SIMULATION_TOGGLED = 'tokenSimulation.toggleMode';

/**
 * Turns token simulation on or off. On, modeling is read-only; off, the library resets the tokens
 * and the gateways' chosen branches, and the diagram is editable again.
 */
export function setSimulation(modeler: Modeler, on: boolean): void {
  service<{ toggleMode(active: boolean): void }>(modeler, 'toggleMode').toggleMode(on);
}
