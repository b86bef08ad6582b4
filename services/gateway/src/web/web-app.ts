import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import fastifyStatic from '@fastify/static';
import { API_BASE } from '@platform/contracts';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app: its files as they are, and index.html for every other GET outside the
 * API, so history-mode routes survive a reload (spec §2: the router uses history mode).
 */
export async function serveWebApp(fastify: FastifyInstance, webDist: string): Promise<boolean> {
  const root = resolve(webDist);
  const indexFile = join(root, 'index.html');
  if (!webDist || !existsSync(indexFile)) return false;
  const indexHtml = readFileSync(indexFile);
  await fastify.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    maxAge: '1h',
    setHeaders: (res, path) => {
      if (path.includes(`${join(root, 'assets')}`))
        res.setHeader('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  fastify.get('/*', (request, reply) => {
    if (request.url.startsWith(API_BASE)) return reply.callNotFound();
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml);
  });
  fastify.get('/', (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml),
  );
  return true;
}
