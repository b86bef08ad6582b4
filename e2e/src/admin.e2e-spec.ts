import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { openContext, screenshot, signIn, signInAsAdmin, useBrowser } from './browser';

const browser = useBrowser();
const stamp = String(Date.now()).slice(-6);

const form = (page: Page) => page.getByTestId('entity-form');

/**
 * Opens a select of the form and picks an option. The form's choices arrive with their own request;
 * until then the open list says it is loading, and fills in when they come.
 */
async function pickOption(page: Page, field: string, option: string) {
  const select = form(page).getByTestId(`field-${field}`);
  await select.click({ force: true });
  // A click that lands while the drawer still animates in opens nothing (a full run saw no list at
  // all): open it again then.
  const listbox = page.getByRole('listbox');
  const opened = await listbox
    .first()
    .waitFor({ state: 'visible', timeout: 2000 })
    .then(
      () => true,
      () => false,
    );
  if (!opened) {
    await select.click({ force: true });
  }
  const choice = page.getByRole('option', { name: option, exact: true });
  await choice.waitFor().catch(async (error: Error) => {
    const lists = await page.getByRole('listbox').allInnerTexts();
    throw new Error(`"${option}" never offered; lists shown: ${JSON.stringify(lists)}`, {
      cause: error,
    });
  });
  await choice.click();
}

describe('administration console', () => {
  it('should let an admin create a role with some menus and a user with it, who then sees only those', async () => {
    const roleName = `Post clerk ${stamp}`;
    const userName = `clerk${stamp}`;
    const { context, page } = await signInAsAdmin(browser());

    await page.goto('/system/role');
    await page.getByTestId('roles-page').getByTestId('add').click();
    await form(page).getByTestId('field-roleName').fill(roleName);
    await form(page).getByTestId('field-roleKey').fill(`clerk_${stamp}`);
    await form(page).getByTestId('field-roleSort').fill('5');
    // The posts page with its buttons, then without "add": ancestors (System management) follow.
    await form(page).getByTestId('menu-105').check();
    await form(page).getByTestId('menu-105002').uncheck();
    await screenshot(page, 'admin-role-form');
    await page.getByTestId('form-submit').click();
    await page.getByTestId('roles-page').getByText(roleName).waitFor();

    // The form's choices come late, as on a busy machine: the open list fills in when they come.
    await page.route('**/prod-api/system/user', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto('/system/user');
    await page.getByTestId('users-page').getByTestId('add').click();
    await form(page).getByTestId('field-userName').fill(userName);
    await form(page).getByTestId('field-nickName').fill('Clerk');
    await form(page).getByTestId('field-password').fill('Clerk#Pass2026');
    // With a phone number the phone-binding dialog (mainland users without one) stays away.
    await form(page).getByTestId('field-phonenumber').fill(`1390${stamp}1`);
    await pickOption(page, 'roleIds', roleName);
    await page.keyboard.press('Escape');
    await page.getByTestId('form-submit').click();
    await page.getByTestId('users-page').getByText(userName).waitFor();
    await context.close();

    const clerkContext = await openContext(browser());
    const clerk = await clerkContext.newPage();
    await clerk.goto('/login');
    await signIn(clerk, userName, 'Clerk#Pass2026');
    // The workbench is not among the clerk's menus, so the landing page answers 404; go to theirs.
    await clerk.waitForURL(/\/(404|wujie)/);
    await clerk.goto('/system/post');
    await clerk.getByTestId('sidebar-menu').waitFor();
    const menu = clerk.getByTestId('sidebar-menu');
    await menu.getByText('系统管理').waitFor();
    if (!(await menu.getByText('岗位管理').isVisible())) await menu.getByText('系统管理').click();
    await menu.getByText('岗位管理').waitFor();
    expect(await menu.getByText('角色管理').count()).toBe(0);
    expect(await menu.getByText('用户', { exact: true }).count()).toBe(0);
    const posts = clerk.getByTestId('posts-page');
    await posts.getByTestId('table').getByText('ceo').waitFor();
    // Buttons follow the permissions: edit and delete granted, add not.
    expect(await posts.getByTestId('edit').count()).toBeGreaterThan(0);
    expect(await posts.getByTestId('delete').count()).toBeGreaterThan(0);
    expect(await posts.getByTestId('add').count()).toBe(0);
    await screenshot(clerk, 'admin-limited-user');
    await clerk.goto('/system/user');
    await clerk.waitForURL(/\/(401|404)/);
    await clerkContext.close();
  });

  it('should show dictionary labels in the current language', async () => {
    const { context, page } = await signInAsAdmin(browser());
    await page.goto('/system/user');
    const status = page.getByTestId('users-page').getByTestId('dict-sys_normal_disable').first();
    await expect.poll(() => status.textContent()).toBe('正常');
    await page.getByTestId('lang-en').click();
    await expect.poll(() => status.textContent()).toBe('Normal');
    await screenshot(page, 'admin-users-en');
    await page.getByTestId('lang-zh').click();
    await expect.poll(() => status.textContent()).toBe('正常');
    await context.close();
  });

  it('should show a notice with <script> in it as text, never running it', async () => {
    const { context, page } = await signInAsAdmin(browser());
    await page.goto('/system/notice');
    await page.getByTestId('notices-page').getByTestId('add').click();
    await form(page).getByTestId('field-noticeTitle').fill(`Typed ${stamp}`);
    await page.getByTestId('rich-text').click();
    await page.keyboard.type('<script>window.__typed = 1</script>');
    await page.waitForTimeout(400);
    await page.getByTestId('form-submit').click();
    await page.getByTestId('notices-page').getByText(`Typed ${stamp}`).waitFor();

    // Raw HTML with a script tag, sent straight to the API as an author's tool might.
    const created = await page.evaluate(async (title) => {
      const raw =
        localStorage.getItem('wujie-Admin-Token') ??
        sessionStorage.getItem('wujie-Admin-Token') ??
        '';
      const token = (JSON.parse(raw) as { content?: string }).content ?? raw;
      const res = await fetch('/prod-api/system/notice', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          noticeTitle: title,
          noticeType: '2',
          noticeContent:
            '<p>Hello</p><script>window.__raw = 1</script><img src="x" onerror="window.__img = 1">',
        }),
      });
      return (await res.json()) as { code: number };
    }, `Raw ${stamp}`);
    expect(created.code).toBe(200);
    await page.reload();

    for (const [title, text] of [
      [`Typed ${stamp}`, '<script>window.__typed = 1</script>'],
      [`Raw ${stamp}`, '<script>window.__raw = 1</script>'],
    ]) {
      const row = page.getByTestId('notices-page').getByRole('row').filter({ hasText: title });
      await row.getByTestId('view').click();
      const content = page.getByTestId('notice-content');
      await expect.poll(() => content.textContent()).toContain(text);
      await screenshot(page, `admin-notice-${title.split(' ')[0].toLowerCase()}`);
      await page.keyboard.press('Escape');
      await content.waitFor({ state: 'detached' });
    }
    const ran = await page.evaluate(() => {
      const w = window as { __typed?: number; __raw?: number; __img?: number };
      return [w.__typed, w.__raw, w.__img];
    });
    expect(ran).toEqual([undefined, undefined, undefined]);
    await context.close();
  });
});
