import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';

import { activateLanguage } from '../src/lib/i18n';

// jsdom lacks the layout APIs Mantine reads; these stand-ins report "nothing matches / no size".
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

// form-js's properties panel watches its headers' stickiness with an IntersectionObserver.
class NoIntersectionObserver extends NoResizeObserver {
  takeRecords() {
    return [];
  }
}

Object.assign(window, {
  ResizeObserver: NoResizeObserver,
  IntersectionObserver: NoIntersectionObserver,
});
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
// Nor document.fonts, where Mantine 9's Textarea autosize waits for web fonts to re-measure.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}
// jsdom has window.scrollTo but only reports it as not implemented (tables scroll to the top on paging).
window.scrollTo = () => undefined;

// findBy*/waitFor give a page 5 s, not 1 s, to show what its requests bring: the suite runs two files
// at a time beside the services' suites (scripts/test-all.mjs), and on a loaded machine a page's first
// render alone took over a second (ConversationsPage failed so once).
configure({ asyncUtilTimeout: 5000 });

beforeAll(async () => {
  await activateLanguage('en', false);
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
