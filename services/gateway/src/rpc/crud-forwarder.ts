import type { PageView } from '@platform/contracts';
import type { FastifyRequest } from 'fastify';

import type { Paged } from '../common/envelope';
import { paged } from '../common/paging';
import type { ServiceClient } from './service-client';

/** The commands of one resource its service answers, by what each does. */
export interface CrudPatterns {
  list: string;
  get: string;
  create: string;
  update: string;
  remove: string;
}

/**
 * Forwards the list, get, create, update and remove routes of one resource to the service that keeps
 * it. The routes stay in their controllers with their permission, operation log and DTO; this names
 * the resource's patterns once and answers every paged list alike. A resource without one of the
 * commands (rules have no get) leaves its pattern out, and calling it is a programming error.
 */
export class CrudForwarder {
  constructor(
    private readonly services: ServiceClient,
    private readonly patterns: Partial<CrudPatterns>,
  ) {}

  /** One page of the list, answered as `{code, msg, rows, total}`. */
  page<T>(request: FastifyRequest, query: object): Promise<Paged<T>> {
    return paged(this.services.forward<PageView<T>>(this.pattern('list'), request, query));
  }

  /** The whole list as the service gives it (a tree, a short list). */
  list<T>(request: FastifyRequest, query: object): Promise<T> {
    return this.services.forward<T>(this.pattern('list'), request, query);
  }

  get<T>(request: FastifyRequest, id: object): Promise<T> {
    return this.services.forward<T>(this.pattern('get'), request, id);
  }

  create<T>(request: FastifyRequest, body: object): Promise<T> {
    return this.services.forward<T>(this.pattern('create'), request, body);
  }

  update<T>(request: FastifyRequest, body: object): Promise<T> {
    return this.services.forward<T>(this.pattern('update'), request, body);
  }

  remove<T>(request: FastifyRequest, ids: object): Promise<T> {
    return this.services.forward<T>(this.pattern('remove'), request, ids);
  }

  private pattern(command: keyof CrudPatterns): string {
    const pattern = this.patterns[command];
    if (!pattern) throw new Error(`no ${command} command is forwarded for this resource`);
    return pattern;
  }
}
