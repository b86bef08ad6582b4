import {
  ASSISTANT_AGENT,
  type ChatFileView,
  type ChatMessageStatus,
  type ChatMessageView,
  type ChatMissionEvent,
  type ChatRole,
} from '@platform/contracts';

import type { ChatReplyEvent } from './chat.stream';

// The messages of the open conversation as the screen shows them: the stored ones, plus the message
// being sent and the reply being streamed. One reducer assembles them from the stream's events, so
// the order rules (text grows by deltas, a mission attaches to its reply, done or error closes it)
// are in one tested place.

export interface ThreadMessage {
  /** Stable React key: the pending key of a sent message and its reply, kept after ids arrive. */
  key: string;
  /** Stored id; null until the server says (the `start` event or the reload). */
  id: number | null;
  role: ChatRole;
  content: string;
  files: ChatFileView[];
  patch: string;
  /** Who speaks; null for the user's own messages. */
  agent: string | null;
  /** The first mission the reply started; `missionIds`: all of them, one card each. */
  missionId: number | null;
  missionIds: number[];
  /** The mission as the stream announced it last, until its card reads the mission itself. */
  mission: ChatMissionEvent | null;
  status: ChatMessageStatus;
  error: string;
  createTime: string;
}

export interface Thread {
  messages: ThreadMessage[];
  /** The key of the reply being streamed, if any. */
  streaming: string | null;
}

export const EMPTY_THREAD: Thread = { messages: [], streaming: null };

export interface Outgoing {
  content: string;
  files: ChatFileView[];
  patch: string;
}

export type ThreadAction =
  | { type: 'loaded'; messages: readonly ChatMessageView[] }
  | { type: 'sent'; key: string; message: Outgoing; time: string }
  /**
   * The user's answer to a mission that asked: shown in the thread, no reply streams. `id` is the
   * message the server wrote it into (null when the mission has no conversation).
   */
  | { type: 'answered'; key: string; id: number | null; message: Outgoing; time: string }
  | { type: 'event'; key: string; event: ChatReplyEvent }
  /** The stream ended or broke before `done` or `error`. */
  | { type: 'interrupted'; key: string; message: string }
  | { type: 'reset' };

/** The reply's key for a sent message's key. */
export const replyKey = (key: string) => `${key}:reply`;

function fromStored(message: ChatMessageView): ThreadMessage {
  return {
    key: `m${message.id}`,
    id: message.id,
    role: message.role,
    content: message.content,
    files: message.files,
    patch: message.patch,
    agent: message.agent,
    missionId: message.missionId,
    // A server from before several missions per reply sends only missionId.
    missionIds: message.missionIds ?? (message.missionId === null ? [] : [message.missionId]),
    mission: null,
    status: message.status,
    error: message.error,
    createTime: message.createTime,
  };
}

function update(
  thread: Thread,
  key: string,
  change: (message: ThreadMessage) => ThreadMessage,
): Thread {
  return {
    ...thread,
    messages: thread.messages.map((message) => (message.key === key ? change(message) : message)),
  };
}

function applyEvent(thread: Thread, key: string, event: ChatReplyEvent): Thread {
  const reply = replyKey(key);
  if (!thread.messages.some((message) => message.key === reply)) return thread;
  switch (event.type) {
    case 'start': {
      const withQuestion = update(thread, key, (m) => ({ ...m, id: event.userMessageId }));
      return update(withQuestion, reply, (m) => ({ ...m, id: event.messageId }));
    }
    case 'delta':
      return update(thread, reply, (m) => ({ ...m, content: m.content + event.text }));
    case 'mission': {
      const { type: _type, ...mission } = event;
      return update(thread, reply, (m) => ({
        ...m,
        missionId: m.missionId ?? event.missionId,
        missionIds: m.missionIds.includes(event.missionId)
          ? m.missionIds
          : [...m.missionIds, event.missionId],
        mission,
      }));
    }
    case 'done':
      return {
        ...update(thread, reply, (m) => ({
          ...m,
          id: event.messageId,
          missionId: m.missionId ?? event.missionId ?? null,
          missionIds:
            m.missionIds.length === 0 && event.missionId !== undefined
              ? [event.missionId]
              : m.missionIds,
          status: 'complete',
        })),
        streaming: thread.streaming === reply ? null : thread.streaming,
      };
    case 'error':
      return {
        ...update(thread, reply, (m) => ({
          ...m,
          id: event.messageId || m.id,
          status: 'failed',
          error: event.message,
        })),
        streaming: thread.streaming === reply ? null : thread.streaming,
      };
  }
}

/**
 * The stored messages as the screen shows them. Messages already on screen keep their keys, so
 * nothing re-mounts when the ids come back, and the mission a reply announced stays with it until
 * its card has read the mission. A read may have been answered before the reply it holds ended (it
 * was sent when the conversation opened): a reply the screen already saw end is not set back to
 * streaming, and messages newer than everything the read holds stay. A message the server never
 * stored (a refused send, an answer to a mission) stays after the stored ones.
 */
function mergeStored(
  shownMessages: readonly ThreadMessage[],
  storedMessages: readonly ChatMessageView[],
): ThreadMessage[] {
  const shown = new Map(shownMessages.map((m) => [m.id, m]));
  const storedIds = new Set(storedMessages.map((m) => m.id));
  const newestStored = Math.max(0, ...storedIds);
  const merged = storedMessages.map((m): ThreadMessage => {
    const onScreen = shown.get(m.id);
    if (onScreen && m.status === 'streaming' && onScreen.status !== 'streaming') return onScreen;
    return {
      ...fromStored(m),
      key: onScreen?.key ?? `m${m.id}`,
      mission: onScreen?.mission ?? null,
    };
  });
  const notInRead = shownMessages.filter(
    (m) => m.id === null || (m.id > newestStored && !storedIds.has(m.id)),
  );
  return [...merged, ...notInRead];
}

export function threadReducer(thread: Thread, action: ThreadAction): Thread {
  switch (action.type) {
    case 'reset':
      return EMPTY_THREAD;
    case 'loaded': {
      // The stream's events are newer than any read while it runs; the page reads again after it.
      if (thread.streaming) return thread;
      return { messages: mergeStored(thread.messages, action.messages), streaming: null };
    }
    case 'sent': {
      const { key, message, time } = action;
      const base = {
        id: null,
        missionId: null,
        missionIds: [],
        mission: null,
        error: '',
        createTime: time,
      };
      return {
        messages: [
          ...thread.messages,
          { ...base, key, role: 'user', ...message, agent: null, status: 'complete' },
          {
            ...base,
            key: replyKey(key),
            role: 'assistant',
            content: '',
            files: [],
            patch: '',
            agent: ASSISTANT_AGENT,
            status: 'streaming',
          },
        ],
        streaming: replyKey(key),
      };
    }
    case 'answered': {
      const { key, id, message, time } = action;
      const answer: ThreadMessage = {
        key,
        id,
        role: 'user',
        ...message,
        agent: null,
        missionId: null,
        missionIds: [],
        mission: null,
        status: 'complete',
        error: '',
        createTime: time,
      };
      return { ...thread, messages: [...thread.messages, answer] };
    }
    case 'event':
      return applyEvent(thread, action.key, action.event);
    case 'interrupted': {
      const reply = replyKey(action.key);
      const current = thread.messages.find((m) => m.key === reply);
      if (!current || current.status !== 'streaming') return thread;
      return {
        ...update(thread, reply, (m) => ({ ...m, status: 'failed', error: action.message })),
        streaming: thread.streaming === reply ? null : thread.streaming,
      };
    }
  }
}

/** The missions started in the thread, oldest first (the flowchart follows the newest by default). */
export function missionsOf(thread: Thread): number[] {
  const ids: number[] = [];
  for (const message of thread.messages) {
    for (const id of message.missionIds) if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}
