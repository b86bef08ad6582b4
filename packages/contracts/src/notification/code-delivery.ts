import type { Language } from '../common/language';

/**
 * A verification code identity asks the notification service to deliver (BullMQ queue
 * `code-delivery`, QUEUES.codeDelivery): identity makes the code and keeps its throttles; the
 * notification service sends it by e-mail (SMTP_URL, nodemailer) or SMS (SMS_API_URL).
 */
export interface CodeDelivery {
  channel: 'sms' | 'email';
  /** `+86 13800000000` for phones, the address for e-mail. */
  target: string;
  code: string;
  scene: string;
  lang: Language;
  ttlMinutes: number;
}

/** The code's message in the requester's language. */
export function codeText(message: CodeDelivery): { subject: string; text: string } {
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
