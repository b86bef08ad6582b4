import type { NamedView, PageView } from '@platform/contracts';
import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';

import { pageOf } from './commands';

/** One page of a filtered query as `{rows, total}`, rows mapped to their view. */
export async function pageRows<T extends ObjectLiteral, V>(
  qb: SelectQueryBuilder<T>,
  query: { pageNum?: number; pageSize?: number },
  view: (row: T) => V,
): Promise<PageView<V>> {
  const { skip, take } = pageOf(query);
  const [rows, total] = await qb.skip(skip).take(take).getManyAndCount();
  return { rows: rows.map(view), total };
}

/** Ids and names for a picker (at most 1000, newest first). */
export function namedViews(rows: { id: number; name: string; nameEn?: string }[]): NamedView[] {
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    ...(r.nameEn !== undefined ? { nameEn: r.nameEn } : {}),
  }));
}

export const PICKER_LIMIT = 1000;
