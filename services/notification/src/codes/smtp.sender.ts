import { type CodeDelivery, codeText } from '@platform/contracts';
import { createTransport, type Transporter } from 'nodemailer';

import type { CodeSender } from './code-sender';

/** E-mail codes over SMTP (nodemailer), e.g. SMTP_URL=smtps://user:pass@smtp.example.com:465 */
export class SmtpSender implements CodeSender {
  readonly channel = 'email' as const;
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = createTransport(smtpUrl);
  }

  async send(message: CodeDelivery): Promise<void> {
    const { subject, text } = codeText(message);
    await this.transport.sendMail({ from: this.from, to: message.target, subject, text });
  }
}
