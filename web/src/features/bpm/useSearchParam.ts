import { useSearch } from '@tanstack/react-router';

/** A query-string parameter of the page as text ('' when absent). */
export function useSearchParam(name: string): string {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const value = search[name];
  return value === undefined || value === null ? '' : String(value);
}
