import { describe, expect, it } from 'vitest';

import { freeSpot, toDiagramBox } from './freeSpot';

const task = { width: 100, height: 80 };
const screen = { x: 0, y: 0, width: 600, height: 400 };

describe('free spot for a shape placed by key', () => {
  it('should take the top left of an empty screen, kept the gap inside it', () => {
    expect(freeSpot(screen, task, [], 30)).toEqual({ x: 30, y: 30, ...task });
  });

  it('should go past what is taken, row by row, and keep the gap from it', () => {
    const palette = { x: 0, y: 0, width: 60, height: 400 };
    const start = { x: 180, y: 20, width: 36, height: 36 };
    const spot = freeSpot(screen, task, [palette, start], 30)!;
    // Right of the palette and of the start event (both plus the gap), on the first row.
    expect(spot).toEqual({ x: 250, y: 30, ...task });
  });

  it('should move down a row when a row is full', () => {
    const wide = { x: 0, y: 0, width: 600, height: 100 };
    expect(freeSpot(screen, task, [wide], 30)).toEqual({ x: 30, y: 130, ...task });
  });

  it('should follow a scrolled view and give null when nothing fits', () => {
    const scrolled = { x: 1000, y: -500, width: 300, height: 200 };
    expect(freeSpot(scrolled, task, [], 30)).toEqual({ x: 1030, y: -470, ...task });
    expect(freeSpot(scrolled, task, [scrolled], 30)).toBeNull();
    expect(freeSpot({ x: 0, y: 0, width: 120, height: 120 }, task, [], 30)).toBeNull();
  });
});

describe('screen to diagram box', () => {
  it('should scale and shift by the viewbox', () => {
    const rect = { x: 120, y: 70, width: 50, height: 200 };
    const container = { x: 100, y: 50 };
    const viewbox = { x: 300, y: 40, width: 800, height: 600, scale: 0.5 };
    expect(toDiagramBox(rect, container, viewbox)).toEqual({
      x: 340,
      y: 80,
      width: 100,
      height: 400,
    });
  });
});
