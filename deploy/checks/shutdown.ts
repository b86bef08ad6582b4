/** Seconds a process needs after its drain before SIGKILL may come (closing connections, logs). */
export const SHUTDOWN_MARGIN_SECONDS = 5;

/**
 * The drain variables of an environment (`*_DRAIN_MS`) that a grace period of `graceSeconds` cuts
 * short, as [name, value]: one rule for compose's stop_grace_period and Kubernetes'
 * terminationGracePeriodSeconds.
 */
export function drainsCutShort(
  env: Record<string, string>,
  graceSeconds: number,
): [string, string][] {
  return Object.entries(env).filter(
    ([key, value]) =>
      key.endsWith('_DRAIN_MS') && Number(value) / 1000 + SHUTDOWN_MARGIN_SECONDS > graceSeconds,
  );
}
