import { Injectable } from '@nestjs/common';
import {
  type ChatMessageView,
  type ConversationCreatedView,
  type ConversationView,
  type Language,
  type PageView,
  seesEveryConversation,
} from '@platform/contracts';
import type {
  ConversationCreateBody,
  ConversationListQuery,
  ConversationRenameBody,
} from '@platform/contracts/dto';
import type { DataSource } from 'typeorm';

import { contains } from '../common/commands';
import { pageRows } from '../common/pages';
import { InjectWorkflowDb } from '../database/inject';
import type { MissionCaller } from '../missions/mission-access';
import { chatMessageView, conversationView } from './chat.mapper';
import { ChatMessage, Conversation } from './conversation.entity';
import { ConversationAccess } from './conversation-access';

/** The history list and a conversation's messages; create, rename, delete (a mark: missions keep its id). */
@Injectable()
export class ConversationsService {
  constructor(
    @InjectWorkflowDb() private readonly db: DataSource,
    private readonly access: ConversationAccess,
  ) {}

  /**
   * Own conversations, newest first; `all` lists everyone's (read only) for whoever sees every
   * conversation (seesEveryConversation), and is ignored for anyone else.
   */
  async list(
    query: ConversationListQuery,
    caller: MissionCaller,
  ): Promise<PageView<ConversationView>> {
    const qb = this.db
      .getRepository(Conversation)
      .createQueryBuilder('c')
      .where('c.deleted = :deleted', { deleted: false });
    if (query.all && seesEveryConversation(caller)) {
      if (query.ownerUserId) qb.andWhere('c.ownerUserId = :owner', { owner: query.ownerUserId });
    } else {
      qb.andWhere('c.ownerUserId = :owner', { owner: caller.userId });
    }
    if (query.theme) qb.andWhere('c.theme LIKE :theme', { theme: contains(query.theme) });
    const ascending = query.isAsc === 'asc' || query.isAsc === 'ascending';
    qb.orderBy('c.updateTime', ascending ? 'ASC' : 'DESC').addOrderBy(
      'c.id',
      ascending ? 'ASC' : 'DESC',
    );
    const page = await pageRows(qb, query, (row) => row);
    const counts = await this.messageCounts(page.rows.map((row) => Number(row.id)));
    return {
      rows: page.rows.map((row) => conversationView(row, counts.get(Number(row.id)) ?? 0)),
      total: page.total,
    };
  }

  async create(
    body: ConversationCreateBody,
    caller: MissionCaller,
  ): Promise<ConversationCreatedView> {
    const repo = this.db.getRepository(Conversation);
    const row = await repo.save(
      repo.create({ ownerUserId: caller.userId, theme: body.theme ?? '', deleted: false }),
    );
    return { id: Number(row.id) };
  }

  async rename(body: ConversationRenameBody, caller: MissionCaller): Promise<ConversationView> {
    const row = await this.access.writable(caller, body.id);
    // update_time stays: it is the time of the last message, which orders the history.
    await this.db.query(
      'UPDATE wf_conversation SET theme = ?, update_time = update_time WHERE id = ?',
      [body.theme, row.id],
    );
    const counts = await this.messageCounts([Number(row.id)]);
    return conversationView({ ...row, theme: body.theme }, counts.get(Number(row.id)) ?? 0);
  }

  /** Answers null: a handler's undefined would reach the gateway as no reply at all. */
  async remove(id: number, caller: MissionCaller): Promise<null> {
    const row = await this.access.writable(caller, id);
    await this.db.query(
      'UPDATE wf_conversation SET deleted = 1, update_time = update_time WHERE id = ?',
      [row.id],
    );
    return null;
  }

  /** Messages per conversation, for one page of the list (one grouped query). */
  private async messageCounts(ids: number[]): Promise<Map<number, number>> {
    if (!ids.length) return new Map();
    const rows: { id: string | number; n: string | number }[] = await this.db
      .getRepository(ChatMessage)
      .createQueryBuilder('m')
      .select('m.conversationId', 'id')
      .addSelect('COUNT(*)', 'n')
      .where('m.conversationId IN (:...ids)', { ids })
      .groupBy('m.conversationId')
      .getRawMany();
    return new Map(rows.map((row) => [Number(row.id), Number(row.n)]));
  }

  /** Every message, oldest first, exactly as stored (a reply being written shows as streaming). */
  async messages(id: number, caller: MissionCaller, lang: Language): Promise<ChatMessageView[]> {
    const row = await this.access.readable(caller, id);
    const messages = await this.db
      .getRepository(ChatMessage)
      .find({ where: { conversationId: row.id }, order: { id: 'ASC' } });
    return messages.map((m) => chatMessageView(m, lang));
  }
}
