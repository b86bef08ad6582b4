import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DomainError, NOTIFICATION_PATTERNS as N } from '@platform/contracts';
import {
  type Caller,
  commandOf,
  MessageQuery,
  ReadMessagesBody,
  SendMessageBody,
} from '@platform/contracts/dto';

import { MessagesService } from './messages.service';

class SendCommand extends commandOf(SendMessageBody) {}
class ListCommand extends commandOf(MessageQuery) {}
class ReadCommand extends commandOf(ReadMessagesBody) {}
class EmptyCommand extends commandOf(Object) {}

/** The signed-in caller; the gateway fills it from the session, never from the client's body. */
function callerOf(command: { caller?: Caller }): Caller {
  if (!command.caller) throw new DomainError('http.401', {}, 401);
  return command.caller;
}

/** In-app messages over the transport: the gateway's /wujie/message routes. */
@Controller()
export class MessagesController {
  constructor(private readonly messages: MessagesService) {}

  @MessagePattern(N.send)
  send(@Payload() c: SendCommand) {
    return this.messages.send(c.body, `user:${callerOf(c).userId}`);
  }

  @MessagePattern(N.list)
  list(@Payload() c: ListCommand) {
    return this.messages.list(callerOf(c).userId, c.body);
  }

  @MessagePattern(N.unreadCount)
  unreadCount(@Payload() c: EmptyCommand) {
    return this.messages.unreadCount(callerOf(c).userId);
  }

  @MessagePattern(N.read)
  read(@Payload() c: ReadCommand) {
    return this.messages.read(callerOf(c).userId, c.body);
  }
}
