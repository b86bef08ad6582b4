// Keyboard access to the palette (issue 20): bpmn-js draws its entries as plain divs, reachable only
// with the mouse. Each entry becomes a focusable button named by its title (the library's own,
// translated text), and Enter or Space activates it as a click does (the tools: hand, lasso, space,
// connect; a shape entry starts placing the shape). The canvas itself is focusable and takes the
// library's keyboard shortcuts when focused (diagram-js binds its keyboard to the canvas).

interface EventBus {
  on(event: string, callback: () => void): void;
}

interface Canvas {
  getContainer(): HTMLElement;
}

function labelEntries(container: HTMLElement): void {
  for (const entry of container.querySelectorAll<HTMLElement>('.djs-palette .entry')) {
    entry.tabIndex = 0;
    entry.setAttribute('role', 'button');
    const title = entry.getAttribute('title');
    if (title) entry.setAttribute('aria-label', title);
  }
}

function KeyboardPalette(eventBus: EventBus, canvas: Canvas) {
  const container = canvas.getContainer();
  eventBus.on('palette.changed', () => labelEntries(container));
  eventBus.on('import.done', () => labelEntries(container));
  container.addEventListener('keydown', (event) => {
    const target = event.target as HTMLElement;
    if ((event.key === 'Enter' || event.key === ' ') && target.matches('.djs-palette .entry')) {
      event.preventDefault();
      target.click();
    }
  });
}
KeyboardPalette.$inject = ['eventBus', 'canvas'];

export const keyboardPaletteModule = {
  __init__: ['keyboardPalette'],
  keyboardPalette: ['type', KeyboardPalette],
};
