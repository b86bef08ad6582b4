import { Injectable } from '@nestjs/common';
import { DomainError, seesEveryConversation } from '@platform/contracts';
import type { DataSource } from 'typeorm';

import { InjectWorkflowDb } from '../database/inject';
import type { MissionCaller } from '../missions/mission-access';
import { Conversation } from './conversation.entity';

/**
 * The one place where a conversation a request names is checked against the caller, as missions
 * are: a missing (or deleted) one is 404, another user's is 403 "You have no permission to access
 * this data". Whoever sees every conversation (an administrator, or wujie:chat:everyone) reads
 * everyone's (the console's conversation history) but writes only their own: nobody speaks, renames
 * or deletes in another user's conversation.
 */
@Injectable()
export class ConversationAccess {
  constructor(@InjectWorkflowDb() private readonly db: DataSource) {}

  async readable(caller: MissionCaller, id: number): Promise<Conversation> {
    return this.check(caller, id, seesEveryConversation(caller));
  }

  async writable(caller: MissionCaller, id: number): Promise<Conversation> {
    return this.check(caller, id, false);
  }

  private async check(caller: MissionCaller, id: number, anyOwner: boolean): Promise<Conversation> {
    const row = await this.db.getRepository(Conversation).findOneBy({ id, deleted: false });
    if (!row) throw new DomainError('chat.not_found', {}, 404);
    if (!anyOwner && Number(row.ownerUserId) !== caller.userId) {
      throw new DomainError('datascope.denied', {}, 403);
    }
    return row;
  }
}
