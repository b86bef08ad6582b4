import type { LocalizedText } from '@platform/antibody';
import { type MessageKey, type MessageParams, renderMessage } from '@platform/contracts';

/**
 * An agent node that failed for a reason the user can read (both languages): a tool or function
 * that failed, inputs the tools cannot use, a branch no rule matches. `retryable` says whether
 * trying again may help (a predictor or model that is down); one that cannot (bad inputs, code that
 * throws) fails at once with no retries left, so the incident comes without waiting.
 */
export class AgentFailure extends Error {
  constructor(
    readonly text: LocalizedText,
    readonly retryable: boolean,
    readonly details?: unknown,
  ) {
    super(text.en);
    this.name = 'AgentFailure';
  }

  static of(key: MessageKey, params: MessageParams, retryable: boolean, details?: unknown) {
    return new AgentFailure(
      { zh: renderMessage(key, 'zh', params), en: renderMessage(key, 'en', params) },
      retryable,
      details,
    );
  }
}

/** A text in both languages. */
export function both(zh: string, en: string): LocalizedText {
  return { zh, en };
}
