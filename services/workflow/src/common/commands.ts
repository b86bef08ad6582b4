import { DomainError } from '@platform/contracts';
import type { Caller } from '@platform/contracts/dto';

/** Who the change is recorded as: the caller's user id (the gateway only forwards signed-in calls). */
export function actorOf(command: { caller?: Caller }): string {
  if (!command.caller) throw new DomainError('auth.session_invalid', {}, 401);
  return String(command.caller.userId);
}

/** The signed-in caller, for calls that act as, or read for, a person. */
export function callerOf(command: { caller?: Caller }): Caller {
  if (!command.caller) throw new DomainError('auth.session_invalid', {}, 401);
  return command.caller;
}

export function pageOf(query: { pageNum?: number; pageSize?: number }) {
  const size = query.pageSize ?? 20;
  return { skip: ((query.pageNum ?? 1) - 1) * size, take: size };
}

export function iso(date: Date | null | undefined): string {
  return date ? date.toISOString() : '';
}

/** `%text%` for LIKE, with the wildcards of the text escaped. */
export function contains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The ids of `wanted` that `found` lacks, so a message can name the first missing one. */
export function missingIds(wanted: readonly number[], found: readonly { id: number }[]): number[] {
  const present = new Set(found.map((row) => Number(row.id)));
  return wanted.filter((id) => !present.has(id));
}

export function unique<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}

export function isDuplicateEntry(error: unknown): boolean {
  return (error as { code?: string })?.code === 'ER_DUP_ENTRY';
}
