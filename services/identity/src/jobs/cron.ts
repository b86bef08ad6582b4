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

export function nextRun(expression: string, after = new Date()): Date | null {
  const normalized = normalizeCron(expression);
  if (!normalized) return null;
  return CronExpressionParser.parse(normalized, { currentDate: after }).next().toDate();
}
