import { Body, Controller, Get, HttpCode, Post, Put, Query, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  BUSINESS_TYPES as B,
  type MessageSentView,
  type MessageView,
  NOTIFICATION_PATTERNS as N,
  PERMISSIONS as P,
} from '@platform/contracts';
import { MessageQuery, ReadMessagesBody, SendMessageBody } from '@platform/contracts/dto';
import type { FastifyRequest } from 'fastify';

import { RequirePermissions } from '../common/decorators';
import { Log } from '../common/oper-log';
import { paged } from '../common/paging';
import { ServiceClient } from '../rpc/service-client';

const M = ['站内消息', 'Messages'] as const;

/**
 * In-app messages (issue 15), kept by the notification service. A user lists, counts and marks only
 * their own: the service takes the user from the session the gateway forwards, never from the body.
 * Sending to a user, a role or everyone is an administrator's permission.
 */
@ApiTags('wujie/message')
@Controller('wujie/message')
export class MessageController {
  constructor(private readonly services: ServiceClient) {}

  @Post()
  @HttpCode(200)
  @RequirePermissions(P.wujie.message.send)
  @Log(...M, B.insert)
  send(@Req() request: FastifyRequest, @Body() body: SendMessageBody) {
    return this.services.forward<MessageSentView>(N.send, request, body);
  }

  @Get('list')
  @RequirePermissions(P.wujie.message.list)
  list(@Req() request: FastifyRequest, @Query() query: MessageQuery) {
    return paged(
      this.services.forward<{ rows: MessageView[]; total: number }>(N.list, request, query),
    );
  }

  @Get('unreadCount')
  @RequirePermissions(P.wujie.message.list)
  unreadCount(@Req() request: FastifyRequest) {
    return this.services.forward<{ count: number }>(N.unreadCount, request, {});
  }

  @Put('read')
  @RequirePermissions(P.wujie.message.list)
  read(@Req() request: FastifyRequest, @Body() body: ReadMessagesBody) {
    return this.services.forward<{ updated: number }>(N.read, request, body);
  }
}
