import { renderMessage } from '@platform/contracts';
import { describe, expect, it } from 'vitest';

import {
  describeLlmConfig,
  LlmConfigError,
  llmConfigFromEnv,
  type LlmErrorCode,
  llmMessageKey,
  redactSecret,
} from '../src';

function configError(env: Record<string, string>): LlmConfigError {
  try {
    llmConfigFromEnv(env);
  } catch (err) {
    if (err instanceof LlmConfigError) return err;
    throw err;
  }
  throw new Error('expected an LlmConfigError');
}

describe(llmConfigFromEnv.name, () => {
  it('should choose the built-in planner when LLM_BASE_URL is unset or empty', () => {
    expect(llmConfigFromEnv({})).toEqual({ provider: 'planner' });
    expect(llmConfigFromEnv({ LLM_BASE_URL: '  ', LLM_MODEL: 'x' })).toEqual({
      provider: 'planner',
    });
    expect(describeLlmConfig({ provider: 'planner' })).toContain('built-in planner');
  });

  it('should read an OpenAI-compatible endpoint with its defaults', () => {
    const sut = llmConfigFromEnv({
      LLM_BASE_URL: 'http://127.0.0.1:11434/v1/',
      LLM_MODEL: 'qwen2.5:7b',
    });

    expect(sut).toEqual({
      provider: 'openai',
      baseUrl: 'http://127.0.0.1:11434/v1',
      apiKey: undefined,
      model: 'qwen2.5:7b',
      timeoutMs: 60_000,
      maxRetries: 2,
      streamUsage: 'auto',
    });
  });

  it('should name the variable that is wrong, not its value', () => {
    const base = { LLM_BASE_URL: 'https://api.deepseek.com/v1', LLM_MODEL: 'deepseek-chat' };

    expect(configError({ LLM_BASE_URL: 'https://api.deepseek.com/v1' }).variable).toBe('LLM_MODEL');
    expect(configError({ ...base, LLM_BASE_URL: 'ftp://x' }).variable).toBe('LLM_BASE_URL');
    expect(configError({ ...base, LLM_TIMEOUT_MS: 'soon' }).message).toBe(
      'LLM_TIMEOUT_MS: must be a whole number from 100 to 3600000',
    );
    expect(configError({ ...base, LLM_MAX_RETRIES: '99' }).variable).toBe('LLM_MAX_RETRIES');
    expect(configError({ ...base, LLM_STREAM_USAGE: 'maybe' }).variable).toBe('LLM_STREAM_USAGE');
  });
});

describe('error messages', () => {
  const codes: LlmErrorCode[] = [
    'auth',
    'rate_limit',
    'timeout',
    'unavailable',
    'bad_request',
    'aborted',
  ];

  it.each(codes)('should show %s to users in zh and en', (code) => {
    const key = llmMessageKey(code);

    expect(renderMessage(key, 'zh')).not.toBe(key);
    expect(renderMessage(key, 'zh')).toMatch(/[\u4e00-\u9fff]/);
    expect(renderMessage(key, 'en')).not.toBe(key);
    expect(renderMessage(key, 'en')).not.toMatch(/[\u4e00-\u9fff]/);
  });
});

describe(redactSecret.name, () => {
  it('should drop the key, words holding part of it and bearer tokens', () => {
    const key = 'sk-abcdef0123456789';

    const sut = redactSecret(
      `key ${key}, partial sk-abcdef0..., Authorization: Bearer xyz.123`,
      key,
    );

    expect(sut).toBe('key [redacted], partial [redacted], Authorization: Bearer [redacted]');
  });
});
