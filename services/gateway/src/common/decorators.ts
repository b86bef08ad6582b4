import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth, ApiExtension } from '@nestjs/swagger';

// Every route declares who may call it; the access guard refuses a route that declares nothing.

export const ACCESS_KEY = 'platform:access';

export type Access =
  | { kind: 'public' }
  | { kind: 'signed-in' }
  | { kind: 'permissions'; mode: 'any' | 'all'; values: string[] }
  | { kind: 'roles'; mode: 'any' | 'all'; values: string[] };

function declare(access: Access) {
  if ((access.kind === 'permissions' || access.kind === 'roles') && access.values.length === 0) {
    throw new Error('An empty permission or role list is a programming error (spec §6)');
  }
  const document =
    access.kind === 'public'
      ? ApiExtension('x-access', 'public')
      : applyDecorators(ApiBearerAuth(), ApiExtension('x-access', access));
  return applyDecorators(SetMetadata(ACCESS_KEY, access), document);
}

/** Open to anyone, no token needed. */
export const Public = () => declare({ kind: 'public' });

/** Any signed-in user. */
export const SignedIn = () => declare({ kind: 'signed-in' });

/** Holding the permission (one), any of them (`mode: 'any'`) or all of them (default for a list). */
export const RequirePermissions = (values: string | string[], mode: 'any' | 'all' = 'all') =>
  declare({ kind: 'permissions', mode, values: typeof values === 'string' ? [values] : values });

export const RequireRoles = (values: string | string[], mode: 'any' | 'all' = 'any') =>
  declare({ kind: 'roles', mode, values: typeof values === 'string' ? [values] : values });

/**
 * Served to every signed-in user while maintenance is on (see maintenance.ts): what the web needs to
 * know who is signed in and to show the notice instead of logging the user out.
 */
export const MAINTENANCE_EXEMPT_KEY = 'platform:maintenance-exempt';
export const ServedDuringMaintenance = () => SetMetadata(MAINTENANCE_EXEMPT_KEY, true);

/** Names a rate-limit policy for the route (see rate-limit.guard.ts). */
export const RATE_LIMIT_KEY = 'platform:rate-limit';
export type RateLimitPolicy = 'login' | 'register' | 'code' | 'captcha';
export const RateLimit = (policy: RateLimitPolicy) => SetMetadata(RATE_LIMIT_KEY, policy);
