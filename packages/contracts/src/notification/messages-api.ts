/** Message patterns of the notification service; the gateway (and identity, for codes) send them. */
export const NOTIFICATION_PATTERNS = {
  health: 'notification.health',
  /** An administrator's message to one user, a role or everyone. */
  send: 'notification.message.send',
  list: 'notification.message.list',
  unreadCount: 'notification.message.unread_count',
  read: 'notification.message.read',
} as const;

/** What an in-app message is about; the web shows an icon and filters by it. */
export const MESSAGE_TYPES = [
  'system',
  'notice',
  'mission',
  'order',
  'points',
  'realname',
  'link',
] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** One in-app message of the signed-in user. */
export interface MessageView {
  id: number;
  type: MessageType;
  title: string;
  titleEn: string;
  content: string;
  contentEn: string;
  /** A route of the web app the message leads to ('' for none). */
  link: string;
  read: boolean;
  /** ISO time the message was written. */
  createTime: string;
}

/** What an administrator's send reached. */
export interface MessageSentView {
  messageId: number;
  recipients: number;
}

/**
 * The socket frame announcing a new in-app message (spec §7: JSON with message and messageEn is shown
 * in the user's language); `type: 'message'` also tells the header's bell to count again.
 */
export interface MessagePush {
  type: 'message';
  id: number;
  kind: MessageType;
  message: string;
  messageEn: string;
}

/** Largest audience of one send or event (role or everyone), to bound memory and one transaction. */
export const MAX_MESSAGE_RECIPIENTS = 200_000;
