import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';

import { Paged } from '../common/envelope';
import { CrudForwarder, type CrudPatterns } from './crud-forwarder';
import type { ServiceClient } from './service-client';

const PATTERNS: CrudPatterns = {
  list: 'test.thing.list',
  get: 'test.thing.get',
  create: 'test.thing.create',
  update: 'test.thing.update',
  remove: 'test.thing.remove',
};

// A service client that answers every command with `answer` and records what it was sent.
function fakeServices(answer: unknown = { ok: true }) {
  const sent: { pattern: string; request: FastifyRequest; body: unknown }[] = [];
  const services = {
    forward: async (pattern: string, request: FastifyRequest, body: unknown) => {
      sent.push({ pattern, request, body });
      if (answer instanceof Error) throw answer;
      return answer;
    },
  } as unknown as ServiceClient;
  return { services, sent };
}

const request = { id: 'req-1' } as unknown as FastifyRequest;

describe(CrudForwarder.name, () => {
  it('should forward each command with its own pattern, the request and the body as given', async () => {
    const { services, sent } = fakeServices();
    const sut = new CrudForwarder(services, PATTERNS);
    await sut.list(request, { name: 'a' });
    await sut.get(request, { id: 7 });
    await sut.create(request, { name: 'b' });
    await sut.update(request, { id: 7, name: 'c' });
    await sut.remove(request, { ids: [7, 8] });
    expect(sent).toEqual([
      { pattern: PATTERNS.list, request, body: { name: 'a' } },
      { pattern: PATTERNS.get, request, body: { id: 7 } },
      { pattern: PATTERNS.create, request, body: { name: 'b' } },
      { pattern: PATTERNS.update, request, body: { id: 7, name: 'c' } },
      { pattern: PATTERNS.remove, request, body: { ids: [7, 8] } },
    ]);
  });

  it('should answer a page of the list as rows and total, and the whole list as the service gave it', async () => {
    const page = { rows: [{ id: 1 }], total: 31 };
    const { services } = fakeServices(page);
    const sut = new CrudForwarder(services, PATTERNS);
    expect(await sut.page(request, { pageNum: 2 })).toEqual(new Paged([{ id: 1 }], 31));
    expect(await sut.page(request, { pageNum: 2 })).toBeInstanceOf(Paged);
    expect(await sut.list(request, {})).toBe(page);
  });

  it("should pass the service's refusal on unchanged", async () => {
    const refusal = new Error('refused');
    const { services } = fakeServices(refusal);
    const sut = new CrudForwarder(services, PATTERNS);
    await expect(sut.page(request, {})).rejects.toBe(refusal);
    await expect(sut.remove(request, { ids: [1] })).rejects.toBe(refusal);
  });

  it('should refuse a command the resource does not have, without asking the service', () => {
    const { services, sent } = fakeServices();
    const { get: _get, ...withoutGet } = PATTERNS;
    const sut = new CrudForwarder(services, withoutGet);
    expect(() => sut.get(request, { id: 1 })).toThrow('no get command');
    expect(sent).toEqual([]);
  });
});
