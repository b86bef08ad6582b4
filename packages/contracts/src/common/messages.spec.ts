import { describe, expect, it } from 'vitest';

import { parseLanguage } from './language';
import { MESSAGES, renderMessage } from './messages';
import { renderRequestMessage, REQUEST_MESSAGES } from './request-messages';

describe('messages', () => {
  it('should have every message in both languages', () => {
    for (const [key, text] of Object.entries(MESSAGES)) {
      expect(text.zh, key).toBeTruthy();
      expect(text.en, key).toBeTruthy();
    }
  });

  it('should fill placeholders and keep unknown ones', () => {
    expect(renderMessage('validation.max_length', 'en', { length: 30 })).toBe(
      'Length should not exceed 30 characters',
    );
    expect(renderMessage('validation.required', 'zh', {})).toBe('{field}不能为空');
  });

  it("should keep the request layer's messages in the whole catalogue, rendered alike", () => {
    for (const key of Object.keys(REQUEST_MESSAGES) as (keyof typeof REQUEST_MESSAGES)[]) {
      expect(MESSAGES[key], key).toBe(REQUEST_MESSAGES[key]);
      expect(renderRequestMessage(key, 'en')).toBe(renderMessage(key, 'en'));
      expect(renderRequestMessage(key, 'zh')).toBe(renderMessage(key, 'zh'));
    }
  });

  it('should read languages leniently with zh as the default', () => {
    expect(parseLanguage('en_US')).toBe('en');
    expect(parseLanguage('EN')).toBe('en');
    expect(parseLanguage('zh-CN')).toBe('zh');
    expect(parseLanguage('fr')).toBe('zh');
    expect(parseLanguage(undefined)).toBe('zh');
  });
});
