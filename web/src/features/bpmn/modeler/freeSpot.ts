// Where a shape placed from the keyboard goes when there is no element to append it to: the first
// free place, in reading order, of the part of the diagram on screen. A pointer says where a shape
// goes; a key does not, and a shape dropped on another (or off screen) is one the user cannot see.

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Size {
  width: number;
  height: number;
}

/** Diagram units between candidate places: fine enough to fit between shapes, few enough to be quick. */
const STEP = 10;

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const grown = (box: Box, by: number): Box => ({
  x: box.x - by,
  y: box.y - by,
  width: box.width + 2 * by,
  height: box.height + 2 * by,
});

/**
 * The top left corner of the first box of `size`, row by row from the top left of `area` (kept `gap`
 * inside it), that stays `gap` away from every `taken` box; null when none fits.
 */
export function freeSpot(area: Box, size: Size, taken: Box[], gap: number): Box | null {
  const blocked = taken.map((box) => grown(box, gap));
  const right = area.x + area.width - gap - size.width;
  const bottom = area.y + area.height - gap - size.height;
  for (let y = area.y + gap; y <= bottom; y += STEP) {
    for (let x = area.x + gap; x <= right; x += STEP) {
      const candidate = { x, y, width: size.width, height: size.height };
      if (!blocked.some((box) => overlaps(box, candidate))) return candidate;
    }
  }
  return null;
}

/** A screen rectangle inside the canvas container as a box in diagram units. */
export function toDiagramBox(
  rect: Box,
  container: { x: number; y: number },
  viewbox: Box & { scale: number },
): Box {
  return {
    x: viewbox.x + (rect.x - container.x) / viewbox.scale,
    y: viewbox.y + (rect.y - container.y) / viewbox.scale,
    width: rect.width / viewbox.scale,
    height: rect.height / viewbox.scale,
  };
}
