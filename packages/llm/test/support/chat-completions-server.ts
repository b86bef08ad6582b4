// A chat completions endpoint on a local port that speaks the protocol for real (JSON answers and
// server-sent events), scripted per test: the double of the far side of the internet that DESIGN.md
// allows for the LLM provider.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
  at: number;
}

export type Responder = (req: ReceivedRequest, res: ServerResponse) => void | Promise<void>;

export interface ChatServer {
  baseUrl: string;
  requests: ReceivedRequest[];
  /** Answers the next requests in order; the last responder answers all requests after it. */
  script(...responders: Responder[]): void;
  close(): Promise<void>;
}

export async function startChatServer(): Promise<ChatServer> {
  const requests: ReceivedRequest[] = [];
  let responders: Responder[] = [];
  const open = new Set<ServerResponse>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const received: ReceivedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
        at: Date.now(),
      };
      requests.push(received);
      const responder = responders[Math.min(requests.length - 1, responders.length - 1)];
      open.add(res);
      res.on('close', () => open.delete(res));
      if (!responder) {
        json(500, { error: { message: 'no responder scripted' } })(received, res);
        return;
      }
      void responder(received, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    script(...next) {
      responders = next;
    },
    async close() {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export function json(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Responder {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
}

export interface ChunkOptions {
  content?: string;
  toolCalls?: {
    index?: number;
    id?: string;
    type?: 'function';
    function: { name?: string; arguments?: string };
  }[];
  finish?: string | null;
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
  /** The usage chunk of stream_options.include_usage has no choices. */
  noChoices?: boolean;
}

export function chunk(options: ChunkOptions, model = 'test-model'): Record<string, unknown> {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion.chunk',
    created: 1_700_000_000,
    model,
    choices: options.noChoices
      ? []
      : [
          {
            index: 0,
            delta: {
              ...(options.content !== undefined ? { content: options.content } : {}),
              ...(options.toolCalls ? { tool_calls: options.toolCalls } : {}),
            },
            finish_reason: options.finish ?? null,
          },
        ],
    ...(options.usage ? { usage: options.usage } : {}),
  };
}

/** Streams the chunks as `data: {...}` events, then `data: [DONE]` unless told not to. */
export function sse(
  chunks: Record<string, unknown>[],
  options: { done?: boolean; gapMs?: number; hangAfter?: number } = {},
): Responder {
  return async (_req, res) => {
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    for (const [i, c] of chunks.entries()) {
      if (options.hangAfter !== undefined && i >= options.hangAfter) return; // stall, never end
      res.write(`data: ${JSON.stringify(c)}\n\n`);
      if (options.gapMs) await new Promise((r) => setTimeout(r, options.gapMs));
    }
    if (options.done !== false) res.write('data: [DONE]\n\n');
    res.end();
  };
}

/** Never answers (the connection stays open until the server closes). */
export const hang: Responder = () => undefined;
