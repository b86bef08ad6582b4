import { DEFAULT_ROLE, type RouteItem } from '@platform/contracts';

import { clearSession, getToken, sessionStore } from '../../lib/auth';
import { currentLanguage, onLanguageChange } from '../../lib/i18n';
import { menuForUser } from '../../lib/menu';
import { closeUserSocket } from '../../lib/socket';
import { tagsStore } from '../../lib/tags';
import { getInfo, getRouters, logout } from './auth.api';

/**
 * The server menu in the current language. Titles come in the request's language, so a menu that was
 * on its way while the user switched language is asked for again rather than shown in the old one.
 */
async function routesInCurrentLanguage(): Promise<RouteItem[]> {
  for (;;) {
    const requested = currentLanguage();
    const routes = await getRouters();
    if (requested === currentLanguage()) return routes;
  }
}

/** The session load under way, which every caller waits for rather than starting another. */
let loading: Promise<void> | null = null;

/**
 * Session step "user info loaded → routes generated" (spec §4): user info and the server menu (asked
 * for together: neither needs the other's answer). The app starts it as soon as it knows the language,
 * before its first render; the route guard then waits for the same load.
 */
export function loadSession(): Promise<void> {
  loading ??= fetchSession().finally(() => {
    loading = null;
  });
  return loading;
}

async function fetchSession(): Promise<void> {
  const [info, routes] = await Promise.all([getInfo(), routesInCurrentLanguage()]);
  sessionStore.set({
    user: info.user,
    roles: info.roles.length > 0 ? info.roles : [DEFAULT_ROLE],
    permissions: info.permissions,
    routes: menuForUser(routes, info.user.userId),
  });
}

/**
 * Menu titles come in the request language: fetch the menu again after a language switch. A switch
 * during the session's load waits for it: the load may have had its menu before the new catalogue was
 * active, in the old language.
 */
async function reloadMenu(): Promise<void> {
  if (loading) await loading.catch(() => undefined);
  const { user } = sessionStore.get();
  if (!user || !getToken()) return;
  const routes = await routesInCurrentLanguage();
  sessionStore.set((state) => ({ ...state, routes: menuForUser(routes, user.userId) }));
}

// Here, not in the layout: a switch made while the session loads (on the sign-in page, before any
// layout is mounted) must still bring the menu in the new language.
onLanguageChange(() => void reloadMenu());

/** Forgets the session on this device (token, roles, permissions, socket, tabs). */
export function forgetSession(): void {
  clearSession();
  closeUserSocket();
  tagsStore.set([]);
}

/** Signs out on the server (errors ignored: the token may already be gone), then locally. */
export async function signOut(): Promise<void> {
  try {
    await logout();
  } catch {
    // The session is ended locally in any case.
  }
  forgetSession();
}
