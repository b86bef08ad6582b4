import type { CodeDelivery } from '@platform/contracts';

/** Sends a verification code over one channel (e-mail or SMS). */
export interface CodeSender {
  readonly channel: CodeDelivery['channel'];
  send(message: CodeDelivery): Promise<void>;
}
