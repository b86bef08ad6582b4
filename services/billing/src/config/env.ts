import { assertStrongSecret, baseEnvShape, loadEnv, parseMysqlUrl } from '@platform/nest-common';
import { z } from 'zod';

const int = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

const billingEnvSchema = z.object({
  ...baseEnvShape,
  /** The billing service's own database: points accounts, ledger entries, orders, its event outbox. */
  BILLING_DB_URL: z.string().default('mysql://root@127.0.0.1:3306/platform_billing'),
  /** How often the outbox relay looks for unpublished events when none was just written. */
  BILLING_RELAY_INTERVAL_MS: int(10, 60_000, 500),
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
