import { Module } from '@nestjs/common';

import { MissionsModule } from '../missions/missions.module';
import { AssistantService } from './assistant.service';
import { ChatController } from './chat.controller';
import { ChatAbort } from './chat-abort';
import { ConversationsModule } from './conversations.module';
import { llmProvider } from './llm.provider';

/** The chat: the assistant that answers in a conversation, and may start missions. */
@Module({
  imports: [ConversationsModule, MissionsModule],
  controllers: [ChatController],
  providers: [llmProvider, ChatAbort, AssistantService],
})
export class ChatModule {}
