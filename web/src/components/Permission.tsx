import type { ReactNode } from 'react';

import { hasPermi, hasRole, type Required, useSession } from '../lib/auth';

interface GateProps {
  /** One value, or a list checked any-of (default) or all-of with `mode="all"`. Never empty. */
  value: Required;
  mode?: 'any' | 'all';
  children: ReactNode;
}

/** Renders its children only for users holding the permission(s) (spec §6; `*:*:*` holds all). */
export function HasPermi({ value, mode = 'any', children }: GateProps) {
  const permissions = useSession((state) => state.permissions);
  return hasPermi(permissions, value, mode) ? children : null;
}

/** Renders its children only for users holding the role(s) (spec §6; `admin` holds all). */
export function HasRole({ value, mode = 'any', children }: GateProps) {
  const roles = useSession((state) => state.roles);
  return hasRole(roles, value, mode) ? children : null;
}

/** The checks as functions for code that decides rather than renders. */
export function usePermission() {
  const permissions = useSession((state) => state.permissions);
  const roles = useSession((state) => state.roles);
  return {
    hasPermi: (value: Required, mode?: 'any' | 'all') => hasPermi(permissions, value, mode),
    hasRole: (value: Required, mode?: 'any' | 'all') => hasRole(roles, value, mode),
  };
}
