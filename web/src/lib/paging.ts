import { sessionStore } from './auth';
import { requestData } from './request';

/**
 * Remembers the rows per page a user picked (spec: the user's pagesize, GET
 * /system/user/profile/updatepagesize/{n}), so every table opens with it next time. Silent: a size
 * not stored is only not remembered.
 */
export async function savePageSize(size: number): Promise<void> {
  sessionStore.set((s) => (s.user ? { ...s, user: { ...s.user, pagesize: size } } : s));
  await requestData(`/system/user/profile/updatepagesize/${size}`, { silent: true }).catch(
    () => undefined,
  );
}

/** A new page starts at its top (spec: scroll to top on paging), smoothly where motion is welcome. */
export function scrollToTop(): void {
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: 0, behavior: reduced ? 'auto' : 'smooth' });
}
