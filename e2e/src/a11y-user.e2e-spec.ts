import { describe, expect, it } from 'vitest';

import { AxeAudit, markTourSeen } from './a11y';
import { registerUser } from './api';
import { useBrowser } from './browser';

// Accessibility of an ordinary user's menu in both languages (a11y.ts).

const axe = new AxeAudit(useBrowser());
const USER_PASSWORD = 'User#Pass2024';

describe("accessibility of an ordinary user's menu", () => {
  it('should find no critical or serious violation on any of its pages, in both languages', async () => {
    const phone = await registerUser(USER_PASSWORD);
    await markTourSeen(phone);
    for (const language of ['zh', 'en'] as const)
      expect(await axe.auditMenu(phone, USER_PASSWORD, language, 'user')).toBeGreaterThan(0);
    expect(axe.blocking).toEqual([]);
  }, 600_000);
});
