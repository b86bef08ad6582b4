import type { PageView } from '@platform/contracts';
import type { FastifyRequest } from 'fastify';

import { Paged } from '../common/envelope';
import type { ServiceClient } from '../rpc/service-client';

/** `1,2,3` of a delete path as ids; anything else fails the service's validation of `ids`. */
export function idsOf(path: string): { ids: number[] } {
  return { ids: path.split(',').map((part) => (/^\d+$/.test(part) ? Number(part) : NaN)) };
}

/** A numeric path id (the service validates it: a bad one is a 400). */
export function idOf(path: string): { id: number } {
  return { id: /^\d+$/.test(path) ? Number(path) : NaN };
}

/** Forwards a list query and answers `{code, msg, rows, total}`. */
export async function forwardPage<T>(
  services: ServiceClient,
  pattern: string,
  request: FastifyRequest,
  query: object,
): Promise<Paged<T>> {
  const page = await services.forward<PageView<T>>(pattern, request, query);
  return new Paged(page.rows, page.total);
}
