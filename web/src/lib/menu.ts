import type { MessageDescriptor } from '@lingui/core';
import { type RouteItem, SUPER_USER_ID } from '@platform/contracts';

// The server's menu tree (getRouters) turned into what the layout needs: the visible tree for one user,
// the flat list of pages with full paths (search, tags, breadcrumb) and path matching.

/** A title from the server (already in the request language) or a message of the app's own. */
export type Title = string | MessageDescriptor;

/** Container components: they group children and are not pages themselves. */
export const CONTAINERS = new Set(['Layout', 'ParentView']);
export const INNER_LINK = 'InnerLink';

const isExternal = (path: string) => /^(https?:|mailto:|tel:)/.test(path);

/** The dashboard entry that only user id 1 sees (spec §2). */
export function isIndexEntry(route: RouteItem): boolean {
  const path = route.path.replace(/^\//, '');
  return route.name === 'Index' || path === 'index';
}

/** The talk playground entry that user id 1 does not see (spec §2). */
export function isTalkPlaygroundEntry(route: RouteItem): boolean {
  return (
    route.name === 'TalkPlayground' ||
    route.component === 'wujie/playground/talk' ||
    /(^|\/)playground\/talk$/.test(route.path)
  );
}

/** Applies the user-id-1 rules to the whole tree. */
export function menuForUser(routes: RouteItem[], userId: number | undefined): RouteItem[] {
  const superUser = userId === SUPER_USER_ID;
  const keep = (route: RouteItem) =>
    superUser ? !isTalkPlaygroundEntry(route) : !isIndexEntry(route);
  return routes
    .filter(keep)
    .map((route) =>
      route.children ? { ...route, children: menuForUser(route.children, userId) } : route,
    );
}

export function joinPath(parent: string, child: string): string {
  if (isExternal(child) || child.startsWith('/')) return child;
  const base = parent.endsWith('/') ? parent.slice(0, -1) : parent;
  return `${base}/${child}`.replace(/\/+/g, '/');
}

/** One page of the menu with its full path and the titles of its ancestors. */
export interface MenuPage {
  path: string;
  title: Title;
  component: string;
  icon?: string;
  affix?: boolean;
  noCache?: boolean;
  /** External address (opens a new tab) or the InnerLink address (shown in a frame). */
  link?: string;
  hidden: boolean;
  query?: string;
  /** Ancestor titles, outermost first (breadcrumb). */
  trail: Title[];
}

/** Every page of the tree (hidden ones too: they can still be opened by path). */
export function flattenMenu(routes: RouteItem[], parent = '/', trail: Title[] = []): MenuPage[] {
  const pages: MenuPage[] = [];
  for (const route of routes) {
    const path = joinPath(parent, route.path);
    const title = route.meta?.title ?? route.name ?? path;
    if (route.children?.length) {
      const nextTrail = route.meta ? [...trail, title] : trail;
      pages.push(...flattenMenu(route.children, path, nextTrail));
      continue;
    }
    pages.push({
      path,
      title,
      component: route.component ?? '',
      icon: route.meta?.icon,
      affix: route.meta?.affix,
      noCache: route.meta?.noCache,
      link: route.meta?.link ?? (isExternal(route.path) ? route.path : undefined),
      hidden: route.hidden,
      query: route.query,
      trail,
    });
  }
  return pages;
}

/** Matches `/a/:id` style patterns; returns the params or undefined. */
export function matchPattern(
  pattern: string,
  pathname: string,
): Record<string, string> | undefined {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  if (want.length !== have.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i += 1) {
    const segment = want[i]!;
    if (segment.startsWith(':')) params[segment.slice(1)] = decodeURIComponent(have[i]!);
    else if (segment !== have[i]) return undefined;
  }
  return params;
}

/** A menu item as the sidebar shows it: visible children only, single-child Layouts flattened. */
export interface MenuNode {
  path: string;
  title: Title;
  icon?: string;
  link?: string;
  children: MenuNode[];
}

export function visibleMenu(routes: RouteItem[], parent = '/'): MenuNode[] {
  const nodes: MenuNode[] = [];
  for (const route of routes) {
    if (route.hidden) continue;
    const path = joinPath(parent, route.path);
    const children = route.children ? visibleMenu(route.children, path) : [];
    // A top-level Layout with one visible child and no alwaysShow shows that child in its place.
    if (children.length === 1 && !route.alwaysShow && route.component === 'Layout') {
      nodes.push(children[0]!);
      continue;
    }
    if (route.children?.length && children.length === 0) continue;
    nodes.push({
      path,
      title: route.meta?.title ?? route.name ?? path,
      icon: route.meta?.icon,
      link: isExternal(route.path) ? route.path : undefined,
      children,
    });
  }
  return nodes;
}
