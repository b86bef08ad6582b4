import type { Language } from '@platform/contracts';

export type CodeChannel = 'sms' | 'email';

export interface CodeMessage {
  channel: CodeChannel;
  /** `+86 13800000000` for phones, the address for e-mail. */
  target: string;
  code: string;
  scene: string;
  lang: Language;
  ttlMinutes: number;
}

/** Delivers a verification code. Chosen by configuration: SMTP / SMS gateway, or the dev outbox. */
export interface CodeSender {
  readonly channel: CodeChannel;
  send(message: CodeMessage): Promise<void>;
}

export const CODE_SENDERS = Symbol('CODE_SENDERS');

export function codeText(message: CodeMessage): { subject: string; text: string } {
  return message.lang === 'en'
    ? {
        subject: 'Your verification code',
        text: `Your verification code is ${message.code}. It expires in ${message.ttlMinutes} minutes. If you did not ask for it, ignore this message.`,
      }
    : {
        subject: '您的验证码',
        text: `您的验证码为 ${message.code}，${message.ttlMinutes} 分钟内有效。如非本人操作，请忽略本消息。`,
      };
}
