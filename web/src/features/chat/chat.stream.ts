import {
  CHAT_SSE_EVENTS,
  type ChatSseEvent,
  type ChatStreamEvent,
  MISSION_STATUSES,
  type MissionStatus,
} from '@platform/contracts';
import { createParser, type EventSourceMessage } from 'eventsource-parser';

// The assistant's reply arrives as server-sent events over a POST (fetch with a bearer token, so not
// EventSource): `start`, `delta`s, at most one `mission`, then `done` or `error`. eventsource-parser
// cuts the stream into events; this file turns each into a typed event and drops what it cannot
// trust, so the screen never renders a half-understood frame.

/** The events a reply streams to the browser (the service's `ping` never gets here). */
export type ChatReplyEvent = Exclude<ChatStreamEvent, { type: 'ping' }>;

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0;
const isText = (value: unknown): value is string => typeof value === 'string';

/** One server-sent event as a reply event; undefined when its name or data is not one we know. */
export function replyEventOf(
  message: Pick<EventSourceMessage, 'event' | 'data'>,
): ChatReplyEvent | undefined {
  const type = (message.event ?? 'message') as ChatSseEvent;
  if (!CHAT_SSE_EVENTS.includes(type)) return undefined;
  let data: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(message.data);
    if (parsed === null || typeof parsed !== 'object') return undefined;
    data = parsed as Record<string, unknown>;
  } catch {
    return undefined;
  }
  switch (type) {
    case 'start':
      return isCount(data.conversationId) && isCount(data.userMessageId) && isCount(data.messageId)
        ? {
            type,
            conversationId: data.conversationId,
            userMessageId: data.userMessageId,
            messageId: data.messageId,
          }
        : undefined;
    case 'delta':
      return isText(data.text) ? { type, text: data.text } : undefined;
    case 'mission':
      return isCount(data.missionId) &&
        isText(data.code) &&
        MISSION_STATUSES.includes(data.status as MissionStatus) &&
        isText(data.workflowKey)
        ? {
            type,
            missionId: data.missionId,
            code: data.code,
            status: data.status as MissionStatus,
            workflowKey: data.workflowKey as Extract<
              ChatReplyEvent,
              { type: 'mission' }
            >['workflowKey'],
          }
        : undefined;
    case 'done':
      if (!isCount(data.messageId)) return undefined;
      return isCount(data.missionId)
        ? { type, messageId: data.messageId, missionId: data.missionId }
        : { type, messageId: data.messageId };
    case 'error':
      return isText(data.message)
        ? { type, messageId: isCount(data.messageId) ? data.messageId : 0, message: data.message }
        : undefined;
  }
}

/** Longest event the parser buffers: a reply is at most a few hundred kB; anything larger is a fault. */
const MAX_EVENT_CHARS = 2 * 1024 * 1024;

/**
 * Reads a streamed reply to its end, handing each event to `onEvent` as soon as it is complete.
 * Resolves when the stream ends (whether or not a `done` came: the caller decides what a reply
 * without one means); rejects when reading fails (network, cancel).
 */
export async function readReplyStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: ChatReplyEvent) => void,
): Promise<void> {
  let failure: Error | undefined;
  const parser = createParser({
    maxBufferSize: MAX_EVENT_CHARS,
    onEvent: (message) => {
      const event = replyEventOf(message);
      if (event) onEvent(event);
    },
    onError: (error) => {
      if (error.type === 'max-buffer-size-exceeded') failure = error;
    },
  });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
      if (failure) throw failure;
    }
    // An event cut off before its blank line is dropped, as EventSource drops it.
    parser.feed(decoder.decode());
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    throw error;
  } finally {
    reader.releaseLock();
  }
}
