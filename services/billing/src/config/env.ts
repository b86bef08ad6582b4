import { assertStrongSecret, baseEnvShape, loadEnv, parseMysqlUrl } from '@platform/nest-common';
import { z } from 'zod';

const int = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

const billingEnvSchema = z.object({
  ...baseEnvShape,
  // Alipay face-to-face payment (orders): all of app id and both keys set turn it on.
  ALIPAY_APP_ID: z.string().default(''),
  /** The application's private key (PEM or the key tool's base64; `\n` may stand for line breaks). */
  ALIPAY_PRIVATE_KEY: z.string().default(''),
  /** Alipay's public key (PEM or base64). */
  ALIPAY_PUBLIC_KEY: z.string().default(''),
  ALIPAY_GATEWAY: z.url().default('https://openapi.alipay.com/gateway.do'),
  /** The public URL Alipay posts its notifications to: <site>/prod-api/wujie/order/alipay/notify. */
  ALIPAY_NOTIFY_URL: z.string().default(''),
  /** How often the job cancels overseas remittance orders past their five days (0: never). */
  ORDER_EXPIRY_INTERVAL_MS: int(0, 86_400_000, 60_000),
  /** The billing service's own database: points accounts, ledger entries, orders, its event outbox. */
  BILLING_DB_URL: z.string().default('mysql://root@127.0.0.1:3306/platform_billing'),
  /** How often the outbox relay looks for unpublished events when none was just written. */
  BILLING_RELAY_INTERVAL_MS: int(10, 60_000, 500),
  /** After a crash, how long until the event billing was applying is delivered again (job lock). */
  BILLING_EVENT_LOCK_MS: int(1000, 600_000, 30_000),
});

export type BillingEnv = z.infer<typeof billingEnvSchema>;

/**
 * Parses the billing service's environment once. The service holds money: in production its
 * database must be reached with a strong password (and the transport secrets are checked as for
 * every service); every problem names its variable.
 */
export function loadBillingEnv(source: NodeJS.ProcessEnv = process.env): BillingEnv {
  const env = loadEnv(billingEnvSchema, source);
  let password: string;
  try {
    password = parseMysqlUrl(env.BILLING_DB_URL).password;
  } catch {
    throw new Error('Invalid environment:\n  BILLING_DB_URL: not a mysql:// URL');
  }
  assertStrongSecret('BILLING_DB_URL password', password, env);
  return env;
}

export const BILLING_ENV = Symbol('BILLING_ENV');
