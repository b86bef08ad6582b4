import { DomainError, type MessageKey } from '@platform/contracts';
import { type DataSource, type EntityTarget, In, type ObjectLiteral } from 'typeorm';

import { missingIds } from './commands';

// Lookups every feature of this service makes: a row or 404, ids that must exist, and the rows of
// another table that still refer to one (JSON id lists, as links are kept in JSON columns).

export async function findOr404<T extends ObjectLiteral>(
  db: DataSource,
  entity: EntityTarget<T>,
  id: number,
  notFound: MessageKey,
): Promise<T> {
  const row = await db.getRepository(entity).findOneBy({ id } as never);
  if (!row) throw new DomainError(notFound, {}, 404);
  return row;
}

/** Throws `missing` naming the first id of `ids` that the table lacks. */
export async function assertIdsExist(
  db: DataSource,
  entity: EntityTarget<ObjectLiteral>,
  ids: readonly number[] | undefined,
  missing: MessageKey,
): Promise<void> {
  if (!ids?.length) return;
  const found = await db
    .getRepository(entity)
    .find({ select: { id: true } as never, where: { id: In([...ids]) } as never });
  const absent = missingIds(ids, found as { id: number }[]);
  if (absent.length) throw new DomainError(missing, { id: absent[0] });
}

/**
 * Refuses to delete rows that others refer to: `inUse` names up to three of the referring rows.
 * `table.column` is a JSON array of ids; table and column are constants of this service.
 */
export async function assertUnused(
  db: DataSource,
  ids: readonly number[],
  from: { table: string; column: string; label?: string },
  inUse: MessageKey,
): Promise<void> {
  const label = from.label ?? 'name';
  for (const id of ids) {
    const rows: { name: string }[] = await db.query(
      `SELECT ${label} AS name FROM ${from.table} WHERE JSON_CONTAINS(${from.column}, ?) LIMIT 3`,
      [String(id)],
    );
    if (rows.length) throw new DomainError(inUse, { names: rows.map((r) => r.name).join(', ') });
  }
}
