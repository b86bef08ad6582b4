import { type CodeDelivery, codeText } from '@platform/contracts';

import type { CodeSender } from './code-sender';

/**
 * SMS through an HTTP gateway: POST {to, text} as JSON with a bearer key. Providers differ in their
 * APIs; a small relay in front of the provider (or a provider with this shape) keeps this adapter one.
 */
export class HttpSmsSender implements CodeSender {
  readonly channel = 'sms' as const;

  constructor(
    private readonly url: string,
    private readonly apiKey: string | undefined,
  ) {}

  async send(message: CodeDelivery): Promise<void> {
    const response = await fetch(this.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.apiKey ? { authorization: `Bearer ${this.apiKey}` } : {}),
      },
      body: JSON.stringify({ to: message.target.replace(/\s/g, ''), text: codeText(message).text }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
  }
}
