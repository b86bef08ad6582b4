/**
 * Reads every 100 ms until `done` accepts what was read or `timeoutMs` has passed, and returns the
 * last value read: the caller's assertion on it then says what was wrong, not just "timed out".
 */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 30_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
