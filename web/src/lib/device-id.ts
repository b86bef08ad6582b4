// A random id of this browser, kept in local storage and sent as X-Device-Id: the server records it
// with a sign-up (many sign-ups from one device are flagged for the administrator). Not a
// fingerprint: clearing the site's storage gives a new one.

const KEY = 'wujie-device-id';
const VALID = /^[A-Za-z0-9_-]{8,128}$/;

let cached: string | null = null;

/** This browser's device id, made on first use; null where storage is unavailable. */
export function deviceId(): string | null {
  if (cached) return cached;
  try {
    const stored = window.localStorage.getItem(KEY);
    if (stored && VALID.test(stored)) return (cached = stored);
    const made = crypto.randomUUID();
    window.localStorage.setItem(KEY, made);
    return (cached = made);
  } catch {
    return null;
  }
}
