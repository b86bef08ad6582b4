import { join } from 'node:path';

import { assertStrongSecret, baseEnvShape, loadEnv } from '@platform/nest-common';
import { z } from 'zod';

import { LEGACY_DEVELOPMENT_FIELD_KEY } from '../realname/field-cipher';

/** data/field.env at the repository root (this file is services/identity/{src,dist}/config/). */
const MACHINE_FIELD_KEY_FILE = join(__dirname, '..', '..', '..', '..', 'data', 'field.env');

const identityEnvSchema = z.object({
  ...baseEnvShape,
  IDENTITY_DB_URL: z.string().default('mysql://root@127.0.0.1:3306/platform_identity'),
  /** First password of the admin account; generated and printed once when unset. */
  ADMIN_PASSWORD: z.string().optional(),
  /** Key for encrypting personal data at rest (real-name certificate fields). */
  FIELD_ENCRYPTION_KEY: z.string().optional(),
  /** Outside production, where the machine's own key is kept when FIELD_ENCRYPTION_KEY is unset. */
  FIELD_KEY_FILE: z.string().default(MACHINE_FIELD_KEY_FILE),
  /** Earlier FIELD_ENCRYPTION_KEYs (comma-separated) that still open rows written before a rotation. */
  FIELD_ENCRYPTION_PREVIOUS_KEYS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean),
    ),
  /** Alipay identity certification (alipay.user.certify.open.*); unset: administrators review requests. */
  ALIPAY_APP_ID: z.string().optional(),
  /** The application's RSA2 private key (PEM or its base64 body; PKCS#1 or PKCS#8, see ALIPAY_KEY_TYPE). */
  ALIPAY_PRIVATE_KEY: z.string().optional(),
  ALIPAY_KEY_TYPE: z.enum(['PKCS1', 'PKCS8']).default('PKCS8'),
  /** Alipay's public key, which signs every answer (answers are refused without a valid signature). */
  ALIPAY_PUBLIC_KEY: z.string().optional(),
  ALIPAY_GATEWAY: z.string().url().default('https://openapi.alipay.com/gateway.do'),
  ALIPAY_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** The page the phone opens after the face certification (the web app's auth-callback.html). */
  REALNAME_RETURN_URL: z.string().url().default('http://127.0.0.1:8080/auth-callback.html'),
  /** SMTP delivery of e-mail codes, e.g. smtps://user:pass@smtp.example.com:465 */
  SMTP_URL: z.string().optional(),
  SMTP_FROM: z.string().default('Antibody Platform <no-reply@localhost>'),
  /** HTTP SMS gateway: POST {to, text} with Bearer SMS_API_KEY. */
  SMS_API_URL: z.string().optional(),
  SMS_API_KEY: z.string().optional(),
  /** Per-IP cap of verification codes per hour. */
  CODE_IP_HOURLY_LIMIT: z.coerce.number().int().positive().default(20),
  CODE_TTL_MINUTES: z.coerce.number().int().positive().default(10),
  /** Argon2 cost; tests lower it to keep runs quick (never below the OWASP floor). */
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(19456).default(19456),
  ARGON2_TIME_COST: z.coerce.number().int().min(2).default(2),
  /** Scheduled jobs run at once by this instance's worker. */
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /** A scheduled run that starts later than this after it was due counts as misfired. */
  JOB_MISFIRE_THRESHOLD_MS: z.coerce.number().int().min(0).default(60_000),
  /** The shortest time allowed between two runs of a scheduled job. */
  JOB_MIN_INTERVAL_SECONDS: z.coerce.number().int().min(1).default(60),
});

export type IdentityEnv = z.infer<typeof identityEnvSchema>;

export function loadIdentityEnv(source: NodeJS.ProcessEnv = process.env): IdentityEnv {
  const env = loadEnv(identityEnvSchema, source);
  assertStrongSecret('FIELD_ENCRYPTION_KEY', env.FIELD_ENCRYPTION_KEY, env);
  if (env.FIELD_ENCRYPTION_KEY === LEGACY_DEVELOPMENT_FIELD_KEY) {
    throw new Error(
      'Invalid environment:\n  FIELD_ENCRYPTION_KEY: the legacy development key is public; unset it (a machine key is made) or set a new one',
    );
  }
  const alipay = [env.ALIPAY_APP_ID, env.ALIPAY_PRIVATE_KEY, env.ALIPAY_PUBLIC_KEY];
  if (alipay.some(Boolean) && !alipay.every(Boolean)) {
    throw new Error(
      'ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY and ALIPAY_PUBLIC_KEY: set all three (or none for administrator review)',
    );
  }
  return env;
}

export const IDENTITY_ENV = Symbol('IDENTITY_ENV');
