import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';

import fastifyStatic from '@fastify/static';
import { API_BASE } from '@platform/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Vite names what it emits under assets/ by content hash: a changed file is a new address. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Anything else (the HTML pages, favicon): kept, but asked about again before each use. */
const REVALIDATE = 'no-cache';

/** The encodings the build writes beside each file, in the order the gateway prefers them. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

type Encoding = (typeof ENCODINGS)[number]['name'];

/** The encodings an Accept-Encoding header allows (q > 0), `*` standing for any. */
export function acceptedEncodings(header: string | string[] | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of String(header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    if (name && (q === undefined || Number(q) > 0)) accepted.add(name);
  }
  return accepted;
}

interface Page {
  etag: string;
  bodies: Partial<Record<Encoding | 'identity', Buffer>>;
}

function loadPage(file: string): Page {
  const raw = readFileSync(file);
  const bodies: Page['bodies'] = { identity: raw };
  for (const { name, suffix } of ENCODINGS)
    if (existsSync(file + suffix)) bodies[name] = readFileSync(file + suffix);
  return { etag: `"${createHash('sha256').update(raw).digest('base64url').slice(0, 27)}"`, bodies };
}

/** Sends index.html: pre-compressed when the client takes it, revalidated by ETag on every load. */
function sendPage(page: Page, request: FastifyRequest, reply: FastifyReply) {
  reply
    .header('cache-control', REVALIDATE)
    .header('vary', 'Accept-Encoding')
    .header('etag', page.etag)
    .type('text/html; charset=utf-8');
  if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
  const accepted = acceptedEncodings(request.headers['accept-encoding']);
  const encoding = ENCODINGS.find(
    ({ name }) => page.bodies[name] && (accepted.has(name) || accepted.has('*')),
  )?.name;
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(page.bodies[encoding ?? 'identity']);
}

/**
 * Serves the built web app: its files with the brotli or gzip copy the build made beside each one
 * (Content-Encoding and Vary: Accept-Encoding), hashed assets cached for a year as immutable and
 * everything else revalidated; index.html for every other GET outside the API, so history-mode routes
 * survive a reload (spec §2: the router uses history mode).
 */
export async function serveWebApp(fastify: FastifyInstance, webDist: string): Promise<boolean> {
  const root = resolve(webDist);
  const indexFile = join(root, 'index.html');
  if (!webDist || !existsSync(indexFile)) return false;
  const index = loadPage(indexFile);
  const assets = join(root, 'assets') + sep;
  await fastify.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    // Cache-Control is set below per file; @fastify/static's own would overwrite it.
    cacheControl: false,
    setHeaders: (res, path) => {
      res.setHeader('cache-control', path.startsWith(assets) ? IMMUTABLE : REVALIDATE);
      res.setHeader('vary', 'Accept-Encoding');
    },
  });
  fastify.get('/*', (request, reply) => {
    if (request.url.startsWith(API_BASE)) return reply.callNotFound();
    return sendPage(index, request, reply);
  });
  fastify.get('/', (request, reply) => sendPage(index, request, reply));
  return true;
}
