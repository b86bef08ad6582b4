/** Formats epoch milliseconds the way Camunda 7 does: `yyyy-MM-dd'T'HH:mm:ss.SSSZ` (UTC, `+0000`). */
export function formatCamundaDate(ms: number | null | undefined): string | null {
  if (ms === null || ms === undefined) return null;
  return new Date(ms).toISOString().replace('Z', '+0000');
}

/** Parses a Camunda date (`+0000`, `+01:00` or `Z` offsets); returns epoch milliseconds or null. */
export function parseCamundaDate(text: string): number | null {
  const normalised = text.replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  const ms = Date.parse(normalised);
  return Number.isNaN(ms) ? null : ms;
}
