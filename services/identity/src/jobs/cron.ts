import { CronExpressionParser } from 'cron-parser';

/**
 * Cron expressions of jobs: 5 fields, or 6 with seconds first. Quartz's `?` (RuoYi's screens write it)
 * means "any" and is read as `*`; a 7th (year) field is not supported.
 */
export function normalizeCron(expression: string): string | null {
  const fields = expression.trim().split(/\s+/);
  if (fields.length < 5 || fields.length > 6) return null;
  const normalized = fields.map((f) => (f === '?' ? '*' : f)).join(' ');
  try {
    CronExpressionParser.parse(normalized);
    return normalized;
  } catch {
    return null;
  }
}

/**
 * The shortest gap between consecutive runs, in seconds, over the next `samples` runs (enough to see
 * the densest part of any 5- or 6-field expression's cycle within a day or so).
 */
export function shortestInterval(normalized: string, samples = 200, from = new Date()): number {
  const runs = CronExpressionParser.parse(normalized, { currentDate: from });
  let previous = runs.next().getTime();
  let shortest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < samples && runs.hasNext(); i += 1) {
    const next = runs.next().getTime();
    shortest = Math.min(shortest, (next - previous) / 1000);
    previous = next;
  }
  return shortest;
}

export function nextRun(expression: string, after = new Date()): Date | null {
  const normalized = normalizeCron(expression);
  if (!normalized) return null;
  return CronExpressionParser.parse(normalized, { currentDate: after }).next().toDate();
}
