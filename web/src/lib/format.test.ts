import { describe, expect, it } from 'vitest';

import { formatDuration, formatTokens } from './format';

describe('formatTokens', () => {
  it('should show nothing for a run without a model', () => {
    expect(formatTokens({ promptTokens: 0, completionTokens: 0, tokensEstimated: false })).toBe('');
  });

  it('should sum prompt and completion, and mark estimated counts', () => {
    const run = { promptTokens: 1200, completionTokens: 340, tokensEstimated: false };
    expect(formatTokens(run, 'en')).toBe('1,540');
    expect(formatTokens({ ...run, tokensEstimated: true }, 'zh')).toBe('≈ 1,540');
  });
});

describe('formatDuration', () => {
  it('should show seconds, minutes and hours', () => {
    const start = '2026-01-01T00:00:00.000Z';
    expect(formatDuration(start, '2026-01-01T00:00:05.600Z')).toBe('5.6s');
    expect(formatDuration(start, '2026-01-01T00:03:04.000Z')).toBe('3m 4s');
    expect(formatDuration(start, '2026-01-01T01:02:00.000Z')).toBe('1h 2m');
    expect(formatDuration('', '')).toBe('');
  });
});
