import { describe, expect, it } from 'vitest';

import { seesEveryConversation } from './chat';

describe(seesEveryConversation.name, () => {
  const user = { userId: 7, admin: false, permissions: ['wujie:chat:history'] };
  it('should let an administrator or a holder of wujie:chat:everyone read every conversation, no one else', () => {
    expect(seesEveryConversation({ ...user, admin: true, permissions: ['*:*:*'] })).toBe(true);
    expect(
      seesEveryConversation({
        ...user,
        permissions: ['wujie:chat:history', 'wujie:chat:everyone'],
      }),
    ).toBe(true);
    expect(seesEveryConversation(user)).toBe(false);
    expect(seesEveryConversation({ ...user, permissions: ['wujie:mission:review'] })).toBe(false);
  });
});
