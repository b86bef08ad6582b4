import type { AddressInfo } from 'node:net';

import type { TestStack } from './stack';

// A browser's reading of a server-sent event stream (fetch and a stream reader, as the chat screen
// does), for the integration tests of the assistant: each event with the time it arrived.

export interface SseEvent {
  event: string;
  data: Record<string, unknown>;
  /** Milliseconds since the request was sent. */
  at: number;
}

export interface SseAnswer {
  status: number;
  contentType: string;
  /** The events of a stream (empty when the answer was JSON). */
  events: SseEvent[];
  /** The JSON body of an answer that was not a stream (a refusal, or Accept: application/json). */
  json?: Record<string, unknown>;
}

export interface SseOptions {
  token: string;
  body?: unknown;
  lang?: 'zh' | 'en';
  accept?: string;
  /** Called for each event; return true to leave (close the connection) right after it. */
  onEvent?: (event: SseEvent) => boolean | void;
}

/** The gateway's address, listening on a free loopback port from the first call on. */
export async function baseUrlOf(stack: TestStack): Promise<string> {
  const server = stack.http;
  if (!server.listening) await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** POSTs `body` to `/prod-api<path>` and reads the answer as a stream of server-sent events. */
export async function postSse(
  stack: TestStack,
  path: string,
  options: SseOptions,
): Promise<SseAnswer> {
  const controller = new AbortController();
  const started = Date.now();
  const res = await fetch(`${await baseUrlOf(stack)}/prod-api${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${options.token}`,
      'content-type': 'application/json',
      accept: options.accept ?? 'text/event-stream',
      lang: options.lang ?? 'zh',
      repeatSubmit: 'false',
    },
    body: JSON.stringify(options.body ?? {}),
    signal: controller.signal,
  });
  const contentType = res.headers.get('content-type') ?? '';
  if (!contentType.startsWith('text/event-stream')) {
    return {
      status: res.status,
      contentType,
      events: [],
      json: (await res.json()) as Record<string, unknown>,
    };
  }
  const events: SseEvent[] = [];
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const lines = frame.split('\n').filter((l) => !l.startsWith(':'));
        if (lines.length === 0) continue;
        const event = lines.find((l) => l.startsWith('event: '))?.slice(7) ?? 'message';
        const data = lines
          .filter((l) => l.startsWith('data: '))
          .map((l) => l.slice(6))
          .join('\n');
        const parsed: SseEvent = {
          event,
          data: JSON.parse(data) as Record<string, unknown>,
          at: Date.now() - started,
        };
        events.push(parsed);
        if (options.onEvent?.(parsed)) {
          controller.abort();
          return { status: res.status, contentType, events };
        }
      }
    }
  } catch (error) {
    if (!controller.signal.aborted) throw error;
  }
  return { status: res.status, contentType, events };
}
