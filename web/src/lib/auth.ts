import {
  type Actor,
  hasAllPermissions,
  hasAllRoles,
  hasAnyPermission,
  hasAnyRole,
  type RouteItem,
  type UserInfoView,
} from '@platform/contracts';

import { readStore, removeStore, STORAGE_KEYS, writeStore } from './storage';
import { createStore, useStore } from './store';

// Session state of spec §4: no token → token set → user info loaded → routes generated.

export function getToken(): string | undefined {
  const token = readStore(STORAGE_KEYS.token);
  return typeof token === 'string' && token ? token : undefined;
}

export function setToken(token: string): void {
  writeStore({ name: STORAGE_KEYS.token, content: token });
}

export function removeToken(): void {
  removeStore(STORAGE_KEYS.token);
}

export interface SessionState {
  user: UserInfoView['user'] | null;
  roles: string[];
  permissions: string[];
  /** The server's menu tree (getRouters), already filtered by the user-id-1 rules. */
  routes: RouteItem[];
  /** Invitation link status pushed over the socket: 1 enabled, 0 disabled. */
  linkStatus?: 0 | 1;
}

const EMPTY: SessionState = { user: null, roles: [], permissions: [], routes: [] };

export const sessionStore = createStore<SessionState>(EMPTY);

export function useSession<S>(select: (state: SessionState) => S): S {
  return useStore(sessionStore, select);
}

/** The signed-in user as the access rules of contracts take them (seesEveryMission and the like). */
export function useActor(): Actor {
  const permissions = useSession((state) => state.permissions);
  const admin = useSession((state) => state.user?.admin ?? false);
  const userId = useSession((state) => state.user?.userId ?? 0);
  return { permissions, admin, userId };
}

/** Clears the session in memory and the token; the intro video and survey show again next time. */
export function clearSession(): void {
  removeToken();
  sessionStore.set(EMPTY);
  writeStore({ name: STORAGE_KEYS.videoShown, content: false });
  writeStore({ name: STORAGE_KEYS.showSurvey, content: true });
}

/** The tenant (company) of the signed-in user, sent as TENANT-ID when present. */
export function tenantId(): number | null {
  return sessionStore.get().user?.companyId ?? null;
}

export type Required = string | readonly string[];

function toList(value: Required): readonly string[] {
  const list = typeof value === 'string' ? [value] : value;
  // An empty list is a programming error (spec §6), not a silent "no".
  if (list.length === 0) throw new Error('A permission or role list must not be empty');
  return list;
}

/** Permission check of spec §6: any-of by default, all-of with `mode: 'all'`; `*:*:*` passes. */
export function hasPermi(
  held: readonly string[],
  required: Required,
  mode: 'any' | 'all' = 'any',
): boolean {
  const list = toList(required);
  return mode === 'all' ? hasAllPermissions(held, list) : hasAnyPermission(held, list);
}

/** Role check of spec §6: any-of by default, all-of with `mode: 'all'`; role `admin` passes. */
export function hasRole(
  held: readonly string[],
  required: Required,
  mode: 'any' | 'all' = 'any',
): boolean {
  const list = toList(required);
  return mode === 'all' ? hasAllRoles(held, list) : hasAnyRole(held, list);
}
