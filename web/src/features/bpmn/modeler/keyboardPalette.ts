import { type Box, freeSpot, type Size, toDiagramBox } from './freeSpot';

// Keyboard access to the palette (issue 20): bpmn-js draws its entries as plain divs, reachable only
// with the mouse. Each entry becomes a focusable button named by its title (the library's own,
// translated text), and Enter or Space activates it as a click does (the tools: hand, lasso, space,
// connect). A shape entry's click starts a drag that only a pointer can finish, so from a key the shape
// is placed at once: appended to the selected element (connected to it, as the context pad does), or
// else in the first free place on screen; then it is selected, so the properties panel shows it, and
// focus stays on the entry. The canvas itself is focusable and takes the library's keyboard shortcuts
// when focused (diagram-js binds its keyboard to the canvas).

export interface DiagramShape extends Box {
  id: string;
  type: string;
  parent?: DiagramShape | null;
  /** Set on a label: the element it names. */
  labelTarget?: DiagramShape;
  /** Set on a connection. */
  waypoints?: unknown[];
  hidden?: boolean;
  businessObject?: { $instanceOf(type: string): boolean };
}

interface Viewbox extends Box {
  scale: number;
}

interface Services {
  eventBus: { on(event: string, callback: () => void): void };
  canvas: { getContainer(): HTMLElement; getRootElement(): DiagramShape; viewbox(): Viewbox };
  create: {
    start(event: Event, elements: DiagramShape | DiagramShape[], context?: CreateContext): void;
  };
  modeling: {
    createElements(
      elements: DiagramShape[],
      position: { x: number; y: number },
      parent: DiagramShape,
      hints?: object,
    ): DiagramShape[];
  };
  autoPlace: { append(source: DiagramShape, shape: DiagramShape): DiagramShape };
  selection: { get(): DiagramShape[]; select(element: DiagramShape): void };
  elementRegistry: { filter(predicate: (element: DiagramShape) => boolean): DiagramShape[] };
  directEditing: { isActive(): boolean; cancel(): void };
}

interface CreateContext {
  hints?: object;
}

/** Diagram units kept between a placed shape and its neighbours or the edge of the screen. */
const GAP = 30;

const is = (element: DiagramShape, type: string) =>
  element.businessObject?.$instanceOf(type) ?? false;

const isConnection = (element: DiagramShape) => Array.isArray(element.waypoints);

function labelEntries(container: HTMLElement): void {
  for (const entry of container.querySelectorAll<HTMLElement>('.djs-palette .entry')) {
    entry.tabIndex = 0;
    entry.setAttribute('role', 'button');
    const title = entry.getAttribute('title');
    if (title) entry.setAttribute('aria-label', title);
  }
}

const boundsOf = (elements: DiagramShape[]): Box => {
  const left = Math.min(...elements.map((e) => e.x));
  const top = Math.min(...elements.map((e) => e.y));
  const right = Math.max(...elements.map((e) => e.x + e.width));
  const bottom = Math.max(...elements.map((e) => e.y + e.height));
  return { x: left, y: top, width: right - left, height: bottom - top };
};

/**
 * Where a shape placed by key goes: the diagram's process, or in a collaboration the first pool on
 * screen, within the part of it the user sees.
 */
function placeArea(root: DiagramShape, view: Box, pools: DiagramShape[]) {
  if (!is(root, 'bpmn:Collaboration')) return { parent: root, area: view };
  const pool = pools.find(
    (p) => p.x < view.x + view.width && view.x < p.x + p.width && p.y < view.y + view.height,
  );
  if (!pool) return { parent: root, area: view };
  const x = Math.max(view.x, pool.x);
  const y = Math.max(view.y, pool.y);
  const right = Math.min(view.x + view.width, pool.x + pool.width);
  const bottom = Math.min(view.y + view.height, pool.y + pool.height);
  return { parent: pool, area: { x, y, width: right - x, height: bottom - y } };
}

function KeyboardPalette(
  eventBus: Services['eventBus'],
  canvas: Services['canvas'],
  create: Services['create'],
  modeling: Services['modeling'],
  autoPlace: Services['autoPlace'],
  selection: Services['selection'],
  elementRegistry: Services['elementRegistry'],
  directEditing: Services['directEditing'],
) {
  const container = canvas.getContainer();
  eventBus.on('palette.changed', () => labelEntries(container));
  eventBus.on('import.done', () => labelEntries(container));

  /** The palette, which lies over the canvas: a shape placed under it could not be seen. */
  function paletteBox(view: Viewbox): Box | null {
    const palette = container.querySelector('.djs-palette');
    const rect = palette?.getBoundingClientRect();
    if (!rect || rect.width === 0) return null;
    const origin = container.getBoundingClientRect();
    return toDiagramBox(rect, origin, view);
  }

  /** One element selected that a flow can leave (a task, an event, a gateway...), else null. */
  function appendSource(elements: DiagramShape[]): DiagramShape | null {
    const selected = selection.get();
    if (elements.length !== 1 || !is(elements[0]!, 'bpmn:FlowElement')) return null;
    if (selected.length !== 1) return null;
    const [source] = selected;
    return is(source!, 'bpmn:FlowNode') && !source!.labelTarget ? source! : null;
  }

  function createInView(elements: DiagramShape[], hints: object): void {
    for (const element of elements) {
      element.x ??= 0;
      element.y ??= 0;
    }
    const { width, height } = boundsOf(elements.filter((e) => !isConnection(e) && !e.hidden));
    const size: Size = { width, height };
    const view = canvas.viewbox();
    const pools = elementRegistry.filter((e) => is(e, 'bpmn:Participant'));
    const { parent, area } = placeArea(canvas.getRootElement(), view, pools);
    const taken = elementRegistry.filter(
      (e) =>
        e !== parent &&
        !e.hidden &&
        !isConnection(e) &&
        !is(e, 'bpmn:Participant') &&
        !is(e, 'bpmn:Lane') &&
        e.parent != null,
    );
    const palette = paletteBox(view);
    const spot = freeSpot(area, size, palette ? [...taken, palette] : taken, GAP);
    // No free place on screen: the middle of it, over whatever is there, is still in sight.
    const topLeft = spot ?? {
      x: area.x + (area.width - size.width) / 2,
      y: area.y + (area.height - size.height) / 2,
    };
    modeling.createElements(
      elements,
      { x: topLeft.x + size.width / 2, y: topLeft.y + size.height / 2 },
      parent,
      hints,
    );
  }

  function place(elements: DiagramShape[], hints: object): void {
    const shape = elements.find((element) => !isConnection(element));
    if (!shape) return;
    const source = appendSource(elements);
    if (source) autoPlace.append(source, shape);
    else createInView(elements, hints);
    // Appending opens the new task's label editor, which would take focus from the palette; the name is
    // typed in the properties panel instead, the same whichever way the shape was placed.
    if (directEditing.isActive()) directEditing.cancel();
    selection.select(shape);
  }

  let placingByKey = false;
  const startDragging = create.start.bind(create);
  create.start = (event, elements, context) => {
    if (!placingByKey) return startDragging(event, elements, context);
    place(Array.isArray(elements) ? elements : [elements], context?.hints ?? {});
  };

  container.addEventListener('keydown', (event) => {
    const entry = event.target as HTMLElement;
    if (event.key !== 'Enter' && event.key !== ' ') return;
    if (!entry.matches('.djs-palette .entry')) return;
    event.preventDefault();
    // A held key would fill the diagram with shapes.
    if (event.repeat) return;
    placingByKey = true;
    try {
      // A click (not the key event) goes to the palette: its tools read a pointer position from it.
      entry.click();
    } finally {
      placingByKey = false;
    }
    entry.focus();
  });
}
KeyboardPalette.$inject = [
  'eventBus',
  'canvas',
  'create',
  'modeling',
  'autoPlace',
  'selection',
  'elementRegistry',
  'directEditing',
];

export const keyboardPaletteModule = {
  __init__: ['keyboardPalette'],
  keyboardPalette: ['type', KeyboardPalette],
};
