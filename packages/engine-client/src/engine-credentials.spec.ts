import { describe, expect, it } from 'vitest';

import {
  DEFAULT_ENGINE_USER,
  engineCredentialsFromEnv,
  generateEngineSecret,
  hasEngineSecret,
} from './engine-credentials';

const STRONG = 'a1f0c9e8d7b6a5f4e3d2c1b0a9f8e7d6c5b4';

describe(engineCredentialsFromEnv.name, () => {
  it('should use the default user and count empty variables as unset', () => {
    expect(
      engineCredentialsFromEnv({ ENGINE_USER: '', ENGINE_PASSWORD: '', ENGINE_TOKEN: '' }),
    ).toEqual({ user: DEFAULT_ENGINE_USER, password: undefined, token: undefined });
  });

  it('should refuse production without a password or a token', () => {
    expect(() => engineCredentialsFromEnv({ NODE_ENV: 'production' })).toThrow(
      /ENGINE_PASSWORD \(or ENGINE_TOKEN\): a strong secret/,
    );
  });

  it('should refuse a weak token in production beside a strong password', () => {
    expect(() =>
      engineCredentialsFromEnv({
        NODE_ENV: 'production',
        ENGINE_PASSWORD: STRONG,
        ENGINE_TOKEN: 'tok',
      }),
    ).toThrow(/ENGINE_TOKEN: a strong secret/);
  });

  it('should accept a strong password in production', () => {
    expect(
      engineCredentialsFromEnv({
        NODE_ENV: 'production',
        ENGINE_USER: 'svc',
        ENGINE_PASSWORD: STRONG,
      }),
    ).toEqual({ user: 'svc', password: STRONG, token: undefined });
  });
});

describe(hasEngineSecret.name, () => {
  it('should hold a secret with a password or a token only', () => {
    expect(hasEngineSecret({ user: 'u', password: 'p' })).toBe(true);
    expect(hasEngineSecret({ user: 'u', token: 't' })).toBe(true);
    expect(hasEngineSecret({ user: 'u' })).toBe(false);
    expect(hasEngineSecret(undefined)).toBe(false);
  });
});

describe(generateEngineSecret.name, () => {
  it('should make a new 256-bit secret each time', () => {
    const sut = generateEngineSecret();
    expect(Buffer.from(sut, 'base64url')).toHaveLength(32);
    expect(generateEngineSecret()).not.toBe(sut);
  });
});
