import type { MessageKey } from '@platform/contracts';

/** Stable error codes; the services show `messageKey` (zh and en in contracts) to the user. */
export type LlmErrorCode =
  'auth' | 'rate_limit' | 'timeout' | 'unavailable' | 'bad_request' | 'aborted';

const MESSAGE_KEYS = {
  auth: 'llm.auth',
  rate_limit: 'llm.rate_limit',
  timeout: 'llm.timeout',
  unavailable: 'llm.unavailable',
  bad_request: 'llm.bad_request',
  aborted: 'llm.aborted',
} as const satisfies Record<LlmErrorCode, MessageKey>;

export interface LlmErrorOptions {
  /** HTTP status of the provider's answer, when there was one. */
  status?: number;
  /** Whether trying again later may succeed (rate limit, timeout, unavailable). */
  retryable?: boolean;
}

/**
 * A provider failure. The message is for operators' logs and never holds the API key (it is
 * redacted before the error is made); users see `messageKey` rendered in their language.
 */
export class LlmError extends Error {
  readonly code: LlmErrorCode;
  readonly messageKey: MessageKey;
  readonly status?: number;
  readonly retryable: boolean;

  constructor(code: LlmErrorCode, message: string, options: LlmErrorOptions = {}) {
    super(message);
    this.name = 'LlmError';
    this.code = code;
    this.messageKey = MESSAGE_KEYS[code];
    this.status = options.status;
    this.retryable =
      options.retryable ?? (code === 'rate_limit' || code === 'timeout' || code === 'unavailable');
  }

  toJSON(): { code: LlmErrorCode; messageKey: MessageKey; message: string; status?: number } {
    return {
      code: this.code,
      messageKey: this.messageKey,
      message: this.message,
      status: this.status,
    };
  }
}

export function isLlmError(value: unknown): value is LlmError {
  return value instanceof LlmError;
}

/** The message key for an LLM error code (`llm.<code>`). */
export function llmMessageKey(code: LlmErrorCode): MessageKey {
  return MESSAGE_KEYS[code];
}

/** Thrown at boot for a bad LLM_* variable; the message names the variable, never its value. */
export class LlmConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`);
    this.name = 'LlmConfigError';
  }
}
