import { LlmConfigError } from './errors';

/**
 * Whether streamed replies ask for token counts with `stream_options: {include_usage: true}`.
 * - `auto` (default): ask; if the endpoint refuses the request (400), ask again once without it and
 *   remember for the provider's life. Replies without counts get estimated ones.
 * - `on`: always ask (OpenAI, DeepSeek, Qwen/DashScope, vLLM ≥ 0.5.0 and Ollama ≥ 0.5.2 answer it).
 * - `off`: never ask (servers or gateways that reject the field); counts are estimated.
 */
export type StreamUsageMode = 'auto' | 'on' | 'off';

export interface OpenAiCompatibleConfig {
  /** Base URL of the OpenAI-compatible API, e.g. https://api.deepseek.com/v1 or http://127.0.0.1:11434/v1. */
  baseUrl: string;
  /** Bearer key; local servers (Ollama, vLLM without --api-key) need none. Never logged. */
  apiKey?: string;
  /** Default model; a request's `model` overrides it (per-agent models). */
  model: string;
  /** Time allowed for the answer to start and between two streamed chunks. */
  timeoutMs: number;
  /** Retries of the official client on connection errors, 408, 409, 429 and 5xx, with back-off. */
  maxRetries: number;
  streamUsage: StreamUsageMode;
}

export type LlmConfig = { provider: 'planner' } | ({ provider: 'openai' } & OpenAiCompatibleConfig);

/** The variables read by `llmConfigFromEnv`. */
export const LLM_ENV_VARIABLES = [
  'LLM_BASE_URL',
  'LLM_API_KEY',
  'LLM_MODEL',
  'LLM_TIMEOUT_MS',
  'LLM_MAX_RETRIES',
  'LLM_STREAM_USAGE',
] as const;

export const DEFAULT_LLM_TIMEOUT_MS = 60_000;
export const DEFAULT_LLM_MAX_RETRIES = 2;

type Env = Record<string, string | undefined>;

function value(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw ? raw : undefined;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  const parsed = Number(raw);
  if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
    throw new LlmConfigError(name, `must be a whole number from ${min} to ${max}`);
  }
  return parsed;
}

/**
 * Reads the LLM_* variables once, at boot (a service calls it from its env loader). No
 * LLM_BASE_URL: the built-in planner. A bad value throws LlmConfigError naming the variable.
 */
export function llmConfigFromEnv(env: Env): LlmConfig {
  const baseUrl = value(env, 'LLM_BASE_URL');
  if (!baseUrl) return { provider: 'planner' };
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new LlmConfigError('LLM_BASE_URL', 'must be an http(s) URL such as https://host/v1');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new LlmConfigError('LLM_BASE_URL', 'must be an http(s) URL such as https://host/v1');
  }
  const model = value(env, 'LLM_MODEL');
  if (!model) throw new LlmConfigError('LLM_MODEL', 'is required when LLM_BASE_URL is set');
  const streamUsage = (value(env, 'LLM_STREAM_USAGE') ?? 'auto').toLowerCase();
  if (streamUsage !== 'auto' && streamUsage !== 'on' && streamUsage !== 'off') {
    throw new LlmConfigError('LLM_STREAM_USAGE', 'must be auto, on or off');
  }
  return {
    provider: 'openai',
    baseUrl: baseUrl.replace(/\/+$/, ''),
    apiKey: value(env, 'LLM_API_KEY'),
    model,
    timeoutMs: integer(env, 'LLM_TIMEOUT_MS', DEFAULT_LLM_TIMEOUT_MS, 100, 3_600_000),
    maxRetries: integer(env, 'LLM_MAX_RETRIES', DEFAULT_LLM_MAX_RETRIES, 0, 10),
    streamUsage,
  };
}

/** One line for the boot log: endpoint without credentials, model, whether a key is set. */
export function describeLlmConfig(config: LlmConfig): string {
  if (config.provider === 'planner') return 'language model: built-in planner (LLM_BASE_URL unset)';
  const url = new URL(config.baseUrl);
  url.username = '';
  url.password = '';
  url.search = '';
  return (
    `language model: OpenAI-compatible ${url.toString().replace(/\/+$/, '')} model=${config.model} ` +
    `key=${config.apiKey ? 'set' : 'none'} timeout=${config.timeoutMs}ms retries=${config.maxRetries} ` +
    `stream_usage=${config.streamUsage}`
  );
}
