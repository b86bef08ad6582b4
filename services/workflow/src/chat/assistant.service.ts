import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import {
  ASSISTANT_AGENT,
  ASSISTANT_JOB_NAMES,
  CHAT_PING_MS,
  type ChatFileView,
  type ChatMissionEvent,
  type ChatStreamEvent,
  DESCRIPTION_MAX,
  DomainError,
  type Language,
  MISSION_TEXT_MAX,
  type MissionInputs,
  type MissionStructure,
  renderMessage,
  themeOf,
} from '@platform/contracts';
import type { ChatSendCommandBody } from '@platform/contracts/dto';
import {
  assistantSystemPrompt,
  type ChatMessage as LlmMessage,
  collectReply,
  isLlmError,
  type LlmProvider,
  type MissionPlan,
  parseMissionPlan,
  START_MISSION_TOOL,
  START_MISSION_TOOL_NAME,
  type TokenUsage,
  type ToolCall,
} from '@platform/llm';
import { Observable } from 'rxjs';
import { type DataSource, LessThan } from 'typeorm';

import { InjectWorkflowDb } from '../database/inject';
import type { MissionCaller } from '../missions/mission-access';
import { MissionsService } from '../missions/missions.service';
import { Workflow } from '../workflows/workflow.entity';
import { attachmentsOf, keptAttachments, modelHistory } from './assistant-history';
import { structuresOf } from './attached-structures';
import { ChatAbort } from './chat-abort';
import { ChatMessage, Conversation, type StoredToolCall } from './conversation.entity';
import { ConversationAccess } from './conversation-access';
import { LLM_PROVIDER } from './llm.provider';

/** Model calls per message: the reply, the confirmation after a tool result, one retry of a bad call. */
const MAX_ROUNDS = 3;

/** What one reply is written with. */
interface ReplyContext {
  caller: MissionCaller;
  lang: Language;
  conversationId: number;
  replyId: number;
  /** The conversation as the model reads it, the new message last. */
  messages: LlmMessage[];
  files: ChatFileView[];
  /** PDB files among the message's attachments, for the mission's structure-based jobs. */
  structures: MissionStructure[];
  patch: string;
  signal: AbortSignal;
  emit: (event: ChatStreamEvent) => void;
}

/** What the reply so far holds; stored as it is when the reply fails. */
interface ReplyState {
  text: string;
  usage: Omit<TokenUsage, 'totalTokens'>;
  model: string;
  toolCalls: StoredToolCall[];
  /** The missions this reply started, in order: one per job asked for ("humanize and check risks"). */
  missions: ChatMissionEvent[];
}

/**
 * The assistant: a message and the conversation before it go to the language model (the built-in
 * planner or an OpenAI-compatible endpoint, one code path) with the start_mission tool; the reply
 * streams back as it is written and is stored with its token counts; a start_mission call is
 * checked again (parseMissionPlan), the seeded workflow of its job started as a mission of the
 * conversation, and the result answered to the model for a short confirmation.
 *
 * Streaming: the send handler answers an Observable, which Nest's Redis and NATS transports carry
 * as one reply packet per value (the platform's namespaced transports keep that: they only prefix
 * channel names), so the gateway receives the events as they are produced and writes them as
 * server-sent events. The model call stays here, beside the conversation it reads and writes; the
 * gateway's "reader left" reaches it through ChatAbort.
 */
@Injectable()
export class AssistantService implements OnApplicationBootstrap {
  private readonly logger = new Logger(AssistantService.name);

  constructor(
    @InjectWorkflowDb() private readonly db: DataSource,
    @Inject(LLM_PROVIDER) private readonly provider: LlmProvider,
    private readonly access: ConversationAccess,
    private readonly missions: MissionsService,
    private readonly aborts: ChatAbort,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const failed = await this.failStale();
    if (failed)
      this.logger.warn(`${failed} replies left unfinished by a stopped instance marked failed`);
  }

  /**
   * Stores the user's message and an empty reply (streaming), then answers the events of the reply.
   * Refusals (no such conversation, another user's, nothing to send) are thrown before any event.
   */
  async send(
    body: ChatSendCommandBody,
    caller: MissionCaller,
    lang: Language,
  ): Promise<Observable<ChatStreamEvent>> {
    const conversation = await this.access.writable(caller, body.conversationId);
    const content = body.content?.trim() ?? '';
    const patch = body.patch?.trim() ?? '';
    const files: ChatFileView[] = (body.files ?? []).map((f) => ({
      fileName: f.fileName,
      originalFilename: f.originalFilename ?? f.fileName.split('/').pop() ?? f.fileName,
    }));
    if (!content && files.length === 0 && !patch) throw new DomainError('mission.inputs_required');
    const attachments = (body.attachments ?? []).map((a) => ({ name: a.name, text: a.text }));

    const earlier = await this.db.getRepository(ChatMessage).find({
      where: { conversationId: conversation.id },
      order: { id: 'ASC' },
    });
    const { userMessage, reply } = await this.db.transaction(async (manager) => {
      const messages = manager.getRepository(ChatMessage);
      const userMessage = await messages.save(
        messages.create({
          conversationId: conversation.id,
          role: 'user',
          content,
          files: files.length ? files : null,
          attachments: attachments.length ? keptAttachments(attachments) : null,
          patch: patch || null,
          missionId: null,
          agent: null,
          status: 'complete',
        }),
      );
      const reply = await messages.save(
        messages.create({
          conversationId: conversation.id,
          role: 'assistant',
          content: '',
          agent: ASSISTANT_AGENT,
          status: 'streaming',
          provider: this.provider.kind,
          model: this.provider.model,
        }),
      );
      // The first question names the conversation, unless it has a name already.
      await manager
        .createQueryBuilder()
        .update(Conversation)
        .set({
          updateTime: () => 'CURRENT_TIMESTAMP(3)',
          ...(conversation.theme ? {} : { theme: themeOf(content, files, patch) }),
        })
        .where('id = :id', { id: conversation.id })
        .execute();
      return { userMessage, reply };
    });

    const messages: LlmMessage[] = [
      { role: 'system', content: assistantSystemPrompt(lang) },
      ...modelHistory(earlier),
      {
        role: 'user',
        content,
        attachments: attachmentsOf(attachments, patch || null),
      },
    ];
    return new Observable<ChatStreamEvent>((subscriber) => {
      const { signal, release } = this.aborts.track(reply.id);
      let last = Date.now();
      const emit = (event: ChatStreamEvent) => {
        last = Date.now();
        subscriber.next(event);
      };
      // Keeps the gateway's idle timer quiet while the model thinks or a mission deploys.
      const ping = setInterval(() => {
        if (Date.now() - last >= CHAT_PING_MS) emit({ type: 'ping' });
      }, CHAT_PING_MS / 2);
      emit({
        type: 'start',
        conversationId: Number(conversation.id),
        userMessageId: Number(userMessage.id),
        messageId: Number(reply.id),
      });
      const context: ReplyContext = {
        caller,
        lang,
        conversationId: Number(conversation.id),
        replyId: Number(reply.id),
        messages,
        files,
        structures: structuresOf(attachments),
        patch,
        signal,
        emit,
      };
      this.write(context)
        .catch((error: unknown) => {
          // Storing the outcome failed (the database went away): the reader still gets an end.
          this.logger.error(`reply ${reply.id} was not stored: ${String(error)}`);
          emit({
            type: 'error',
            messageId: Number(reply.id),
            message: renderMessage('chat.reply_failed', lang),
          });
        })
        .finally(() => {
          clearInterval(ping);
          release();
          subscriber.complete();
        });
      // The reply goes on when the transport stops listening; only ChatAbort cancels it.
      return () => clearInterval(ping);
    });
  }

  /** Writes the reply (model rounds, tool calls), stores it and ends the stream with done or error. */
  private async write(ctx: ReplyContext): Promise<void> {
    const state: ReplyState = {
      text: '',
      usage: { promptTokens: 0, completionTokens: 0, estimated: false },
      model: this.provider.model,
      toolCalls: [],
      missions: [],
    };
    const say = (piece: string) => {
      state.text += piece;
      ctx.emit({ type: 'delta', text: piece });
    };
    try {
      for (let round = 0; round < MAX_ROUNDS; round += 1) {
        // A second round (the confirmation) starts on a new paragraph.
        let separated = state.text === '';
        const answer = await collectReply(
          this.provider.chat({
            messages: ctx.messages,
            tools: [START_MISSION_TOOL],
            // The missions of a message start in one round; the last round must answer in words.
            toolChoice: state.missions.length > 0 || round === MAX_ROUNDS - 1 ? 'none' : 'auto',
            language: ctx.lang,
            signal: ctx.signal,
          }),
          (piece) => {
            if (!separated) say('\n\n');
            separated = true;
            say(piece);
          },
        );
        state.usage.promptTokens += answer.usage.promptTokens;
        state.usage.completionTokens += answer.usage.completionTokens;
        state.usage.estimated ||= answer.usage.estimated;
        state.model = answer.model;
        ctx.messages.push({
          role: 'assistant',
          content: answer.text,
          ...(answer.toolCalls.length ? { toolCalls: answer.toolCalls } : {}),
        });
        if (answer.finishReason !== 'tool_calls' || answer.toolCalls.length === 0) break;
        for (const call of answer.toolCalls) {
          const result = await this.runTool(call, ctx, state);
          state.toolCalls.push({ ...call, result });
          ctx.messages.push({ role: 'tool', toolCallId: call.id, content: result });
        }
      }
    } catch (error) {
      const key = isLlmError(error) ? error.messageKey : 'chat.reply_failed';
      // An LlmError's message is redacted by @platform/llm: no key, no credentials.
      if (isLlmError(error)) {
        this.logger.warn(`reply ${ctx.replyId} failed: ${error.code} ${error.message}`);
      } else {
        this.logger.error(
          `reply ${ctx.replyId} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        );
      }
      // Nothing is charged for a failed reply: it never reaches settleReply.
      await this.store(ctx.replyId, state, 'failed', key);
      ctx.emit({ type: 'error', messageId: ctx.replyId, message: renderMessage(key, ctx.lang) });
      return;
    }
    await this.store(ctx.replyId, state, 'complete', null);
    this.settleReply(ctx, state);
    ctx.emit({
      type: 'done',
      messageId: ctx.replyId,
      ...(state.missions.length ? { missionId: state.missions[0].missionId } : {}),
    });
  }

  /**
   * The billing hook of a completed reply (its token counts are stored on the message); a failed
   * reply never gets here. Issue 14 charges missions, not replies (docs/api-billing.md): a mission
   * the reply starts freezes its price through MissionsService.start, so nothing is charged here.
   */
  private settleReply(_ctx: ReplyContext, _state: ReplyState): void {
    // Replies are free: a price per reply would be frozen before the model is asked, like a mission's.
  }

  private async store(
    replyId: number,
    state: ReplyState,
    status: 'complete' | 'failed',
    errorKey: string | null,
  ): Promise<void> {
    await this.db.getRepository(ChatMessage).update(replyId, {
      content: state.text,
      status,
      errorKey,
      toolCalls: state.toolCalls.length ? state.toolCalls : null,
      missionId: state.missions[0]?.missionId ?? null,
      promptTokens: state.usage.promptTokens,
      completionTokens: state.usage.completionTokens,
      tokensEstimated: state.usage.estimated,
      model: state.model.slice(0, 100),
    });
  }

  /** Runs one tool call and answers what the model is told (JSON): the mission, or why not. */
  private async runTool(call: ToolCall, ctx: ReplyContext, state: ReplyState): Promise<string> {
    if (call.name !== START_MISSION_TOOL_NAME) {
      return JSON.stringify({ error: `there is no tool named ${call.name}` });
    }
    const parsed = parseMissionPlan(call.arguments, ctx.lang);
    if (!parsed.ok) return JSON.stringify({ error: parsed.problems.join('; ') });
    // One mission per job and message: a model repeating a call does not start it twice.
    if (state.missions.some((m) => m.workflowKey === parsed.plan.workflowKey)) {
      return JSON.stringify({
        error: `a ${parsed.plan.job} mission was already started for this message`,
      });
    }
    let mission: ChatMissionEvent;
    try {
      mission = await this.startMission(parsed.plan, ctx);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return JSON.stringify({ error: renderMessage(error.key, ctx.lang, error.params) });
    }
    state.missions.push(mission);
    // The message row names the first mission; the others are in its stored tool calls.
    if (state.missions.length === 1) {
      await this.db
        .getRepository(ChatMessage)
        .update(ctx.replyId, { missionId: mission.missionId });
    }
    ctx.emit({ type: 'mission', ...mission });
    const { missionId, code, status } = mission;
    return JSON.stringify({ missionId, code, status });
  }

  /** Starts the seeded workflow of the plan's job as a mission of the conversation, for the caller. */
  private async startMission(plan: MissionPlan, ctx: ReplyContext): Promise<ChatMissionEvent> {
    const workflow = await this.db
      .getRepository(Workflow)
      .findOneBy({ processKey: plan.workflowKey });
    if (!workflow) {
      throw new DomainError('chat.workflow_missing', {
        name: ASSISTANT_JOB_NAMES[plan.job][ctx.lang],
      });
    }
    const started = await this.missions.start(
      {
        workflowId: Number(workflow.id),
        name: plan.name,
        description: plan.inputs.request.slice(0, DESCRIPTION_MAX),
        conversationId: ctx.conversationId,
        inputs: missionInputs(plan, ctx),
      },
      ctx.caller,
      plan.language,
    );
    return {
      missionId: started.id,
      code: started.code,
      status: started.status,
      workflowKey: plan.workflowKey,
    };
  }

  /** Marks replies left streaming by a stopped instance as failed (older than `minutes`). */
  async failStale(minutes = 15): Promise<number> {
    const result = await this.db
      .getRepository(ChatMessage)
      .update(
        { status: 'streaming', createTime: LessThan(new Date(Date.now() - minutes * 60_000)) },
        { status: 'failed', errorKey: 'chat.reply_failed' },
      );
    return result.affected ?? 0;
  }
}

/**
 * A mission's inputs from a plan: the plan's inputs as JSON text (the agent worker reads heavy,
 * light, antigen and the options from it), the message's files, its PDB files' atoms and its patch.
 */
function missionInputs(
  plan: MissionPlan,
  { files, structures, patch }: Pick<ReplyContext, 'files' | 'structures' | 'patch'>,
): MissionInputs {
  let text = JSON.stringify(plan.inputs);
  // The FASTA repeats the sequences; left out when the text would be too long for a mission.
  if (text.length > MISSION_TEXT_MAX) text = JSON.stringify({ ...plan.inputs, fasta: '' });
  return {
    text,
    ...(files.length ? { files: files.map((f) => f.fileName) } : {}),
    ...(structures.length ? { structures } : {}),
    ...(patch ? { patch } : {}),
  };
}
