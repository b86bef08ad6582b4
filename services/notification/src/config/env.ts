import { baseEnvShape, loadEnv } from '@platform/nest-common';
import { z } from 'zod';

const notificationEnvSchema = z.object({
  ...baseEnvShape,
  /** The service's own database: messages and each recipient's read mark. */
  NOTIFICATION_DB_URL: z.string().default('mysql://root@127.0.0.1:3306/platform_notification'),
  /** E-mail delivery of verification codes (nodemailer), e.g. smtps://user:pass@smtp.example.com:465 */
  SMTP_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  SMTP_FROM: z.string().default('Antibody Platform <no-reply@localhost>'),
  /** SMS delivery of verification codes: an HTTP gateway taking POST {to, text} with Bearer SMS_API_KEY. */
  SMS_API_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
  SMS_API_KEY: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  /** Events applied at once from the durable queue; 1 keeps one user's events in the order written. */
  NOTIFICATION_EVENT_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
});

export type NotificationEnv = z.infer<typeof notificationEnvSchema>;

/** Parses the service's environment once; every problem names its variable. */
export function loadNotificationEnv(source: NodeJS.ProcessEnv = process.env): NotificationEnv {
  return loadEnv(notificationEnvSchema, source);
}

export const NOTIFICATION_ENV = Symbol('NOTIFICATION_ENV');
