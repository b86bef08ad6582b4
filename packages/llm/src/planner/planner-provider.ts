import { DEFAULT_LANGUAGE, type Language } from '@platform/contracts';

import { LlmError } from '../errors';
import { START_MISSION_TOOL_NAME } from '../mission-plan';
import type { ChatEvent, ChatRequest, LlmProvider, ToolCall } from '../types';
import { estimatedUsage, estimateMessagesTokens, estimateTokens } from '../usage';
import { detectLanguage } from './intents';
import { planConversation } from './plan';
import { toolResultReply } from './replies';
import { withoutSequences } from './sequences';

export const PLANNER_MODEL = 'builtin-planner';

// Deltas of about this many characters, cut after punctuation or spaces where possible, so the
// reply streams like a model's.
const DELTA_CHARS = 24;

/** Splits a reply into stream deltas; joined they give the reply back exactly. */
export function splitDeltas(text: string, size = DELTA_CHARS): string[] {
  const parts: string[] = [];
  let rest = text;
  while (rest.length > size) {
    const window = rest.slice(0, size + 1);
    const cut = Math.max(
      ...['\n', '。', '，', '；', '：', '. ', ', ', '; ', ': ', ' '].map((p) => {
        const at = window.lastIndexOf(p);
        return at > 0 ? at + p.length : -1;
      }),
    );
    const end = cut > 0 ? Math.min(cut, size) : size;
    parts.push(rest.slice(0, end));
    rest = rest.slice(end);
  }
  if (rest) parts.push(rest);
  return parts;
}

function checkAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new LlmError('aborted', 'the reply was cancelled');
}

// A short stable id for the plan's tool call (the same conversation gives the same id).
function callId(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return `call_plan_${(hash >>> 0).toString(16).padStart(8, '0')}`;
}

function conversationLanguage(request: ChatRequest): Language {
  for (const m of [...request.messages].reverse()) {
    if (m.role !== 'user') continue;
    const lang = detectLanguage(withoutSequences(m.content));
    if (lang) return lang;
  }
  return request.language ?? DEFAULT_LANGUAGE;
}

/** The contents of the tool messages that end the conversation, oldest first. */
function trailingToolResults(request: ChatRequest): string[] {
  const results: string[] = [];
  for (const m of [...request.messages].reverse()) {
    if (m.role !== 'tool') break;
    results.unshift(m.content);
  }
  return results;
}

/**
 * The built-in planner behind the provider interface, so the assistant has one code path for both
 * providers: the reply streams as deltas, a plan comes as a `start_mission` tool call (only when
 * the request offers that tool), and a tool result answered back gets a short confirmation. No
 * network; the same request always gives the same events. Token counts are estimates.
 */
export class PlannerProvider implements LlmProvider {
  readonly kind = 'planner' as const;
  readonly model = PLANNER_MODEL;

  async *chat(request: ChatRequest): AsyncIterable<ChatEvent> {
    checkAborted(request.signal);
    const last = request.messages.at(-1);
    const canStart =
      request.toolChoice !== 'none' &&
      (request.tools ?? []).some((t) => t.name === START_MISSION_TOOL_NAME);
    let reply: string;
    const calls: ToolCall[] = [];
    if (last?.role === 'tool') {
      // The results of this round's calls, one line each (several jobs start several missions).
      const lang = conversationLanguage(request);
      reply = trailingToolResults(request)
        .map((content) => toolResultReply(content, lang))
        .join('\n');
    } else {
      const outcome = planConversation(request.messages, { language: request.language, canStart });
      reply = outcome.reply;
      // One start_mission call per job asked for ("humanize it and check risk sites": two).
      if (outcome.kind === 'plan' && canStart) {
        for (const plan of outcome.plans) {
          const args = JSON.stringify(plan);
          calls.push({ id: callId(args), name: START_MISSION_TOOL_NAME, arguments: args });
        }
      }
    }
    const deltas = request.stream === false ? [reply] : splitDeltas(reply);
    for (const text of deltas) {
      checkAborted(request.signal);
      yield { type: 'delta', text };
    }
    for (const call of calls) {
      checkAborted(request.signal);
      yield { type: 'tool_call', call };
    }
    yield {
      type: 'done',
      usage: estimatedUsage(
        estimateMessagesTokens(request.messages),
        estimateTokens(reply) + calls.reduce((n, c) => n + estimateTokens(c.arguments), 0),
      ),
      finishReason: calls.length > 0 ? 'tool_calls' : 'stop',
      model: PLANNER_MODEL,
    };
  }
}
