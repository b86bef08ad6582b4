import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, beforeEach } from 'vitest';

import { configureRequest } from '../src/lib/request';

export interface Recorded {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export type Handler = (req: Recorded, res: ServerResponse) => void;

/**
 * A real HTTP server on a free port for the request layer to talk to: tests set the answer of each path
 * and read back what the client sent (headers, query, body).
 */
export async function startApiServer() {
  const seen: Recorded[] = [];
  const handlers = new Map<string, Handler>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const record = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(record);
      const path = record.url.split('?')[0]!;
      const handler = handlers.get(path);
      if (handler) handler(record, res);
      else json(res, { code: 200, msg: 'ok', data: null });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}/prod-api`,
    seen,
    on(path: string, handler: Handler) {
      handlers.set(`/prod-api${path}`, handler);
    },
    reset() {
      seen.length = 0;
      handlers.clear();
    },
    // Keep-alive connections would hold close() open until they time out.
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type ApiServer = Awaited<ReturnType<typeof startApiServer>>;

export function json(res: ServerResponse, body: unknown, status = 200): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

/**
 * Starts one server for the test file and points the request layer at it before each test (with
 * notices and sign-out ignored unless the test configures its own).
 */
export function useApiServer(): () => ApiServer {
  let api: ApiServer | undefined;
  beforeAll(async () => {
    api = await startApiServer();
  });
  afterAll(() => api?.close());
  beforeEach(() => {
    api!.reset();
    configureRequest({
      baseUrl: api!.base,
      notify: () => undefined,
      onUnauthorized: () => undefined,
      onOutage: () => undefined,
      // Retries of a 503 after milliseconds, not seconds.
      retryDelaysMs: [5, 5, 5],
    });
  });
  return () => api!;
}
