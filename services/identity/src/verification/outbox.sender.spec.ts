import { describe, expect, it } from 'vitest';

import { OutboxSender } from './outbox.sender';

describe(OutboxSender.name, () => {
  it('should refuse to exist in production', () => {
    expect(() => new OutboxSender('sms', {} as never, 'production')).toThrow(/development only/);
  });

  it('should be allowed in development and test', () => {
    expect(new OutboxSender('email', {} as never, 'development').channel).toBe('email');
  });
});
