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
    // Both languages side by side, as the administrator's walks (a11y.ts).
    const walked = await Promise.all(
      (['zh', 'en'] as const).map((language) =>
        axe.auditMenu(phone, USER_PASSWORD, language, 'user'),
      ),
    );
    for (const pages of walked) expect(pages).toBeGreaterThan(0);
    expect(axe.blocking).toEqual([]);
  }, 600_000);
});
