import type { MessageSentView, MessageType, MessageView } from '@platform/contracts';

import { requestData } from '../../lib/request';

// The calls of the in-app messages (docs/api-notification.md): the list goes through CrudPage.

export const MESSAGE_LIST_URL = '/wujie/message/list';

export const messageKeys = {
  all: ['messages'] as const,
  unread: ['messages', 'unread'] as const,
};

export interface SendMessageRequest {
  userId?: number;
  roleId?: number;
  all?: boolean;
  title: string;
  titleEn: string;
  content: string;
  contentEn: string;
}

export const messageApi = {
  unreadCount: () => requestData<{ count: number }>('/wujie/message/unreadCount'),
  /** Marks the caller's own messages read: these ids, or all of them. */
  read: (target: { ids: number[] } | { all: true }) =>
    requestData<{ updated: number }>('/wujie/message/read', {
      method: 'PUT',
      data: target,
      repeatSubmit: false,
    }),
  send: (body: SendMessageRequest) =>
    requestData<MessageSentView>('/wujie/message', { method: 'POST', data: body }),
};

export type MessageRow = MessageView & Record<string, unknown>;

/** The message's text in the reader's language (the other one when it is empty). */
export function localized(
  row: Pick<MessageView, 'title' | 'titleEn' | 'content' | 'contentEn'>,
  lang: string,
) {
  const zh = lang === 'zh';
  return {
    title: (zh ? row.title : row.titleEn) || row.title || row.titleEn,
    content: (zh ? row.content : row.contentEn) || row.content || row.contentEn,
  };
}

export const MESSAGE_TYPE_COLORS: Record<MessageType, string> = {
  system: 'blue',
  notice: 'orange',
  mission: 'grape',
  order: 'teal',
  points: 'green',
  realname: 'cyan',
  link: 'gray',
};
