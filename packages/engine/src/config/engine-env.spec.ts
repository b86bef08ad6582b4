import { describe, expect, it } from 'vitest';

import { EngineEnvError, loadEngineEnv } from './engine-env';

const STRONG = 'a1f0c9e8d7b6a5f4e3d2c1b0a9f8e7d6c5b4';

describe(loadEngineEnv.name, () => {
  it('should refuse to start in production without a password or a token', () => {
    const sut = () => loadEngineEnv({ NODE_ENV: 'production' });
    expect(sut).toThrow(EngineEnvError);
    expect(sut).toThrow(/ENGINE_PASSWORD \(or ENGINE_TOKEN\): a strong secret/);
  });

  it.each([
    ['a known sample password', { ENGINE_PASSWORD: 'changeme' }, 'ENGINE_PASSWORD'],
    ['a short password', { ENGINE_PASSWORD: 'Short-but-not-32' }, 'ENGINE_PASSWORD'],
    ['a short token', { ENGINE_TOKEN: 'tok' }, 'ENGINE_TOKEN'],
    [
      'a weak token beside a strong password',
      { ENGINE_PASSWORD: STRONG, ENGINE_TOKEN: 'secret' },
      'ENGINE_TOKEN',
    ],
  ])('should refuse to start in production with %s', (_, vars, name) => {
    expect(() => loadEngineEnv({ NODE_ENV: 'production', ...vars })).toThrow(
      new RegExp(`${name}: a strong secret`),
    );
  });

  it('should start in production with a strong password, on loopback by default', () => {
    const sut = loadEngineEnv({ NODE_ENV: 'production', ENGINE_PASSWORD: STRONG });
    expect(sut.auth).toEqual({ user: 'platform', password: STRONG, token: undefined });
    expect(sut.host).toBe('127.0.0.1');
  });

  it('should take a strong bearer token alone and a configured user name', () => {
    expect(
      loadEngineEnv({ NODE_ENV: 'production', ENGINE_USER: 'ops', ENGINE_TOKEN: STRONG }).auth,
    ).toEqual({ user: 'ops', password: undefined, token: STRONG });
  });

  it('should require a password or a token outside production too, but not a strong one', () => {
    expect(() => loadEngineEnv({ NODE_ENV: 'development', ENGINE_PASSWORD: '' })).toThrow(
      /ENGINE_PASSWORD .* or ENGINE_TOKEN .* is required/,
    );
    expect(loadEngineEnv({ NODE_ENV: 'development', ENGINE_PASSWORD: 'dev' }).auth.password).toBe(
      'dev',
    );
  });
});
