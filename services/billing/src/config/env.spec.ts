import { describe, expect, it } from 'vitest';

import { loadBillingEnv } from './env';

const STRONG = 'c4a1f7e2b9d05836aa71e4c2f9b0d3e6a58c';

describe(loadBillingEnv.name, () => {
  it('should refuse to start in production without a strong database password', () => {
    expect(() => loadBillingEnv({ NODE_ENV: 'production' })).toThrow(
      /BILLING_DB_URL password: a strong secret .* is required in production/,
    );
    expect(() =>
      loadBillingEnv({
        NODE_ENV: 'production',
        BILLING_DB_URL: 'mysql://root:CHANGE-ME@mariadb:3306/platform_billing',
      }),
    ).toThrow(/BILLING_DB_URL password/);
    expect(
      loadBillingEnv({
        NODE_ENV: 'production',
        BILLING_DB_URL: `mysql://billing:${STRONG}@mariadb:3306/platform_billing`,
      }).BILLING_DB_URL,
    ).toContain('platform_billing');
  });

  it('should default to the local database outside production and name every bad variable', () => {
    expect(loadBillingEnv({})).toMatchObject({
      BILLING_DB_URL: 'mysql://root@127.0.0.1:3306/platform_billing',
      BILLING_RELAY_INTERVAL_MS: 500,
      BILLING_EVENT_LOCK_MS: 30_000,
    });
    expect(() =>
      loadBillingEnv({ BILLING_RELAY_INTERVAL_MS: '0', BILLING_EVENT_LOCK_MS: 'soon' }),
    ).toThrow(/BILLING_RELAY_INTERVAL_MS[\s\S]*BILLING_EVENT_LOCK_MS/);
    expect(() => loadBillingEnv({ BILLING_DB_URL: 'not a url' })).toThrow(/BILLING_DB_URL/);
  });
});
