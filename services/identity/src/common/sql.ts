import { DEFAULT_PAGE_SIZE, DomainError, type MessageKey } from '@platform/contracts';
import type { Caller, PageQueryBody } from '@platform/contracts/dto';
import type { DataSource, EntityManager } from 'typeorm';

/** A piece of SQL with its positional parameters. */
export interface SqlPart {
  sql: string;
  params: unknown[];
}

/** Collects `AND` conditions of a list query; empty filters are skipped. */
export class Where {
  private readonly parts: string[] = [];
  readonly params: unknown[] = [];

  add(sql: string, ...params: unknown[]): this {
    this.parts.push(sql);
    this.params.push(...params);
    return this;
  }

  /** Adds the condition only when the value is given (not undefined, null or ''). */
  when(value: unknown, sql: string, ...params: unknown[]): this {
    if (value === undefined || value === null || value === '') return this;
    return this.add(sql, ...(params.length ? params : [value]));
  }

  like(value: string | undefined, column: string): this {
    return this.when(value, `${column} LIKE ?`, `%${escapeLike(value ?? '')}%`);
  }

  range(begin: string | undefined, end: string | undefined, column: string): this {
    this.when(begin, `${column} >= ?`, begin);
    return this.when(end, `${column} < DATE_ADD(?, INTERVAL 1 DAY)`, end?.slice(0, 10));
  }

  part(part: SqlPart): this {
    return this.add(`(${part.sql})`, ...part.params);
  }

  get sql(): string {
    return this.parts.length ? `WHERE ${this.parts.join(' AND ')}` : '';
  }
}

export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function pageOf(query: PageQueryBody): { limit: number; offset: number } {
  const limit = query.pageSize ?? DEFAULT_PAGE_SIZE;
  return { limit, offset: ((query.pageNum ?? 1) - 1) * limit };
}

/**
 * ORDER BY from an allow-listed field (validated already; mapped to a column here so nothing from
 * the request reaches the SQL text) with a stable tie-breaker.
 */
export function orderBy(
  query: PageQueryBody & { orderByColumn?: string },
  columns: Record<string, string>,
  fallback: string,
): string {
  const column = query.orderByColumn ? columns[query.orderByColumn] : undefined;
  if (!column) return `ORDER BY ${fallback}`;
  const direction = query.isAsc === 'asc' || query.isAsc === 'ascending' ? 'ASC' : 'DESC';
  return `ORDER BY ${column} ${direction}`;
}

export interface Page<T> {
  rows: T[];
  total: number;
}

type Runner = Pick<DataSource | EntityManager, 'query'>;

/** Runs a paged list: the rows of the page and the total count under the same conditions. */
export async function pagedQuery<R, T>(
  db: Runner,
  select: string,
  countSql: string,
  where: Where,
  order: string,
  query: PageQueryBody,
  map: (row: R) => T,
  countWith?: (sql: string, params: unknown[], run: () => Promise<number>) => Promise<number>,
): Promise<Page<T>> {
  const { limit, offset } = pageOf(query);
  const count = async () =>
    Number(
      ((await db.query(`${countSql} ${where.sql}`, where.params)) as { n: number }[])[0]?.n ?? 0,
    );
  const [rows, total] = await Promise.all([
    db.query(`${select} ${where.sql} ${order} LIMIT ? OFFSET ?`, [...where.params, limit, offset]),
    countWith ? countWith(`${countSql} ${where.sql}`, where.params, count) : count(),
  ]);
  return { rows: (rows as R[]).map(map), total };
}

export function iso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** The signed-in caller of a command, or 401. */
export function callerOf(command: { caller?: Caller }): Caller {
  if (!command.caller) throw new DomainError('auth.session_invalid', {}, 401);
  return command.caller;
}

/** Throws the key when the row is missing. */
export function found<T>(row: T | undefined | null, key: MessageKey): T {
  if (row === undefined || row === null) throw new DomainError(key);
  return row;
}

/** True when MySQL refused an insert or update on a unique key. */
export function isDuplicate(error: unknown): boolean {
  return String((error as { message?: string })?.message ?? '').includes('Duplicate entry');
}

export function inList(ids: readonly number[]): string {
  return ids.map(() => '?').join(', ');
}

/** The user name of the caller, for create_by / update_by columns. */
export async function operatorName(db: Runner, caller: Caller): Promise<string> {
  const rows = (await db.query('SELECT user_name FROM sys_user WHERE user_id = ?', [
    caller.userId,
  ])) as { user_name: string }[];
  return rows[0]?.user_name ?? '';
}
