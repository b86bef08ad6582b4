import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { EngineCredentials } from '@platform/engine-client';

import type { EmbeddedEngine } from '../engine';
import { EngineRestError } from '../rest/camunda-errors';
import { createEngineAuthenticator } from './engine-auth';
import { buildRoutes, RouteContext, RouteResult } from './engine-routes';

export interface EngineServerOptions {
  engine: EmbeddedEngine;
  /** Every request must carry these (HTTP basic and/or bearer); there is no anonymous access. */
  auth: EngineCredentials;
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  basePath?: string;
  /** Largest request body accepted, in bytes (deployments carry BPMN files). */
  maxBodyBytes?: number;
}

export interface EngineServer {
  server: Server;
  /** e.g. http://127.0.0.1:8085/engine-rest */
  url: string;
  close(): Promise<void>;
}

/** Serves the Camunda 7 REST subset over plain node:http, to authenticated callers only. */
export async function startEngineServer(options: EngineServerOptions): Promise<EngineServer> {
  const basePath = (options.basePath ?? '/engine-rest').replace(/\/$/, '');
  const auth = createEngineAuthenticator(options.auth);
  const routes = buildRoutes(options.engine);
  const maxBody = options.maxBodyBytes ?? 20 * 1024 * 1024;
  const server = createServer((req, res) => {
    void handle(req, res).catch((err: unknown) => sendError(res, err));
  });
  // Long polls hold requests open for up to 30 minutes.
  server.requestTimeout = 0;
  server.headersTimeout = 60_000;
  server.keepAliveTimeout = 65_000;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const user = auth.authenticate(req.headers.authorization);
    if (!user) {
      return send(res, unauthorizedResult(), { 'WWW-Authenticate': auth.challenge });
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (!url.pathname.startsWith(basePath)) return send(res, notFoundResult());
    const path = url.pathname.slice(basePath.length) || '/';
    for (const route of routes) {
      if (route.method !== req.method) continue;
      const match = route.pattern.exec(path);
      if (!match) continue;
      const body = await readBody(req, maxBody);
      const ctx: RouteContext = {
        params: match.slice(1).map(decodeURIComponent),
        query: Object.fromEntries(url.searchParams),
        body,
        headers: req.headers,
        user,
        // Links in answers are absolute, as Operaton builds them from the request.
        baseUrl: `http://${req.headers.host ?? 'localhost'}${basePath}`,
        onClose: (fn) => res.on('close', () => !res.writableEnded && fn()),
      };
      const result = await route.handler(ctx);
      return send(res, result, result.headers);
    }
    send(res, notFoundResult());
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8085, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    server,
    url: `http://${host}:${address.port}${basePath}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

// Operaton's authentication filter answers 401 with an empty body; the JSON body here only adds a
// readable reason for clients that show one.
function unauthorizedResult(): RouteResult {
  return {
    status: 401,
    body: {
      type: 'AuthenticationException',
      message: 'The engine REST API requires HTTP basic or bearer credentials',
    },
  };
}

/** What Operaton's JAX-RS layer answers for a path it has no resource for. */
function notFoundResult(): RouteResult {
  return {
    status: 404,
    body: { type: 'NotFoundException', message: 'HTTP 404 Not Found', code: null },
  };
}

async function readBody(req: IncomingMessage, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > max)
      throw new EngineRestError(413, 'InvalidRequestException', 'Request body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * camunda-external-task-client-js parses a body only when the content type is exactly
 * `application/json` (no charset), so JSON is written by hand here.
 */
function send(
  res: ServerResponse,
  result: RouteResult,
  headers: Record<string, string> = {},
): void {
  if (res.writableEnded || res.destroyed) return;
  if (Buffer.isBuffer(result.body)) {
    res.writeHead(result.status, { ...headers, 'Content-Length': result.body.length });
    res.end(result.body);
    return;
  }
  if (result.body === undefined) {
    res.writeHead(result.status, headers);
    res.end();
    return;
  }
  const json = JSON.stringify(result.body);
  res.writeHead(result.status, {
    ...headers,
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(json),
  });
  res.end(json);
}

function sendError(res: ServerResponse, err: unknown): void {
  if (err instanceof EngineRestError) {
    const body: Record<string, unknown> = { type: err.type, message: err.message, code: err.code };
    if (err.details !== undefined) body.details = err.details;
    return send(res, { status: err.status, body });
  }
  const code = (err as { code?: string }).code;
  if (code === 'ER_DUP_ENTRY') {
    return send(res, {
      status: 409,
      body: {
        type: 'OptimisticLockingException',
        message: String((err as Error).message),
        code: 0,
      },
    });
  }
  console.error('[engine-rest]', err);
  send(res, {
    status: 500,
    body: {
      type: 'ProcessEngineException',
      message: (err as Error).message ?? String(err),
      code: 0,
    },
  });
}
