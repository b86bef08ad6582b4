import { hasPermi, type SessionState } from '../../lib/auth';
import { CONSTANT_ROUTES, DYNAMIC_ROUTES, type LocalRoute } from '../../lib/local-routes';
import { flattenMenu, matchPattern, type MenuPage, type Title } from '../../lib/menu';

/** What a path inside the main layout shows. */
export type Resolution =
  | {
      kind: 'page';
      path: string;
      title: Title;
      component: string;
      params: Record<string, string>;
      affix: boolean;
      link?: string;
      trail: Title[];
    }
  | { kind: 'forbidden' }
  | { kind: 'notFound' };

function fromMenu(page: MenuPage, params: Record<string, string>): Resolution {
  return {
    kind: 'page',
    path: page.path,
    title: page.title,
    component: page.component,
    params,
    affix: Boolean(page.affix),
    link: page.link,
    trail: page.trail,
  };
}

function fromLocal(route: LocalRoute, params: Record<string, string>): Resolution {
  return {
    kind: 'page',
    path: route.path,
    title: route.title,
    component: route.component,
    params,
    affix: Boolean(route.affix),
    trail: [],
  };
}

const normalize = (pathname: string) =>
  pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;

/**
 * Resolves a path against the server menu, then the app's constant routes, then the permission-gated
 * routes (numeric params; no permission → forbidden). Anything else is not found.
 */
export function resolvePath(pathname: string, session: SessionState): Resolution {
  const path = normalize(pathname);
  for (const page of flattenMenu(session.routes)) {
    const params = matchPattern(page.path, path);
    if (params) return fromMenu(page, params);
  }
  for (const route of CONSTANT_ROUTES) {
    const params = matchPattern(route.path, path);
    if (!params) continue;
    if (route.permissions && !hasPermi(session.permissions, route.permissions)) {
      return { kind: 'forbidden' };
    }
    return fromLocal(route, params);
  }
  for (const route of DYNAMIC_ROUTES) {
    const params = matchPattern(route.path, path);
    if (!params) continue;
    const numeric = (route.numericParams ?? []).every((name) => /^\d+$/.test(params[name] ?? ''));
    if (!numeric) return { kind: 'notFound' };
    if (route.permissions && !hasPermi(session.permissions, route.permissions)) {
      return { kind: 'forbidden' };
    }
    return fromLocal(route, params);
  }
  return { kind: 'notFound' };
}

/** Every page the header search can jump to: the visible pages of the menu. */
export function searchablePages(session: SessionState): MenuPage[] {
  return flattenMenu(session.routes).filter((page) => !page.hidden && !page.path.includes(':'));
}
