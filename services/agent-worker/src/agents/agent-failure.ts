import type { LocalizedText } from '@platform/antibody';
import { type MessageKey, type MessageParams, renderMessage } from '@platform/contracts';

/**
 * An agent node that failed for a reason the user can read (both languages): a tool or function
 * that failed, inputs the tools cannot use, a branch no rule matches. `retryable` says whether
 * trying again may help (a predictor or model that is down); one that cannot (bad inputs, code that
 * throws) fails at once with no retries left, so the incident comes without waiting.
 */
export class AgentFailure extends Error {
  /** What to ask the mission's owner for instead of failing (an input that is missing). */
  ask?: LocalizedText;

  constructor(
    readonly text: LocalizedText,
    readonly retryable: boolean,
    readonly details?: unknown,
  ) {
    super(text.en);
    this.name = 'AgentFailure';
  }

  /** An input the tools need is missing: the owner is asked for it (`askKey`) before failing. */
  static missing(key: MessageKey, askKey: MessageKey): AgentFailure {
    const failure = AgentFailure.of(key, {}, false);
    failure.ask = { zh: renderMessage(askKey, 'zh'), en: renderMessage(askKey, 'en') };
    return failure;
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

/** The owner was asked and has not answered yet: the node waits for the reply with its task locked. */
export class AwaitingReply extends Error {
  constructor() {
    super('waiting for the owner to reply');
    this.name = 'AwaitingReply';
  }
}

/**
 * Asks the mission's owner (the `seq`-th question of this node run) and resolves to the reply's
 * text, or throws AwaitingReply while there is none.
 */
export type AskOwner = (question: LocalizedText, seq: number) => Promise<string>;
