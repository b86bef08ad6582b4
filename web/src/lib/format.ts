// Times of missions and node runs as the screens show them (the API sends ISO 8601 UTC, '' when unset).

const LOCALES: Record<string, string> = { zh: 'zh-CN', en: 'en-US' };

/** A moment in the interface language (24-hour clock), '' when unset. */
export const formatTime = (iso: string | null | undefined, language = 'zh') =>
  iso ? new Date(iso).toLocaleString(LOCALES[language] ?? language, { hour12: false }) : '';

/** How long a run took, or has been running (to `now`), as `1h 2m`, `3m 4s` or `5.6s`. */
export function formatDuration(startedAt: string, endedAt: string, now = Date.now()): string {
  if (!startedAt) return '';
  const ms = (endedAt ? Date.parse(endedAt) : now) - Date.parse(startedAt);
  if (!Number.isFinite(ms) || ms < 0) return '';
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ${Math.floor(seconds % 60)}s`;
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}

/**
 * A node run's language-model tokens as one number in the interface language ('' for a run
 * without a model); `≈` marks counts estimated from the text because the provider sent none.
 */
export function formatTokens(
  run: { promptTokens: number; completionTokens: number; tokensEstimated: boolean },
  language = 'zh',
): string {
  const total = run.promptTokens + run.completionTokens;
  if (!total) return '';
  const text = total.toLocaleString(LOCALES[language] ?? language);
  return run.tokensEstimated ? `≈ ${text}` : text;
}
