import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { WORKFLOW_PATTERNS } from '@platform/contracts';
import {
  ChatSendCommandBody,
  commandOf,
  ConversationCreateBody,
  ConversationListQuery,
  ConversationRenameBody,
  IdBody,
} from '@platform/contracts/dto';

import { missionCallerOf } from '../missions/mission-access';
import { AssistantService } from './assistant.service';
import { ConversationsService } from './conversations.service';

class ListCommand extends commandOf(ConversationListQuery) {}
class CreateCommand extends commandOf(ConversationCreateBody) {}
class RenameCommand extends commandOf(ConversationRenameBody) {}
class IdCommand extends commandOf(IdBody) {}
class SendCommand extends commandOf(ChatSendCommandBody) {}

/** Conversations with the assistant, through the gateway (every command carries its caller). */
@Controller()
export class ChatController {
  constructor(
    private readonly conversations: ConversationsService,
    private readonly assistant: AssistantService,
  ) {}

  @MessagePattern(WORKFLOW_PATTERNS.chatList)
  list(@Payload() command: ListCommand) {
    return this.conversations.list(command.body, missionCallerOf(command));
  }

  @MessagePattern(WORKFLOW_PATTERNS.chatCreate)
  create(@Payload() command: CreateCommand) {
    return this.conversations.create(command.body, missionCallerOf(command));
  }

  @MessagePattern(WORKFLOW_PATTERNS.chatRename)
  rename(@Payload() command: RenameCommand) {
    return this.conversations.rename(command.body, missionCallerOf(command));
  }

  @MessagePattern(WORKFLOW_PATTERNS.chatRemove)
  remove(@Payload() command: IdCommand) {
    return this.conversations.remove(command.body.id, missionCallerOf(command));
  }

  @MessagePattern(WORKFLOW_PATTERNS.chatMessages)
  messages(@Payload() command: IdCommand) {
    return this.conversations.messages(
      command.body.id,
      missionCallerOf(command),
      command.client.lang,
    );
  }

  /** Answers several values: the reply's events (ChatStreamEvent), `done` or `error` last. */
  @MessagePattern(WORKFLOW_PATTERNS.chatSend)
  send(@Payload() command: SendCommand) {
    return this.assistant.send(command.body, missionCallerOf(command), command.client.lang);
  }
}
