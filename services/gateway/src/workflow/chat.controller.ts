import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  Post,
  Put,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  BUSINESS_TYPES as B,
  CHAT_ATTACHMENT_EXTENSIONS,
  CHAT_PING_MS,
  type ChatReplyView,
  type ChatStreamEvent,
  DomainError,
  type Language,
  PERMISSIONS,
  renderMessage,
  WORKFLOW_PATTERNS as W,
} from '@platform/contracts';
import {
  ChatSendBody,
  ConversationCreateBody,
  ConversationListQuery,
  ConversationRenameBody,
} from '@platform/contracts/dto';
import { chatAbortChannel } from '@platform/nest-common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type Redis from 'ioredis';

import { RequirePermissions } from '../common/decorators';
import { Envelope } from '../common/envelope';
import { Log, NoLog } from '../common/oper-log';
import { forwardPage } from '../common/paging';
import { idOf } from '../common/path-ids';
import { GATEWAY_REDIS } from '../common/redis.provider';
import { languageOf, stateOf } from '../common/request-context';
import { GATEWAY_ENV, type GatewayEnv } from '../config/env';
import { FILE_STORE, type FileStore } from '../files/storage/file-store';
import { assertWithinQuota } from '../files/upload-quota';
import { receiveFile, storeOwnedFile } from '../files/uploads';
import { ServiceClient } from '../rpc/service-client';
import { readAttachments } from './chat-attachments';
import { EventReader, sseFrame } from './chat-stream';

const C = PERMISSIONS.wujie.chat;
const CHAT_LOG: [string, string] = ['对话', 'Conversation'];
/** A comment line this often keeps proxies and the browser from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;
/** The workflow service pings every CHAT_PING_MS while busy; four missed pings mean it is gone. */
const IDLE_MS = 4 * CHAT_PING_MS;

/**
 * Conversations with the assistant (/wujie/char/talk, the chat assistant and conversation history
 * pages). The workflow service checks every conversation against the caller; an administrator
 * reads everyone's (`all=true` on the list) and writes only their own.
 *
 * Routes with a path id come first: the permission test calls every route with id 1, and a
 * conversation 1 created by another caller earlier in that walk would answer 403.
 */
@ApiTags('chat')
@Controller('wujie/chat')
export class ChatController {
  constructor(
    private readonly services: ServiceClient,
    @Inject(FILE_STORE) private readonly files: FileStore,
    @Inject(GATEWAY_REDIS) private readonly redis: Redis,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  /** The messages of a conversation, oldest first, exactly as stored (with each reply's mission id). */
  @Get(':id/messages')
  @RequirePermissions([C.use, C.history], 'any')
  messages(@Req() request: FastifyRequest, @Param('id') id: string) {
    return this.services.forward(W.chatMessages, request, idOf(id));
  }

  /**
   * Sends a message. The reply is a stream of server-sent events (`start`, `delta`, `mission`,
   * `done` or `error`), or with `Accept: application/json` one answer `{reply, missionId?,
   * messageId}` once it is complete. A refusal before the reply starts is an ordinary envelope.
   */
  @Post(':id/messages')
  @HttpCode(200)
  @RequirePermissions(C.use)
  // The conversation keeps the message; the operation log would only copy sequences around.
  @NoLog()
  async send(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Param('id') id: string,
    @Body() body: ChatSendBody,
  ): Promise<void> {
    const sender = stateOf(request).session!.userId;
    const attachments = await readAttachments(this.files, sender, body.files ?? []);
    const events = new EventReader(
      this.services.stream<ChatStreamEvent>(
        W.chatSend,
        request,
        { ...body, conversationId: idOf(id).id, attachments },
        IDLE_MS,
      ),
    );
    // Refusals (404, 403, nothing to send) come before the first event and throw here.
    const first = await events.next();
    if (first.done || first.value.type !== 'start') {
      events.close();
      throw new DomainError('chat.reply_failed');
    }
    const lang = stateOf(request).lang ?? languageOf(request);
    const messageId = first.value.messageId;
    let finished = false;
    // The reader left: stop listening and let the workflow service cancel the model call.
    // (The response's close: the request's own fires once its body was read.)
    reply.raw.once('close', () => {
      if (finished || reply.raw.writableFinished) return;
      events.close();
      void this.redis
        .publish(chatAbortChannel(this.env.NAMESPACE), String(messageId))
        .catch(() => undefined);
    });
    try {
      if (wantsJson(request)) await this.answerJson(reply, events, messageId);
      else await this.answerStream(request, reply, first.value, events, messageId, lang);
    } finally {
      finished = true;
      events.close();
    }
  }

  /**
   * Attaches a FASTA, PDB, CSV or text file (multipart field `file`, 5 MB, checked by content), kept
   * in the user's own folder within their storage quota; only they download it.
   */
  @Post('upload')
  @HttpCode(200)
  @RequirePermissions(C.use)
  @Log(...CHAT_LOG, B.insert)
  async upload(@Req() request: FastifyRequest): Promise<Envelope> {
    const file = await receiveFile(request, 'file', CHAT_ATTACHMENT_EXTENSIONS);
    const { userId } = stateOf(request).session!;
    await assertWithinQuota(this.services, request, this.files, userId, file.buffer.length);
    const stored = await storeOwnedFile(this.files, 'chat', userId, file);
    const msg = renderMessage('common.success', stateOf(request).lang ?? 'zh');
    return new Envelope({ code: 200, msg, ...stored, data: stored });
  }

  /** The caller's conversations, newest first (`theme` contains); administrators' `all=true`: everyone's. */
  @Get('list')
  @RequirePermissions([C.use, C.history], 'any')
  list(@Req() request: FastifyRequest, @Query() query: ConversationListQuery) {
    return forwardPage(this.services, W.chatList, request, query);
  }

  @Post()
  @HttpCode(200)
  @RequirePermissions(C.use)
  @Log(...CHAT_LOG, B.insert)
  create(@Req() request: FastifyRequest, @Body() body: ConversationCreateBody) {
    return this.services.forward(W.chatCreate, request, body);
  }

  @Put()
  @RequirePermissions(C.use)
  @Log(...CHAT_LOG, B.update)
  rename(@Req() request: FastifyRequest, @Body() body: ConversationRenameBody) {
    return this.services.forward(W.chatRename, request, body);
  }

  @Delete(':id')
  @RequirePermissions(C.use)
  @Log(...CHAT_LOG, B.delete)
  remove(@Req() request: FastifyRequest, @Param('id') id: string) {
    return this.services.forward(W.chatRemove, request, idOf(id));
  }

  private async answerJson(
    reply: FastifyReply,
    events: EventReader<ChatStreamEvent>,
    messageId: number,
  ): Promise<void> {
    let text = '';
    let missionId: number | undefined;
    for await (const event of events) {
      if (event.type === 'delta') text += event.text;
      else if (event.type === 'mission') missionId = event.missionId;
      else if (event.type === 'error') {
        void reply.send(new Envelope({ code: 500, msg: event.message }));
        return;
      } else if (event.type === 'done') break;
    }
    const answer: ChatReplyView = {
      reply: text,
      ...(missionId !== undefined ? { missionId } : {}),
      messageId,
    };
    void reply.send(answer);
  }

  private async answerStream(
    request: FastifyRequest,
    reply: FastifyReply,
    start: Extract<ChatStreamEvent, { type: 'start' }>,
    events: EventReader<ChatStreamEvent>,
    messageId: number,
    lang: Language,
  ): Promise<void> {
    // Written on the socket directly: Fastify would wait for the whole body.
    reply.hijack();
    const raw = reply.raw;
    // The security headers and request id the hooks set on the reply, then the stream's own.
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) headers[name] = String(value);
    }
    raw.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // nginx and other proxies: pass each event on at once.
      'x-accel-buffering': 'no',
    });
    request.raw.socket?.setNoDelay(true);
    const write = (frame: string) => {
      if (!raw.destroyed && !raw.writableEnded) raw.write(frame);
    };
    const heartbeat = setInterval(() => write(': keep-alive\n\n'), HEARTBEAT_MS);
    try {
      write(sseFrame(start));
      for await (const event of events) {
        if (event.type !== 'ping') write(sseFrame(event));
        if (event.type === 'done' || event.type === 'error') break;
      }
    } catch (error) {
      // The workflow service went quiet or away mid-reply.
      const key = error instanceof DomainError ? error.key : 'chat.reply_failed';
      write(sseFrame({ type: 'error', messageId, message: renderMessage(key, lang) }));
    } finally {
      clearInterval(heartbeat);
      if (!raw.writableEnded) raw.end();
    }
  }
}

/** `Accept: application/json` (and not text/event-stream) asks for one answer instead of a stream. */
function wantsJson(request: FastifyRequest): boolean {
  const accept = String(request.headers.accept ?? '').toLowerCase();
  return accept.includes('application/json') && !accept.includes('text/event-stream');
}
