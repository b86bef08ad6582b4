import { Injectable } from '@nestjs/common';
import { DomainError, seesEveryConversation } from '@platform/contracts';
import type { DataSource } from 'typeorm';

import { InjectWorkflowDb } from '../database/inject';
import type { MissionCaller } from '../missions/mission-access';
import { Conversation } from './conversation.entity';

/**
 * The one place where a conversation a request names is checked against the caller, as missions
 * are: a missing (or deleted) one and one the caller may not see both answer 404 "conversation not
 * found" (a 403 would tell that it exists). Whoever sees every conversation (an administrator, or wujie:chat:everyone) reads
 * everyone's (the console's conversation history) but writes only their own: nobody speaks, renames
 * or deletes in another user's conversation.
 */
@Injectable()
export class ConversationAccess {
  constructor(@InjectWorkflowDb() private readonly db: DataSource) {}

  async readable(caller: MissionCaller, id: number): Promise<Conversation> {
    return this.visible(caller, id);
  }

  /** Only the owner writes; one who reads everyone's is told 403 (they know it exists), not 404. */
  async writable(caller: MissionCaller, id: number): Promise<Conversation> {
    const row = await this.visible(caller, id);
    if (Number(row.ownerUserId) !== caller.userId) {
      throw new DomainError('datascope.denied', {}, 403);
    }
    return row;
  }

  private async visible(caller: MissionCaller, id: number): Promise<Conversation> {
    const row = await this.db.getRepository(Conversation).findOneBy({ id, deleted: false });
    const own = row && Number(row.ownerUserId) === caller.userId;
    if (!row || !(own || seesEveryConversation(caller))) {
      throw new DomainError('chat.not_found', {}, 404);
    }
    return row;
  }
}
