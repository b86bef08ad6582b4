import {
  createServer,
  type IncomingMessage,
  request,
  type Server,
  type ServerResponse,
} from 'node:http';

// A pass-through proxy in front of the engine's REST API for the worker, which can hold back
// requests that match (never forwarding them): a completion held while the worker is stopped or
// killed is a crash after the agent computed and before the engine heard of it.

interface Held {
  path: string;
  body: string;
  res: ServerResponse;
}

export interface EngineProxy {
  url: string;
  /** Requests matching `match` from now on are held, not forwarded. */
  holdWhen(match: (path: string, body: string) => boolean): void;
  /** Resolves with the first held request (waits for one). */
  nextHeld(timeoutMs?: number): Promise<{ path: string; body: string }>;
  /** Drops every held request (its socket closes, as when the worker dies) and holds no more. */
  dropHeld(): void;
  /** Paths of forwarded requests, in order. */
  forwarded: string[];
  /** Forwarded requests with their bodies and the engine's answers, in order of the answers. */
  exchanges: Exchange[];
  close(): Promise<void>;
}

export interface Exchange {
  method: string;
  path: string;
  body: string;
  status: number;
  answer: string;
}

export async function startEngineProxy(target: string): Promise<EngineProxy> {
  const upstream = new URL(target);
  const held: Held[] = [];
  const waiters: ((h: Held) => void)[] = [];
  const forwarded: string[] = [];
  const exchanges: Exchange[] = [];
  let match: ((path: string, body: string) => boolean) | null = null;

  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    forwarded.push(`${req.method} ${req.url}`);
    const out = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        const chunks: Buffer[] = [];
        answer.on('data', (c: Buffer) => chunks.push(c));
        answer.on('end', () =>
          exchanges.push({
            method: req.method ?? '',
            path: req.url ?? '',
            body: body.toString('utf8'),
            status: answer.statusCode ?? 502,
            answer: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        answer.pipe(res);
      },
    );
    out.on('error', () => res.destroy());
    res.on('close', () => out.destroy());
    out.end(body);
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const text = body.toString('utf8');
      if (match?.(req.url ?? '', text)) {
        const entry = { path: req.url ?? '', body: text, res };
        held.push(entry);
        waiters.splice(0).forEach((w) => w(entry));
        return;
      }
      forward(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}${upstream.pathname.replace(/\/$/, '')}`,
    forwarded,
    exchanges,
    holdWhen(m) {
      match = m;
    },
    nextHeld(timeoutMs = 30_000) {
      if (held.length) return Promise.resolve({ path: held[0].path, body: held[0].body });
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no request was held in time')), timeoutMs);
        waiters.push((h) => {
          clearTimeout(timer);
          resolve({ path: h.path, body: h.body });
        });
      });
    },
    dropHeld() {
      match = null;
      for (const h of held.splice(0)) h.res.destroy();
    },
    async close() {
      for (const h of held.splice(0)) h.res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
