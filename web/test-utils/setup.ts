import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';

import { activateLanguage } from '../src/lib/i18n';

// jsdom lacks the layout APIs Mantine reads; these stand-ins report "nothing matches / no size".
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

Object.assign(window, { ResizeObserver: NoResizeObserver });
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }) as MediaQueryList;
window.HTMLElement.prototype.scrollIntoView ??= () => undefined;
// jsdom has window.scrollTo but only reports it as not implemented (tables scroll to the top on paging).
window.scrollTo = () => undefined;

beforeAll(async () => {
  await activateLanguage('en', false);
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
