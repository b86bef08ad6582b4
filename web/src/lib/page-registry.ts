import type { ComponentType } from 'react';

import { lazyWithPreload } from './lazy-with-preload';
import type { PageProps } from './page-props';

type PageLoader = () => Promise<{ default: ComponentType<PageProps> }>;

// Maps the server's component strings (RouteItem.component, e.g. `system/user/index`) and the app's own
// route keys to lazily loaded pages, so each screen is its own chunk. Features add theirs with
// registerPages (register-pages.ts); an unknown string shows the "page not available" state.
const loaders = new Map<string, PageLoader>();

type Page = ReturnType<typeof lazyWithPreload<PageProps>>;

const pages = new Map<string, Page>();

export function registerPages(entries: Record<string, PageLoader>): void {
  for (const [component, loader] of Object.entries(entries)) {
    loaders.set(component, loader);
    pages.delete(component);
  }
}

export function hasPage(component: string): boolean {
  return loaders.has(component);
}

/**
 * The lazy page for a component string, or undefined when none is registered. Once its module is in
 * (preloadPage), it renders at once, without a Suspense fallback first.
 */
export function pageFor(component: string): Page | undefined {
  const known = pages.get(component);
  if (known) return known;
  const loader = loaders.get(component);
  if (!loader) return undefined;
  const page = lazyWithPreload(() => loader().then((module) => module.default));
  pages.set(component, page);
  return page;
}

/** Loads a page's module ahead of its first render (nothing for an unknown component). */
export async function preloadPage(component: string): Promise<void> {
  await pageFor(component)?.preload();
}
