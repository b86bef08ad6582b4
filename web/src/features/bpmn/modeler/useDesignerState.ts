import type Modeler from 'bpmn-js/lib/Modeler';
import { useEffect, useState } from 'react';

import { type DiagramElement, rootElementOf, service } from './edit';
import { SIMULATION_TOGGLED } from './simulation';

interface EventBus {
  on(event: string | string[], callback: (event: never) => void): void;
  off(event: string | string[], callback: (event: never) => void): void;
}

interface CommandStack {
  canUndo(): boolean;
  canRedo(): boolean;
}

export interface DesignerState {
  /** What the panel edits: the selected element, or the process when nothing is selected. */
  element: DiagramElement | null;
  selectionCount: number;
  /** Grows with every change, so the panel re-reads the business objects. */
  revision: number;
  canUndo: boolean;
  canRedo: boolean;
  zoom: number;
  /** Token simulation is on (from the library's event, so its keyboard shortcut counts too). */
  simulation: boolean;
}

const INITIAL: DesignerState = {
  element: null,
  selectionCount: 0,
  revision: 0,
  canUndo: false,
  canRedo: false,
  zoom: 1,
  simulation: false,
};

/** Labels edit their target element. */
const editable = (element: DiagramElement) => element.labelTarget ?? element;

/** Follows selection, command stack and zoom of a modeler (spec §4: undo/redo from the stack). */
export function useDesignerState(modeler: Modeler | null): DesignerState {
  const [state, setState] = useState(INITIAL);

  useEffect(() => {
    if (!modeler) return;
    const eventBus = service<EventBus>(modeler, 'eventBus');
    const stack = service<CommandStack>(modeler, 'commandStack');
    const canvas = service<{ zoom(): number }>(modeler, 'canvas');
    const selection = service<{ get(): DiagramElement[] }>(modeler, 'selection');

    const current = (): DiagramElement | null => {
      const selected = selection.get();
      if (selected.length) return editable(selected[selected.length - 1]);
      try {
        // Before the first import the canvas root is an implicit one without a business object.
        const root = rootElementOf(modeler);
        return root.businessObject ? root : null;
      } catch {
        return null;
      }
    };
    const refresh = () =>
      setState((previous) => ({
        ...previous,
        element: current(),
        selectionCount: selection.get().length,
        revision: previous.revision + 1,
        canUndo: stack.canUndo(),
        canRedo: stack.canRedo(),
        zoom: safeZoom(canvas),
      }));
    // A pan changes the viewbox but not the zoom: keep the state, so nothing re-renders.
    const onZoom = () =>
      setState((previous) => {
        const zoom = safeZoom(canvas);
        return zoom === previous.zoom ? previous : { ...previous, zoom };
      });

    const onSimulation = (event: { active: boolean }) =>
      setState((previous) => ({ ...previous, simulation: event.active }));

    const events = ['selection.changed', 'commandStack.changed', 'import.done', 'root.set'];
    eventBus.on(events, refresh);
    eventBus.on('canvas.viewbox.changed', onZoom);
    eventBus.on(SIMULATION_TOGGLED, onSimulation);
    refresh();
    return () => {
      eventBus.off(events, refresh);
      eventBus.off('canvas.viewbox.changed', onZoom);
      eventBus.off(SIMULATION_TOGGLED, onSimulation);
    };
  }, [modeler]);

  return state;
}

function safeZoom(canvas: { zoom(): number }): number {
  try {
    const zoom = canvas.zoom();
    return Number.isFinite(zoom) ? zoom : 1;
  } catch {
    return 1;
  }
}
