import { describe, expect, it, vi } from 'vitest';

import { keyboardPaletteModule } from './keyboardPalette';

// The palette's entries as bpmn-js draws them (divs with a title), made reachable and operable by key.
describe('keyboard palette', () => {
  it('should make every entry a named, focusable button that Enter and Space click', () => {
    const container = document.createElement('div');
    container.innerHTML =
      '<div class="djs-palette"><div class="entry" title="Create task"></div><div class="entry" title="Activate hand tool"></div></div>';
    const handlers: Record<string, () => void> = {};
    const eventBus = { on: (event: string, callback: () => void) => (handlers[event] = callback) };
    const [, KeyboardPalette] = keyboardPaletteModule.keyboardPalette as [
      string,
      (eventBus: unknown, canvas: unknown) => void,
    ];
    KeyboardPalette(eventBus, { getContainer: () => container });
    handlers['palette.changed']!();

    const entries = [...container.querySelectorAll<HTMLElement>('.entry')];
    expect(
      entries.map((e) => [e.tabIndex, e.getAttribute('role'), e.getAttribute('aria-label')]),
    ).toEqual([
      [0, 'button', 'Create task'],
      [0, 'button', 'Activate hand tool'],
    ]);
    const clicked = vi.fn();
    entries[1]!.addEventListener('click', clicked);
    entries[1]!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    entries[1]!.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true }));
    entries[1]!.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }));
    expect(clicked).toHaveBeenCalledTimes(2);
  });
});
