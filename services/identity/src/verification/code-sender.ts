import type { CodeDelivery } from '@platform/contracts';

export type CodeChannel = CodeDelivery['channel'];

/** A code to deliver: the target, the code, its scene, the requester's language and lifetime. */
export type CodeMessage = CodeDelivery;

/**
 * Delivers a verification code: through the notification service (e-mail or SMS configured) or, on a
 * development machine without them, the dev outbox.
 */
export interface CodeSender {
  readonly channel: CodeChannel;
  send(message: CodeMessage): Promise<void>;
}

export const CODE_SENDERS = Symbol('CODE_SENDERS');
