import type { ResponseCode } from './envelope';
import type { MessageKey, MessageParams } from './messages';

/**
 * The shape a service error travels in across the transport. `key` selects the message, `code` the
 * envelope code (500 error, 601 warning, 401, 403, 404), `params` fill the message's placeholders.
 */
export interface ErrorPayload {
  key: MessageKey;
  code: ResponseCode;
  params?: MessageParams;
  /** Per-field details for validation errors (already rendered keys). */
  details?: { field: string; key: MessageKey; params?: MessageParams }[];
}

/** A business error: thrown by services, turned into an envelope by the gateway. */
export class DomainError extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params: MessageParams = {},
    readonly code: ResponseCode = 500,
  ) {
    super(key);
    this.name = 'DomainError';
  }

  toPayload(): ErrorPayload {
    return { key: this.key, code: this.code, params: this.params };
  }

  static isPayload(value: unknown): value is ErrorPayload {
    return (
      typeof value === 'object' &&
      value !== null &&
      typeof (value as ErrorPayload).key === 'string' &&
      typeof (value as ErrorPayload).code === 'number'
    );
  }
}
