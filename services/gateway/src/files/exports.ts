import type { FastifyReply, FastifyRequest } from 'fastify';

import { keysetPages, pagesOf } from '../common/paging';
import { stateOf } from '../common/request-context';
import type { ServiceClient } from '../rpc/service-client';
import { type Column, streamXlsx } from './xlsx';

/** Exports a small list as .xlsx, fetching it page by page through its list pattern. */
export function exportPaged<T>(
  services: ServiceClient,
  request: FastifyRequest,
  reply: FastifyReply,
  spec: { pattern: string; body: object; name: string; columns: Column<T>[] },
): Promise<void> {
  const pages = pagesOf((pageNum, pageSize) =>
    services.forward<{ rows: T[]; total: number }>(spec.pattern, request, {
      ...spec.body,
      pageNum,
      pageSize,
    }),
  );
  return streamXlsx(reply, spec.name, spec.columns, stateOf(request).lang ?? 'zh', pages);
}

/** Exports a big list as .xlsx by id order (`afterId`), never loading more than one page. */
export function exportKeyset<T>(
  services: ServiceClient,
  request: FastifyRequest,
  reply: FastifyReply,
  spec: {
    pattern: string;
    body: object;
    name: string;
    columns: Column<T>[];
    idOf: (row: T) => number;
  },
): Promise<void> {
  const pages = keysetPages(
    (afterId, pageSize) =>
      services.forward<T[]>(spec.pattern, request, { ...spec.body, afterId, pageSize }),
    spec.idOf,
  );
  return streamXlsx(reply, spec.name, spec.columns, stateOf(request).lang ?? 'zh', pages);
}
