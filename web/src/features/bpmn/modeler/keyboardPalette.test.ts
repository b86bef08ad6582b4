import { describe, expect, it, vi } from 'vitest';

import { type DiagramShape, keyboardPaletteModule } from './keyboardPalette';

// The palette's entries as bpmn-js draws them (divs with a title), made reachable and operable by key.
// bpmn-js itself cannot run in jsdom (no SVG layout), so its services are stand-ins that record the
// calls; the browser test (e2e keyboard spec) places shapes in the real modeler.

const KINDS: Record<string, string[]> = {
  'bpmn:Process': [],
  'bpmn:StartEvent': ['bpmn:FlowNode', 'bpmn:FlowElement'],
  'bpmn:Task': ['bpmn:FlowNode', 'bpmn:FlowElement'],
  'bpmn:Group': [],
};

function shape(type: string, box = { x: 0, y: 0, width: 100, height: 80 }): DiagramShape {
  const kinds = KINDS[type] ?? [];
  return {
    id: `${type}_${Math.random()}`,
    type,
    ...box,
    businessObject: { $instanceOf: (other: string) => other === type || kinds.includes(other) },
  };
}

function setUp() {
  const container = document.createElement('div');
  container.innerHTML =
    '<div class="djs-palette"><div class="entry" title="Create task" data-action="create.task"></div>' +
    '<div class="entry" title="Create group" data-action="create.group"></div>' +
    '<div class="entry" title="Activate hand tool" data-action="hand-tool"></div></div>';
  document.body.append(container);
  const root = shape('bpmn:Process', { x: 0, y: 0, width: 0, height: 0 });
  const start = {
    ...shape('bpmn:StartEvent', { x: 40, y: 40, width: 36, height: 36 }),
    parent: root,
  };
  const handlers: Record<string, () => void> = {};
  let selected: DiagramShape[] = [];
  const services = {
    eventBus: { on: (event: string, callback: () => void) => (handlers[event] = callback) },
    canvas: {
      getContainer: () => container,
      getRootElement: () => root,
      viewbox: () => ({ x: 0, y: 0, width: 800, height: 600, scale: 1 }),
    },
    create: { start: vi.fn() },
    modeling: { createElements: vi.fn() },
    autoPlace: { append: vi.fn() },
    selection: {
      get: () => selected,
      select: vi.fn((element: DiagramShape) => (selected = [element])),
    },
    elementRegistry: {
      filter: (predicate: (e: DiagramShape) => boolean) => [root, start].filter(predicate),
    },
    directEditing: { isActive: () => true, cancel: vi.fn() },
  };
  const dragStart = services.create.start;
  const [, KeyboardPalette] = keyboardPaletteModule.keyboardPalette as [
    string,
    (...services: unknown[]) => void,
  ];
  KeyboardPalette(...Object.values(services));
  handlers['palette.changed']!();

  // As bpmn-js's palette provider does: a shape entry's click starts creating its shape.
  const created: Record<string, DiagramShape> = {
    'create.task': shape('bpmn:Task'),
    'create.group': shape('bpmn:Group', { x: 0, y: 0, width: 300, height: 300 }),
  };
  const entries = [...container.querySelectorAll<HTMLElement>('.entry')];
  for (const entry of entries) {
    const made = created[entry.dataset.action!];
    if (made) entry.addEventListener('click', (event) => services.create.start(event, made));
  }
  const press = (entry: HTMLElement, key: string, repeat = false) =>
    entry.dispatchEvent(new KeyboardEvent('keydown', { key, repeat, bubbles: true }));
  const select = (element: DiagramShape) => (selected = [element]);
  return { services, dragStart, entries, created, start, root, press, select };
}

describe('keyboard palette', () => {
  it('should make every entry a named, focusable button that Enter and Space click', () => {
    const { entries, press } = setUp();
    expect(
      entries.map((e) => [e.tabIndex, e.getAttribute('role'), e.getAttribute('aria-label')]),
    ).toEqual([
      [0, 'button', 'Create task'],
      [0, 'button', 'Create group'],
      [0, 'button', 'Activate hand tool'],
    ]);
    const clicked = vi.fn();
    entries[2]!.addEventListener('click', clicked);
    press(entries[2]!, 'Enter');
    press(entries[2]!, ' ');
    press(entries[2]!, 'a');
    press(entries[2]!, 'Enter', true);
    expect(clicked).toHaveBeenCalledTimes(2);
  });

  it('should place a shape in a free place on screen when nothing is selected, and select it', () => {
    const { services, dragStart, entries, created, root, press } = setUp();
    press(entries[0]!, 'Enter');
    const task = created['create.task']!;
    expect(dragStart).not.toHaveBeenCalled();
    // Right of the start event (40..76 plus the gap of 30), on the first row; the centre is given.
    expect(services.modeling.createElements).toHaveBeenCalledWith(
      [task],
      { x: 110 + 50, y: 30 + 40 },
      root,
      {},
    );
    expect(services.selection.select).toHaveBeenCalledWith(task);
    expect(document.activeElement).toBe(entries[0]);
  });

  it('should append a flow element to the selected one, without its label editor', () => {
    const { services, entries, created, start, press, select } = setUp();
    select(start);
    press(entries[0]!, ' ');
    const task = created['create.task']!;
    expect(services.autoPlace.append).toHaveBeenCalledWith(start, task);
    expect(services.modeling.createElements).not.toHaveBeenCalled();
    expect(services.directEditing.cancel).toHaveBeenCalled();
    expect(services.selection.select).toHaveBeenCalledWith(task);
  });

  it('should not append what is not a flow element: a group goes to a free place', () => {
    const { services, entries, created, start, press, select } = setUp();
    select(start);
    press(entries[1]!, 'Enter');
    expect(services.autoPlace.append).not.toHaveBeenCalled();
    expect(services.modeling.createElements).toHaveBeenCalledWith(
      [created['create.group']],
      expect.anything(),
      expect.anything(),
      {},
    );
  });

  it('should leave a click with the mouse to the library (a drag the pointer finishes)', () => {
    const { services, dragStart, entries, created } = setUp();
    entries[0]!.click();
    expect(dragStart).toHaveBeenCalledWith(
      expect.any(MouseEvent),
      created['create.task'],
      undefined,
    );
    expect(services.modeling.createElements).not.toHaveBeenCalled();
    expect(services.selection.select).not.toHaveBeenCalled();
  });
});
