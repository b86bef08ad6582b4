import { isRedirect, type ParsedLocation, redirect } from '@tanstack/react-router';

import { getToken, sessionStore } from '../../lib/auth';
import { notify } from '../../lib/notify';
import { RequestError } from '../../lib/request';
import { forgetSession, loadSession } from './session';

/** Paths open without a token (spec §2). */
export const WHITE_LIST = ['/login', '/agreement'];

/** A redirect target must stay on this site: one leading slash, no scheme. */
export function safeRedirect(target: unknown): string {
  return typeof target === 'string' && target.startsWith('/') && !target.startsWith('//')
    ? target
    : '/';
}

/**
 * The route guard of spec §2: without a token only the white list is open (others go to /login with the
 * full path in `redirect`); with one, /login goes to /; a session without roles loads user info and the
 * server menu first, and on failure signs out with an error message and goes to /.
 */
export async function guard(location: Pick<ParsedLocation, 'pathname' | 'href'>): Promise<void> {
  const path = location.pathname;
  if (!getToken()) {
    if (WHITE_LIST.includes(path)) return;
    throw redirect({ to: '/login', search: { redirect: location.href } });
  }
  if (path === '/login') throw redirect({ to: '/' });
  if (sessionStore.get().roles.length > 0) return;
  try {
    await loadSession();
  } catch (error) {
    if (isRedirect(error)) throw error;
    forgetSession();
    // The request layer has already shown its own failures; anything else is said here.
    if (!(error instanceof RequestError)) {
      notify('error', error instanceof Error ? error.message : String(error));
    }
    throw redirect({ to: '/' });
  }
}
