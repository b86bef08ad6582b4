import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { captchaAnswer, openContext, pageApi, useBrowser } from './browser';
import { ADMIN_PASSWORD } from './stack';

// Issue 20: the whole path done with the keyboard only (Tab, Shift+Tab, typing, Enter, Space, Escape;
// no click, no fill): sign in, the skip link, open a user's edit dialog, change
// it and submit, open it again and close it with Escape, focus coming back to where it was.

const browser = useBrowser();

const focused = (page: Page, selector: string) =>
  page.evaluate((s) => Boolean(document.activeElement?.closest(s)), selector);

/** Presses Tab (Shift+Tab when `back`) until the focused element is, or is inside, `selector`. */
async function tabTo(page: Page, selector: string, { back = false, max = 80 } = {}) {
  for (let i = 0; i < max; i += 1) {
    if (await focused(page, selector)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  const at = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200));
  throw new Error(`Tab never reached ${selector}; focus is on ${at}`);
}

/** The focused element's visible focus ring: an outline or a box shadow wider than nothing. */
const focusRing = (page: Page) =>
  page.evaluate(() => {
    const style = getComputedStyle(document.activeElement!);
    return (
      (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) ||
      style.boxShadow !== 'none'
    );
  });

describe('keyboard only', () => {
  it('should sign in, open the users page, edit a user and close the dialog without the mouse', async () => {
    const context = await openContext(browser());
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByTestId('login-identifier').waitFor();

    await tabTo(page, '[data-testid="login-identifier"]');
    expect(await focusRing(page)).toBe(true);
    await page.keyboard.type('admin');
    await tabTo(page, '[data-testid="login-password"]');
    await page.keyboard.type(ADMIN_PASSWORD);
    const answer = await captchaAnswer(page);
    if (answer) {
      await tabTo(page, '[data-testid="login-captcha"]');
      await page.keyboard.type(answer);
    }
    await tabTo(page, '[data-testid="agreement"]');
    await page.keyboard.press('Space');
    expect(await page.getByTestId('agreement').isChecked()).toBe(true);
    await tabTo(page, '[data-testid="login-submit"]');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/wujie/char/talk');

    // The skip link (the layout's first stop) takes focus to the page.
    await page.locator('[data-testid="main-layout"]').waitFor();
    await tabTo(page, '[data-testid="skip-link"]', { back: true });
    expect(await focusRing(page)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await focused(page, '#main-content')).toBe(true);

    // A user to edit (set up through the API, as in the other tests).
    const userName = `kbd${Date.now().toString().slice(-7)}`;
    await pageApi(page, 'POST', '/system/user', {
      userName,
      nickName: 'Keyboard',
      password: 'Kbd#Pass2026',
      phonenumber: `1370${Date.now().toString().slice(-7)}`,
      status: '0',
    });

    // The users page by its address (typed, as a keyboard user would).
    await page.goto('/system/user');
    await page.waitForURL('**/system/user');
    const row = page.getByTestId('users-page').locator('tr', { hasText: userName });
    await row.waitFor();

    const edit = `[data-testid="${await row.getAttribute('data-testid')}"] [data-testid="edit"]`;
    await tabTo(page, edit);
    expect(await focusRing(page)).toBe(true);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('field-nickName').waitFor();
    // Focus moved into the dialog and stays there (Tab cycles inside it).
    await expect.poll(() => focused(page, '[role="dialog"]')).toBe(true);
    for (let i = 0; i < 30; i += 1) {
      await page.keyboard.press('Tab');
      expect(await focused(page, '[role="dialog"]')).toBe(true);
    }
    await tabTo(page, '[role="dialog"] [data-testid="field-nickName"]');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Edited by keyboard');
    await tabTo(page, '[role="dialog"] [data-testid="form-submit"]');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await row.getByText('Edited by keyboard').waitFor();

    // Open again and close with Escape: focus goes back to the edit button.
    await tabTo(page, edit);
    await page.keyboard.press('Enter');
    await dialog.getByTestId('field-nickName').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page, edit)).toBe(true);
    await context.close();
  });
});
