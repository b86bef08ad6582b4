import type { PageView } from '@platform/contracts';
import type { FastifyRequest } from 'fastify';

import type { ServiceClient } from '../rpc/service-client';
import { Paged } from './envelope';

/** A service's `{rows, total}` as the list envelope. */
export async function paged<T>(result: Promise<{ rows: T[]; total: number }>): Promise<Paged<T>> {
  const { rows, total } = await result;
  return new Paged(rows, total);
}

/** Forwards a list query and answers `{code, msg, rows, total}`. */
export async function forwardPage<T>(
  services: ServiceClient,
  pattern: string,
  request: FastifyRequest,
  query: object,
): Promise<Paged<T>> {
  return paged(services.forward<PageView<T>>(pattern, request, query));
}

const EXPORT_PAGE = 500;

/** Pages of a small list fetched in turn (exports of roles, posts, dictionaries…). */
export async function* pagesOf<T>(
  fetch: (pageNum: number, pageSize: number) => Promise<{ rows: T[]; total: number }>,
): AsyncIterable<T[]> {
  for (let pageNum = 1; ; pageNum += 1) {
    const { rows, total } = await fetch(pageNum, EXPORT_PAGE);
    if (rows.length) yield rows;
    if (rows.length < EXPORT_PAGE || pageNum * EXPORT_PAGE >= total) return;
  }
}

/** Pages of a big list by id (keyset), so the database never skips over an OFFSET. */
export async function* keysetPages<T>(
  fetch: (afterId: number, pageSize: number) => Promise<T[]>,
  idOf: (row: T) => number,
): AsyncIterable<T[]> {
  let afterId = 0;
  for (;;) {
    const rows = await fetch(afterId, EXPORT_PAGE);
    if (rows.length) yield rows;
    if (rows.length < EXPORT_PAGE) return;
    afterId = idOf(rows[rows.length - 1]);
  }
}
