import type { ChatFileView, ChatMessageView, ConversationView } from '@platform/contracts';
import { queryOptions } from '@tanstack/react-query';

import { request, requestData, requestStream } from '../../lib/request';
import { downloadStoredFile } from '../../lib/stored-files';
import { missionApi, missionKeys, type MissionReplyRequest } from '../mission';
import { type ChatReplyEvent, readReplyStream } from './chat.stream';
import type { Outgoing } from './chat.thread';

// The calls of the chat screen: conversations and their messages (docs/api-assistant.md), the
// streamed reply and attachments. A card's mission and its actions are the mission screens' calls.

/** A list answer: `rows` of a paged envelope, else `data`. */
async function listOf<T>(url: string, params?: Record<string, unknown>): Promise<T[]> {
  const body = await request<T[]>(url, { params });
  return ((body.rows as T[] | undefined) ?? body.data ?? []) as T[];
}

/** The history shows this many conversations, newest first; older ones are found by searching. */
export const CONVERSATIONS_SHOWN = 100;

export const chatKeys = {
  all: ['chat'] as const,
  conversations: () => [...chatKeys.all, 'conversations'] as const,
  conversationSearch: (theme: string) => [...chatKeys.conversations(), theme] as const,
  messages: (id: number) => [...chatKeys.all, 'messages', id] as const,
};

/** The caller's conversations whose theme contains `theme` (all of them when empty). */
export const conversationsQuery = (theme = '') =>
  queryOptions({
    queryKey: chatKeys.conversationSearch(theme),
    queryFn: () =>
      listOf<ConversationView>('/wujie/chat/list', { theme, pageSize: CONVERSATIONS_SHOWN }),
  });

export const messagesQuery = (id: number) =>
  queryOptions({
    queryKey: chatKeys.messages(id),
    queryFn: () => listOf<ChatMessageView>(`/wujie/chat/${id}/messages`),
  });

/** A mission card's mission, in the cache the mission screens use too. */
export const missionQuery = (id: number) =>
  queryOptions({ queryKey: missionKeys.one(id), queryFn: () => missionApi.get(id) });

export const chatApi = {
  /** A new conversation; its theme becomes the first question. */
  create: () => requestData<{ id: number }>('/wujie/chat', { method: 'POST', data: {} }),
  rename: (id: number, theme: string) =>
    requestData<unknown>('/wujie/chat', { method: 'PUT', data: { id, theme } }),
  remove: (id: number) => requestData<unknown>(`/wujie/chat/${id}`, { method: 'DELETE' }),

  /** One attachment (multipart field `file`); the server checks its content. */
  upload: async (file: File): Promise<ChatFileView> => {
    const form = new FormData();
    form.append('file', file, file.name);
    const body = await request<ChatFileView>('/wujie/chat/upload', {
      method: 'POST',
      data: form,
      silent: true,
    });
    const stored = (body.data ?? body) as Partial<ChatFileView>;
    return {
      fileName: String(stored.fileName ?? ''),
      originalFilename: String(stored.originalFilename || file.name),
    };
  },

  /** Saves an attachment (private: the signed-in download) under the user's name for it. */
  download: (file: ChatFileView): Promise<void> =>
    downloadStoredFile(file.fileName, file.originalFilename),

  /**
   * Sends a message and reads the streamed reply, event by event, to its end. Rejects when the
   * server refuses the message (its notice is shown) or the stream breaks.
   */
  send: async (
    id: number,
    message: Outgoing,
    onEvent: (event: ChatReplyEvent) => void,
    signal?: AbortSignal,
  ): Promise<void> => {
    const response = await requestStream(`/wujie/chat/${id}/messages`, {
      method: 'POST',
      data: messageBody(message),
      signal,
    });
    await readReplyStream(response.body!, onEvent);
  },
};

/** Only what the user gave: empty parts are left out of the request. */
export function messageBody(message: Outgoing): Record<string, unknown> {
  return {
    ...(message.content.trim() ? { content: message.content } : {}),
    ...(message.files.length ? { files: message.files } : {}),
    ...(message.patch.trim() ? { patch: message.patch } : {}),
  };
}

/** The user's answer to a mission that asked: its text and its files with the names the user gave them. */
export function replyBody(message: Outgoing): MissionReplyRequest {
  return {
    ...(message.content.trim() ? { text: message.content } : {}),
    ...(message.files.length ? { files: message.files } : {}),
  };
}
