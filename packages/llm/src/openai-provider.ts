import OpenAI, {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
} from 'openai';
import type {
  ChatCompletionChunk,
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionCreateParamsStreaming,
  ChatCompletionMessageParam,
  ChatCompletionTool,
  ChatCompletionToolChoiceOption,
} from 'openai/resources/chat/completions';

import type { OpenAiCompatibleConfig, StreamUsageMode } from './config';
import { LlmError, type LlmErrorCode } from './errors';
import { redactSecret } from './redact';
import type {
  ChatEvent,
  ChatMessage,
  ChatRequest,
  FinishReason,
  LlmProvider,
  TokenUsage,
  ToolCall,
  ToolChoice,
  ToolDefinition,
} from './types';
import { estimatedUsage, estimateMessagesTokens, estimateTokens } from './usage';

// The official client refuses to start without a key; servers that need none (Ollama, vLLM without
// --api-key) ignore the bearer, and vLLM's own examples send this word.
const NO_KEY = 'EMPTY';

/**
 * A language model behind any OpenAI-compatible chat completions endpoint (OpenAI, DeepSeek,
 * Qwen/DashScope compatible mode, vLLM, Ollama), on the official `openai` client.
 *
 * Retries: the client's own (connection errors, 408, 409, 429, 5xx; exponential back-off from
 * 0.5 s doubling to 8 s with jitter, or the server's Retry-After / retry-after-ms), up to
 * `maxRetries`. A stream that already yielded text is never retried (the text would repeat).
 * Timeouts: `timeoutMs` for the answer to start (the client's timeout, retried like a connection
 * error) and again between two chunks of a stream (ours: the client's stops at the headers).
 * Only standard parameters are sent, and only when set: no `tools` without tools, no `tool_choice`
 * without tools, `stream_options` as LLM_STREAM_USAGE says.
 */
export class OpenAiCompatibleProvider implements LlmProvider {
  readonly kind = 'openai' as const;
  readonly model: string;
  // Private fields so neither the key nor the client holding it shows in logs or inspection.
  readonly #client: OpenAI;
  readonly #secret: string | undefined;
  readonly #timeoutMs: number;
  #streamUsage: StreamUsageMode;

  constructor(config: OpenAiCompatibleConfig) {
    this.model = config.model;
    this.#secret = config.apiKey;
    this.#timeoutMs = config.timeoutMs;
    this.#streamUsage = config.streamUsage;
    this.#client = new OpenAI({
      baseURL: config.baseUrl,
      apiKey: config.apiKey ?? NO_KEY,
      // Explicit, so OPENAI_ORG_ID / OPENAI_PROJECT_ID / OPENAI_LOG in the environment change nothing.
      organization: null,
      project: null,
      timeout: config.timeoutMs,
      maxRetries: config.maxRetries,
      logLevel: 'warn',
    });
  }

  async *chat(request: ChatRequest): AsyncIterable<ChatEvent> {
    const model = request.model ?? this.model;
    const idle = new IdleTimer(this.#timeoutMs);
    const signal = request.signal ? AbortSignal.any([request.signal, idle.signal]) : idle.signal;
    try {
      if (request.stream === false) {
        yield* this.#complete(model, request, signal);
      } else {
        yield* this.#stream(model, request, signal, idle);
      }
    } catch (err) {
      throw this.#toLlmError(err, idle.fired, request.signal?.aborted === true);
    } finally {
      idle.stop();
    }
  }

  async *#complete(
    model: string,
    request: ChatRequest,
    signal: AbortSignal,
  ): AsyncIterable<ChatEvent> {
    const body: ChatCompletionCreateParamsNonStreaming = {
      ...requestBody(model, request),
      stream: false,
    };
    const completion = await this.#client.chat.completions.create(body, { signal });
    const choice = completion.choices[0];
    if (!choice) throw new LlmError('unavailable', 'the language model answered without a choice');
    const text = choice.message.content ?? '';
    if (text) yield { type: 'delta', text };
    const calls: ToolCall[] = [];
    for (const [index, call] of (choice.message.tool_calls ?? []).entries()) {
      if (call.type !== 'function') continue;
      calls.push({
        id: call.id || `call_${index}`,
        name: call.function.name,
        arguments: call.function.arguments || '{}',
      });
    }
    for (const call of calls) yield { type: 'tool_call', call };
    yield {
      type: 'done',
      usage: usageOf(completion.usage, request.messages, text, calls),
      finishReason: finishReasonOf(choice.finish_reason, calls.length > 0),
      model: completion.model || model,
    };
  }

  async *#stream(
    model: string,
    request: ChatRequest,
    signal: AbortSignal,
    idle: IdleTimer,
  ): AsyncIterable<ChatEvent> {
    const chunks = await this.#openStream(model, request, signal);
    idle.start();
    const calls = new Map<number, ToolCall>();
    let lastIndex = -1;
    let text = '';
    let finish: string | null | undefined;
    let usage: ChatCompletionChunk['usage'];
    let answeredModel = model;
    for await (const chunk of chunks) {
      idle.start();
      if (chunk.usage) usage = chunk.usage;
      if (chunk.model) answeredModel = chunk.model;
      const choice = chunk.choices?.[0];
      if (!choice) continue;
      const content = choice.delta?.content;
      if (content) {
        text += content;
        yield { type: 'delta', text: content };
      }
      for (const part of choice.delta?.tool_calls ?? []) {
        lastIndex = toolCallIndex(calls, part, lastIndex);
        const call = calls.get(lastIndex) ?? { id: '', name: '', arguments: '' };
        if (part.id) call.id = part.id;
        if (part.function?.name) call.name = part.function.name;
        if (part.function?.arguments) call.arguments += part.function.arguments;
        calls.set(lastIndex, call);
      }
      if (choice.finish_reason) finish = choice.finish_reason;
    }
    idle.stop();
    // The client ends a stream quietly when its signal aborts (ours on silence, or the caller's).
    if (signal.aborted) throw new LlmError('aborted', 'the reply was cancelled');
    if (!finish && !usage) {
      // The connection closed before the model said it was done: the reply may be cut short.
      throw new LlmError(
        'unavailable',
        'the language model stream ended before the reply was complete',
      );
    }
    const done = [...calls.entries()]
      .sort(([a], [b]) => a - b)
      .map(([index, call]) => ({
        id: call.id || `call_${index}`,
        name: call.name,
        arguments: call.arguments || '{}',
      }));
    for (const call of done) yield { type: 'tool_call', call };
    yield {
      type: 'done',
      usage: usageOf(usage, request.messages, text, done),
      finishReason: finishReasonOf(finish, done.length > 0),
      model: answeredModel,
    };
  }

  async #openStream(
    model: string,
    request: ChatRequest,
    signal: AbortSignal,
  ): Promise<AsyncIterable<ChatCompletionChunk>> {
    const body = (includeUsage: boolean): ChatCompletionCreateParamsStreaming => ({
      ...requestBody(model, request),
      stream: true,
      ...(includeUsage ? { stream_options: { include_usage: true } } : {}),
    });
    const mode = this.#streamUsage;
    if (mode === 'off') return this.#client.chat.completions.create(body(false), { signal });
    try {
      return await this.#client.chat.completions.create(body(true), { signal });
    } catch (err) {
      // An endpoint that rejects stream_options answers 400; ask once more without it.
      if (mode !== 'auto' || !(err instanceof APIError) || err.status !== 400) throw err;
      const stream = await this.#client.chat.completions.create(body(false), { signal });
      this.#streamUsage = 'off';
      return stream;
    }
  }

  #toLlmError(err: unknown, idleTimedOut: boolean, cancelled: boolean): LlmError {
    if (idleTimedOut) {
      return new LlmError('timeout', `no data from the language model for ${this.#timeoutMs} ms`);
    }
    if (cancelled) return new LlmError('aborted', 'the reply was cancelled');
    if (err instanceof LlmError) return err;
    const detail = (message: string) => redactSecret(message, this.#secret);
    if (err instanceof APIUserAbortError) return new LlmError('aborted', 'the reply was cancelled');
    if (err instanceof APIConnectionTimeoutError) {
      return new LlmError(
        'timeout',
        `the language model did not answer within ${this.#timeoutMs} ms`,
      );
    }
    if (err instanceof APIConnectionError) {
      return new LlmError('unavailable', `cannot reach the language model: ${detail(err.message)}`);
    }
    if (err instanceof APIError) {
      const status = err.status;
      return new LlmError(codeOfStatus(status), `language model answered ${detail(err.message)}`, {
        status,
      });
    }
    if (err instanceof Error && err.name === 'AbortError') {
      return new LlmError('aborted', 'the reply was cancelled');
    }
    const message = err instanceof Error ? err.message : String(err);
    return new LlmError('unavailable', `language model call failed: ${detail(message)}`);
  }
}

function codeOfStatus(status: number | undefined): LlmErrorCode {
  if (status === 401 || status === 403) return 'auth';
  if (status === 429) return 'rate_limit';
  if (status === 408 || status === 504) return 'timeout';
  if (status !== undefined && status >= 400 && status < 500) return 'bad_request';
  return 'unavailable';
}

/** Restarts on every chunk; fires when the stream has been silent for `ms`. */
class IdleTimer {
  readonly #controller = new AbortController();
  #timer: NodeJS.Timeout | undefined;
  fired = false;

  constructor(private readonly ms: number) {}

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  start(): void {
    this.stop();
    this.#timer = setTimeout(() => {
      this.fired = true;
      this.#controller.abort();
    }, this.ms);
  }

  stop(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}

type ToolCallDelta = NonNullable<ChatCompletionChunk.Choice.Delta['tool_calls']>[number];

// Most servers number streamed tool calls; some omit the index and send each call whole.
function toolCallIndex(calls: Map<number, ToolCall>, part: ToolCallDelta, last: number): number {
  if (typeof part.index === 'number') return part.index;
  if (part.id) {
    for (const [index, call] of calls) if (call.id === part.id) return index;
    return calls.size;
  }
  return last < 0 ? 0 : last;
}

function requestBody(model: string, request: ChatRequest) {
  const tools = request.tools ?? [];
  return {
    model,
    messages: request.messages.map(toOpenAiMessage),
    ...(tools.length > 0 ? { tools: tools.map(toOpenAiTool) } : {}),
    ...(tools.length > 0 && request.toolChoice
      ? { tool_choice: toOpenAiToolChoice(request.toolChoice) }
      : {}),
    ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
    ...(request.maxTokens !== undefined ? { max_tokens: request.maxTokens } : {}),
  };
}

function toOpenAiMessage(message: ChatMessage): ChatCompletionMessageParam {
  switch (message.role) {
    case 'system':
      return { role: 'system', content: message.content };
    case 'user': {
      const files = (message.attachments ?? []).map(
        (file) => `\n\n--- ${file.name} ---\n${file.text}`,
      );
      return { role: 'user', content: message.content + files.join('') };
    }
    case 'assistant':
      return message.toolCalls && message.toolCalls.length > 0
        ? {
            role: 'assistant',
            content: message.content || null,
            tool_calls: message.toolCalls.map((call) => ({
              id: call.id,
              type: 'function' as const,
              function: { name: call.name, arguments: call.arguments },
            })),
          }
        : { role: 'assistant', content: message.content };
    case 'tool':
      return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
  }
}

function toOpenAiTool(tool: ToolDefinition): ChatCompletionTool {
  return {
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: tool.parameters },
  };
}

function toOpenAiToolChoice(choice: ToolChoice): ChatCompletionToolChoiceOption {
  return typeof choice === 'string'
    ? choice
    : { type: 'function', function: { name: choice.name } };
}

function finishReasonOf(reason: string | null | undefined, hasToolCalls: boolean): FinishReason {
  // Some servers (Ollama) finish a tool-calling reply with "stop".
  if (hasToolCalls && (reason === 'stop' || reason === 'tool_calls' || !reason))
    return 'tool_calls';
  switch (reason) {
    case 'stop':
    case 'length':
    case 'tool_calls':
    case 'content_filter':
      return reason;
    case 'function_call':
      return 'tool_calls';
    default:
      return reason ? 'other' : 'stop';
  }
}

function usageOf(
  usage:
    { prompt_tokens: number; completion_tokens: number; total_tokens?: number } | null | undefined,
  messages: readonly ChatMessage[],
  text: string,
  calls: readonly ToolCall[],
): TokenUsage {
  if (usage && typeof usage.prompt_tokens === 'number') {
    return {
      promptTokens: usage.prompt_tokens,
      completionTokens: usage.completion_tokens ?? 0,
      totalTokens: usage.total_tokens ?? usage.prompt_tokens + (usage.completion_tokens ?? 0),
      estimated: false,
    };
  }
  const completion =
    estimateTokens(text) +
    calls.reduce(
      (sum, call) => sum + estimateTokens(call.name) + estimateTokens(call.arguments),
      0,
    );
  return estimatedUsage(estimateMessagesTokens(messages), completion);
}
