/**
 * Keeps an answer for a short while, by key, so a dashboard polled by many screens costs one query per
 * period. The promise itself is kept: callers arriving while it loads share it; a failed load is
 * forgotten at once so the next caller tries again.
 */
export class BriefCache<T> {
  private readonly entries = new Map<string, { expires: number; value: Promise<T> }>();

  constructor(private readonly ttlMs: number) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const held = this.entries.get(key);
    if (held && held.expires > now) return held.value;
    this.forgetExpired(now);
    const value = load();
    this.entries.set(key, { expires: now + this.ttlMs, value });
    value.catch(() => this.entries.delete(key));
    return value;
  }

  private forgetExpired(now: number): void {
    for (const [key, entry] of this.entries) if (entry.expires <= now) this.entries.delete(key);
  }
}
