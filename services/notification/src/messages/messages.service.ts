import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import {
  DomainError,
  MAX_MESSAGE_RECIPIENTS,
  type MessagePush,
  type MessageSentView,
  type MessageType,
  type MessageView,
} from '@platform/contracts';
import type { MessageQuery, ReadMessagesBody, SendMessageBody } from '@platform/contracts/dto';
import { createRedis, publishToUsers } from '@platform/nest-common';
import type Redis from 'ioredis';
import type { DataSource, EntityManager } from 'typeorm';

import { NOTIFICATION_ENV, type NotificationEnv } from '../config/env';
import { InjectNotificationDb } from '../database/inject';
import type { Audience } from '../events/event-messages';
import { Recipients } from './recipients';

/** Inbox rows written by one INSERT (a notice to everyone is written in slices of this). */
const INBOX_BATCH = 1000;

export interface NewMessage {
  type: MessageType;
  title: string;
  titleEn: string;
  content: string;
  contentEn: string;
  link: string;
  audience: 'user' | 'role' | 'all' | 'event';
  audienceId: number | null;
  createdBy: string;
  /** The event's idempotency key (events only): a second delivery of the event writes nothing. */
  eventKey?: string;
}

interface MessageRow {
  id: number | string;
  type: MessageType;
  title: string;
  title_en: string;
  content: string;
  content_en: string;
  link: string;
  is_read: number;
  created_at: Date;
}

function viewOf(row: MessageRow): MessageView {
  return {
    id: Number(row.id),
    type: row.type,
    title: row.title,
    titleEn: row.title_en,
    content: row.content,
    contentEn: row.content_en,
    link: row.link,
    read: Number(row.is_read) === 1,
    createTime: new Date(row.created_at).toISOString(),
  };
}

const isDuplicate = (error: unknown) =>
  (error as { code?: string; driverError?: { code?: string } })?.driverError?.code ===
    'ER_DUP_ENTRY' || (error as { code?: string })?.code === 'ER_DUP_ENTRY';

/**
 * In-app messages: stored once, one inbox row per recipient, then announced on the recipients' open
 * sockets (the gateway hub delivers; a user who is offline reads it from the unread list later).
 */
@Injectable()
export class MessagesService implements OnApplicationShutdown {
  private readonly logger = new Logger(MessagesService.name);
  private readonly redis: Redis;

  constructor(
    @InjectNotificationDb() private readonly db: DataSource,
    @Inject(NOTIFICATION_ENV) private readonly env: NotificationEnv,
    private readonly recipients: Recipients,
  ) {
    this.redis = createRedis(env, 'notification-push');
  }

  /** An administrator's message: exactly one audience; the recipients are asked of identity. */
  async send(body: SendMessageBody, createdBy: string): Promise<MessageSentView> {
    const chosen = [body.userId !== undefined, body.roleId !== undefined, body.all === true];
    if (chosen.filter(Boolean).length !== 1) throw new DomainError('message.audience_required');
    const audience: Audience =
      body.userId !== undefined
        ? { userId: body.userId }
        : body.roleId !== undefined
          ? { roleId: body.roleId }
          : { all: true };
    const userIds = await this.recipients.of(audience);
    if (userIds.length === 0) throw new DomainError('message.no_recipients');
    const message: NewMessage = {
      type: 'system',
      title: body.title,
      titleEn: body.titleEn,
      content: body.content,
      contentEn: body.contentEn,
      link: body.link ?? '',
      ...audienceColumns(audience),
      createdBy,
    };
    const messageId = await this.store(message, userIds);
    await this.announce(messageId!, message, userIds);
    return { messageId: messageId!, recipients: userIds.length };
  }

  /**
   * Stores a message and its inbox rows in one transaction. With an event key, a key already stored
   * means the event was applied before: nothing is written and null is returned.
   */
  async store(message: NewMessage, userIds: number[]): Promise<number | null> {
    if (userIds.length > MAX_MESSAGE_RECIPIENTS)
      throw new DomainError('message.audience_too_large');
    try {
      return await this.db.transaction(async (tx) => {
        const result = (await tx.query(
          `INSERT INTO message (type, title, title_en, content, content_en, link, audience, audience_id,
             recipients, event_key, created_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          [
            message.type,
            message.title,
            message.titleEn,
            message.content,
            message.contentEn,
            message.link,
            message.audience,
            message.audienceId,
            userIds.length,
            message.eventKey ?? null,
            message.createdBy,
          ],
        )) as { insertId: number };
        const id = Number(result.insertId);
        await this.writeInbox(tx, id, userIds);
        return id;
      });
    } catch (error) {
      if (message.eventKey && isDuplicate(error)) return null;
      throw error;
    }
  }

  private async writeInbox(tx: EntityManager, messageId: number, userIds: number[]) {
    const unique = [...new Set(userIds)];
    for (let i = 0; i < unique.length; i += INBOX_BATCH) {
      const slice = unique.slice(i, i + INBOX_BATCH);
      await tx.query(
        `INSERT INTO message_inbox (user_id, message_id) VALUES ${slice.map(() => '(?, ?)').join(', ')}`,
        slice.flatMap((userId) => [userId, messageId]),
      );
    }
  }

  /** Pushes the new message's frame to the recipients' open sockets (best effort: it is stored). */
  async announce(
    messageId: number,
    message: Pick<NewMessage, 'type' | 'title' | 'titleEn'>,
    userIds: number[],
    extraPush?: string,
  ): Promise<void> {
    const push: MessagePush = {
      type: 'message',
      id: messageId,
      kind: message.type,
      message: message.title,
      messageEn: message.titleEn,
    };
    try {
      if (extraPush !== undefined)
        await publishToUsers(this.redis, this.env.NAMESPACE, userIds, extraPush);
      await publishToUsers(this.redis, this.env.NAMESPACE, userIds, JSON.stringify(push));
    } catch (error) {
      this.logger.warn(`message ${messageId} stored but not pushed: ${(error as Error).message}`);
    }
  }

  /** The caller's own messages, newest first, filtered by read flag and type. */
  async list(userId: number, query: MessageQuery): Promise<{ rows: MessageView[]; total: number }> {
    const where = ['i.user_id = ?'];
    const params: unknown[] = [userId];
    if (query.read !== undefined) {
      where.push('i.is_read = ?');
      params.push(Number(query.read));
    }
    if (query.type !== undefined) {
      where.push('m.type = ?');
      params.push(query.type);
    }
    const pageSize = query.pageSize ?? 10;
    const offset = ((query.pageNum ?? 1) - 1) * pageSize;
    const from = `FROM message_inbox i JOIN message m ON m.id = i.message_id WHERE ${where.join(' AND ')}`;
    const [rows, [count]] = await Promise.all([
      this.db.query(
        `SELECT m.id, m.type, m.title, m.title_en, m.content, m.content_en, m.link, m.created_at, i.is_read
           ${from} ORDER BY i.message_id DESC LIMIT ? OFFSET ?`,
        [...params, pageSize, offset],
      ) as Promise<MessageRow[]>,
      this.db.query(`SELECT COUNT(*) AS n ${from}`, params) as Promise<{ n: number | string }[]>,
    ]);
    return { rows: rows.map(viewOf), total: Number(count.n) };
  }

  async unreadCount(userId: number): Promise<{ count: number }> {
    const [row] = (await this.db.query(
      'SELECT COUNT(*) AS n FROM message_inbox WHERE user_id = ? AND is_read = 0',
      [userId],
    )) as { n: number | string }[];
    return { count: Number(row.n) };
  }

  /** Marks the caller's own messages read: the ids named (others' ids match nothing), or all. */
  async read(userId: number, body: ReadMessagesBody): Promise<{ updated: number }> {
    const ids = body.ids ?? [];
    if (!body.all && ids.length === 0) throw new DomainError('message.read_target_required');
    const result = (await this.db.query(
      `UPDATE message_inbox SET is_read = 1, read_at = CURRENT_TIMESTAMP(3)
         WHERE user_id = ? AND is_read = 0${body.all ? '' : ' AND message_id IN (?)'}`,
      body.all ? [userId] : [userId, ids],
    )) as { affectedRows?: number } | [unknown, number];
    const updated = Array.isArray(result) ? Number(result[1]) : Number(result.affectedRows ?? 0);
    return { updated };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}

export function audienceColumns(audience: Audience): Pick<NewMessage, 'audience' | 'audienceId'> {
  if ('userId' in audience) return { audience: 'user', audienceId: audience.userId };
  if ('roleId' in audience) return { audience: 'role', audienceId: audience.roleId };
  return { audience: 'all', audienceId: null };
}
