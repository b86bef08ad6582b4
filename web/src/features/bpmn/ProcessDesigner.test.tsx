import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { render } from '../../../test-utils/render';
import { SIMULATION_TOGGLED } from './modeler/simulation';
import { ProcessDesigner } from './ProcessDesigner';

type Listener = (event: never) => void;

/**
 * A stand-in for the bpmn-js modeler (jsdom cannot lay out SVG): an event bus and the services the
 * designer reads, with token simulation's `toggleMode` firing its event as the library does.
 */
function fakeModeler() {
  const listeners = new Map<string, Set<Listener>>();
  const names = (events: string | string[]) => (Array.isArray(events) ? events : [events]);
  const eventBus = {
    on(events: string | string[], callback: Listener) {
      for (const name of names(events)) {
        if (!listeners.has(name)) listeners.set(name, new Set());
        listeners.get(name)!.add(callback);
      }
    },
    off(events: string | string[], callback: Listener) {
      for (const name of names(events)) listeners.get(name)?.delete(callback);
    },
    fire(name: string, event: unknown) {
      for (const callback of listeners.get(name) ?? []) callback(event as never);
    },
  };
  const toggleMode = {
    active: false,
    toggleMode: vi.fn((active: boolean = !toggleMode.active) => {
      if (active === toggleMode.active) return;
      toggleMode.active = active;
      eventBus.fire(SIMULATION_TOGGLED, { active });
    }),
  };
  const services: Record<string, unknown> = {
    eventBus,
    toggleMode,
    commandStack: { canUndo: () => true, canRedo: () => false, undo: vi.fn(), redo: vi.fn() },
    canvas: { zoom: () => 1, getRootElement: () => ({ id: '__implicitroot', type: 'root' }) },
    selection: { get: () => [] },
    elementRegistry: { get: () => undefined, getAll: () => [] },
  };
  return {
    toggleMode,
    get: (name: string) => services[name],
    importXML: vi.fn(() => Promise.resolve({ warnings: [] })),
    destroy: vi.fn(),
  };
}

const modeler = vi.hoisted(() => ({ current: null as ReturnType<typeof fakeModeler> | null }));

vi.mock('./modeler/createModeler', () => ({
  createModeler: () => modeler.current,
  setLabelLanguage: vi.fn(),
}));

const disabled = (testId: string) => (screen.getByTestId(testId) as HTMLButtonElement).disabled;
const switchedOn = () => (screen.getByTestId('simulation') as HTMLInputElement).checked;

describe(ProcessDesigner.name, () => {
  it('should run token simulation from the switch and save again only when it is off', async () => {
    const sut = fakeModeler();
    modeler.current = sut;
    render(<ProcessDesigner xml="<definitions/>" onSave={vi.fn()} />);
    // Undo follows the command stack in an effect after the modeler arrives: a render after save.
    await waitFor(() => {
      expect(disabled('save')).toBe(false);
      expect(disabled('undo')).toBe(false);
    });

    fireEvent.click(screen.getByTestId('simulation'));
    expect(sut.toggleMode.toggleMode).toHaveBeenLastCalledWith(true);
    await waitFor(() => expect(disabled('save')).toBe(true));
    expect(switchedOn()).toBe(true);
    expect(disabled('undo')).toBe(true);
    expect(disabled('align-left')).toBe(true);

    fireEvent.click(screen.getByTestId('simulation'));
    expect(sut.toggleMode.toggleMode).toHaveBeenLastCalledWith(false);
    await waitFor(() => expect(disabled('save')).toBe(false));
    expect(switchedOn()).toBe(false);
    expect(disabled('undo')).toBe(false);
  });

  it('should follow simulation mode when the library turns it on or off itself', async () => {
    const sut = fakeModeler();
    modeler.current = sut;
    render(<ProcessDesigner xml="<definitions/>" onSave={vi.fn()} />);
    // The designer listens for the library's event from an effect after the modeler arrives: undo
    // turns on in that effect, save a render before it (a loaded run fired the event in between).
    await waitFor(() => expect(disabled('undo')).toBe(false));

    // The library's keyboard shortcut (T on the canvas) toggles without the switch.
    act(() => sut.toggleMode.toggleMode());
    expect(switchedOn()).toBe(true);
    expect(disabled('save')).toBe(true);
    act(() => sut.toggleMode.toggleMode());
    expect(switchedOn()).toBe(false);
    expect(disabled('save')).toBe(false);
  });
});
