import { describe, expect, it } from 'vitest';

import { loadWorkflowEnv } from './env';

const STRONG = 'c4a1f7e2b9d05836aa71e4c2f9b0d3e6a58c';

describe(loadWorkflowEnv.name, () => {
  it('should refuse to start in production without an engine password or token', () => {
    expect(() => loadWorkflowEnv({ NODE_ENV: 'production' })).toThrow(
      /ENGINE_PASSWORD \(or ENGINE_TOKEN\): a strong secret .* is required in production/,
    );
    // The credentials are needed for a real Camunda / Operaton at ENGINE_URL as well.
    expect(() =>
      loadWorkflowEnv({ NODE_ENV: 'production', ENGINE_URL: 'http://engine:8080/engine-rest' }),
    ).toThrow(/ENGINE_PASSWORD \(or ENGINE_TOKEN\)/);
  });

  it.each([
    ['a known sample password', { ENGINE_PASSWORD: 'admin123' }, 'ENGINE_PASSWORD'],
    ['a short password', { ENGINE_PASSWORD: 'Pa$$w0rd-2026' }, 'ENGINE_PASSWORD'],
    ['a short token', { ENGINE_TOKEN: 'token' }, 'ENGINE_TOKEN'],
  ])('should refuse to start in production with %s', (_, vars, name) => {
    expect(() => loadWorkflowEnv({ NODE_ENV: 'production', ...vars })).toThrow(
      new RegExp(`${name}: a strong secret`),
    );
  });

  it('should start in production with a strong password or token, the engine on loopback', () => {
    const sut = loadWorkflowEnv({ NODE_ENV: 'production', ENGINE_PASSWORD: STRONG });
    expect(sut).toMatchObject({
      ENGINE_USER: 'platform',
      ENGINE_PASSWORD: STRONG,
      ENGINE_HOST: '127.0.0.1',
    });
    expect(loadWorkflowEnv({ NODE_ENV: 'production', ENGINE_TOKEN: STRONG }).ENGINE_TOKEN).toBe(
      STRONG,
    );
  });

  it('should start outside production without engine credentials, empty ones counting as unset', () => {
    const sut = loadWorkflowEnv({ NODE_ENV: 'development', ENGINE_PASSWORD: '', ENGINE_TOKEN: '' });
    expect(sut).toMatchObject({ ENGINE_USER: 'platform' });
    expect(sut.ENGINE_PASSWORD).toBeUndefined();
    expect(sut.ENGINE_TOKEN).toBeUndefined();
  });

  it('should choose the built-in planner without LLM_BASE_URL and the endpoint with it', () => {
    expect(loadWorkflowEnv({ LLM_BASE_URL: '' }).llm).toEqual({ provider: 'planner' });
    const sut = loadWorkflowEnv({
      LLM_BASE_URL: 'http://127.0.0.1:11434/v1/',
      LLM_MODEL: 'qwen2.5:7b',
      LLM_API_KEY: 'sk-env-test-secret',
    }).llm;
    expect(sut).toMatchObject({
      provider: 'openai',
      baseUrl: 'http://127.0.0.1:11434/v1',
      model: 'qwen2.5:7b',
      apiKey: 'sk-env-test-secret',
    });
  });

  it('should refuse a bad LLM_* variable at boot, naming it but not its value', () => {
    expect(() => loadWorkflowEnv({ LLM_BASE_URL: 'http://llm/v1' })).toThrow(
      /Invalid environment:\n {2}LLM_MODEL: is required/,
    );
    const bad = () =>
      loadWorkflowEnv({
        LLM_BASE_URL: 'http://llm/v1',
        LLM_MODEL: 'm',
        LLM_TIMEOUT_MS: 'soon-secret',
      });
    expect(bad).toThrow(/LLM_TIMEOUT_MS/);
    expect(bad).not.toThrow(/soon-secret/);
  });
});
