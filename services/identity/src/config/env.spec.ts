import { describe, expect, it } from 'vitest';

import { loadIdentityEnv } from './env';

describe(loadIdentityEnv.name, () => {
  it('should refuse to start in production without a field encryption key', () => {
    expect(() => loadIdentityEnv({ NODE_ENV: 'production' })).toThrow(/FIELD_ENCRYPTION_KEY/);
  });

  it('should refuse a known-weak or short secret in production', () => {
    expect(() =>
      loadIdentityEnv({ NODE_ENV: 'production', FIELD_ENCRYPTION_KEY: 'changeme' }),
    ).toThrow(/FIELD_ENCRYPTION_KEY/);
    expect(() =>
      loadIdentityEnv({ NODE_ENV: 'production', FIELD_ENCRYPTION_KEY: 'x'.repeat(20) }),
    ).toThrow();
  });

  it('should refuse the public legacy development key as the current key', () => {
    const legacy = 'development-only-field-encryption-key-not-for-production';
    expect(() => loadIdentityEnv({ NODE_ENV: 'production', FIELD_ENCRYPTION_KEY: legacy })).toThrow(
      /FIELD_ENCRYPTION_KEY/,
    );
    expect(() => loadIdentityEnv({ FIELD_ENCRYPTION_KEY: legacy })).toThrow(/legacy/);
  });

  it('should accept a strong secret in production and allow none in development', () => {
    expect(
      loadIdentityEnv({
        NODE_ENV: 'production',
        FIELD_ENCRYPTION_KEY: 'k'.repeat(16) + 'Z9#'.repeat(6),
      }),
    ).toBeTruthy();
    expect(loadIdentityEnv({}).NODE_ENV).toBe('development');
  });

  it('should take the Alipay keys all together or not at all, and the previous field keys as a list', () => {
    expect(() => loadIdentityEnv({ ALIPAY_APP_ID: '2021000000000001' })).toThrow(
      /ALIPAY_PRIVATE_KEY/,
    );
    const env = loadIdentityEnv({ FIELD_ENCRYPTION_PREVIOUS_KEYS: ' old-one , older ,' });
    expect(env.FIELD_ENCRYPTION_PREVIOUS_KEYS).toEqual(['old-one', 'older']);
    expect(env.ALIPAY_APP_ID).toBeUndefined();
  });

  it('should name the variable that is wrong', () => {
    expect(() => loadIdentityEnv({ TRANSPORT: 'carrier-pigeon' })).toThrow(/TRANSPORT/);
    expect(() => loadIdentityEnv({ ARGON2_MEMORY_KIB: '1024' })).toThrow(/ARGON2_MEMORY_KIB/);
  });
});
