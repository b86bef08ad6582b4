import { Module } from '@nestjs/common';

import { ConversationAccess } from './conversation-access';
import { ConversationsService } from './conversations.service';

/**
 * The conversations and who may read or write them. A module of its own beside ChatModule: missions
 * check a chat-started mission's conversation here, and the chat's assistant starts missions.
 */
@Module({
  providers: [ConversationAccess, ConversationsService],
  exports: [ConversationAccess, ConversationsService],
})
export class ConversationsModule {}
