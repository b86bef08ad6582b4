import type { Language } from '@platform/contracts';

/** A file the user attached, as text (FASTA, PDB, CSV, plain text); the caller reads and checks it. */
export interface ChatAttachment {
  name: string;
  text: string;
}

/** A tool call the model made: `arguments` is the JSON text of the call's arguments. */
export interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

export interface SystemMessage {
  role: 'system';
  content: string;
}

export interface UserMessage {
  role: 'user';
  content: string;
  /** Attached files; the OpenAI-compatible provider appends them to the content, the planner reads them. */
  attachments?: ChatAttachment[];
}

export interface AssistantMessage {
  role: 'assistant';
  content: string;
  toolCalls?: ToolCall[];
}

/** The result of a tool call, answered back to the model. */
export interface ToolMessage {
  role: 'tool';
  toolCallId: string;
  content: string;
}

export type ChatMessage = SystemMessage | UserMessage | AssistantMessage | ToolMessage;

/** A function the model may call; `parameters` is a JSON Schema object. */
export interface ToolDefinition {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export type ToolChoice = 'auto' | 'none' | 'required' | { name: string };

export interface ChatRequest {
  messages: ChatMessage[];
  tools?: ToolDefinition[];
  /** Sent only when tools are given (default: the endpoint's own, i.e. auto). */
  toolChoice?: ToolChoice;
  /** Overrides the configured model for this call (per-agent models). */
  model?: string;
  temperature?: number;
  maxTokens?: number;
  /** false: one request without streaming; the events are the same, the text comes as one delta. */
  stream?: boolean;
  /**
   * The user's language as the caller knows it (request or profile). The planner answers in the
   * language of the message and uses this only when the message does not tell (a bare sequence).
   */
  language?: Language;
  signal?: AbortSignal;
}

export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  /**
   * True when the provider reported no counts and these are estimated from the text (the built-in
   * planner, or an endpoint that sends no usage in its stream).
   */
  estimated: boolean;
}

export type FinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter' | 'other';

/** What a reply streams: text as it comes, each tool call once complete, then `done` exactly once. */
export type ChatEvent =
  | { type: 'delta'; text: string }
  | { type: 'tool_call'; call: ToolCall }
  | { type: 'done'; usage: TokenUsage; finishReason: FinishReason; model: string };

export type ProviderKind = 'planner' | 'openai';

/**
 * A language model. `chat` starts when iterated and throws an LlmError on failure; an error thrown
 * after some deltas were yielded means the reply is incomplete (nothing must be charged for it).
 */
export interface LlmProvider {
  readonly kind: ProviderKind;
  /** The model used when a request names none. */
  readonly model: string;
  chat(request: ChatRequest): AsyncIterable<ChatEvent>;
}

/** A whole reply, as `collectReply` assembles it from the events. */
export interface ChatReply {
  text: string;
  toolCalls: ToolCall[];
  usage: TokenUsage;
  finishReason: FinishReason;
  model: string;
}
