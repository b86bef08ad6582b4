// The leave request's times as the API takes them (`yyyy-MM-dd HH:mm:ss`) and its days as the workflow
// service counts them (whole days between start and end), so the form shows what the server will use.

const pad = (n: number) => String(n).padStart(2, '0');

/** A `datetime-local` input's value (`yyyy-MM-ddTHH:mm`) as the API's text, '' when empty. */
export function apiDateTime(local: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(:\d{2})?$/.exec(local.trim());
  return match ? `${match[1]} ${match[2]}${match[3] ?? ':00'}` : '';
}

/** Whole days from start to end (null while either is missing or the end is not after the start). */
export function leaveDays(startLocal: string, endLocal: string): number | null {
  const start = Date.parse(startLocal);
  const end = Date.parse(endLocal);
  if (!Number.isFinite(start) || !Number.isFinite(end) || end <= start) return null;
  return Math.floor((end - start) / 86_400_000);
}

/** A date as a `datetime-local` value in local time. */
export function localInputValue(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
}
