import { describe, expect, it } from 'vitest';

import { openContext, pathOf, screenshot, signIn, useBrowser } from './browser';
import { ADMIN_PASSWORD } from './stack';

const browser = useBrowser();

describe('sign-in', () => {
  it('should sign the admin in and land on /wujie/char/talk', async () => {
    const context = await openContext(browser());
    const page = await context.newPage();
    await page.goto('/');
    await page.waitForURL(/\/login\?redirect=/);
    await page.getByTestId('auth-title').getByText('登录').waitFor();
    await screenshot(page, 'login-zh');
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await page.waitForURL('**/wujie/char/talk');
    await page.getByTestId('sidebar-menu').waitFor();
    await screenshot(page, 'workbench-zh');
    expect(await pathOf(page)).toBe('/wujie/char/talk');
    await context.close();
  });
});
