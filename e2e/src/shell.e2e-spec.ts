import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { registerUser } from './api';
import { openContext, pathOf, screenshot, signIn, signInAsAdmin, useBrowser } from './browser';
import { ADMIN_PASSWORD } from './stack';

const browser = useBrowser();

const storageValue = (page: Page, key: string) =>
  page.evaluate((name) => JSON.parse(localStorage.getItem(`wujie-${name}`) ?? 'null'), key);

/**
 * Holds the page's first request to `url` until `release()`, as a slow network would; `requested`
 * resolves once it has been sent.
 */
async function holdFirst(page: Page, url: string) {
  let release: () => void = () => undefined;
  let arrived: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const requested = new Promise<void>((resolve) => (arrived = resolve));
  let first = true;
  await page.route(url, async (route) => {
    if (first) {
      first = false;
      arrived();
      await held;
    }
    await route.continue();
  });
  return { requested, release };
}

const tagPaths = (page: Page) =>
  page.$$eval('[data-tag-path]', (tags) => tags.map((tag) => tag.getAttribute('data-tag-path')));

describe('route guard', () => {
  it('should send a deep link to /login?redirect=… and come back to it after sign-in', async () => {
    const context = await openContext(browser());
    const page = await context.newPage();
    await page.goto('/system/user-auth/role/1?from=mail');
    await page.waitForURL(/\/login\?/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(
      '/system/user-auth/role/1?from=mail',
    );
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await page.waitForURL('**/system/user-auth/role/1?from=mail');
    expect(await pathOf(page)).toBe('/system/user-auth/role/1?from=mail');
    await context.close();
  });

  it('should show the wrong-password message and stay on /login', async () => {
    const context = await openContext(browser());
    const page = await context.newPage();
    await page.goto('/login');
    await signIn(page, 'admin', 'Wrong#Pass2024');
    await page.getByText('用户名或密码错误').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('should send unknown paths to /404', async () => {
    const { context, page } = await signInAsAdmin(browser());
    await page.goto('/no/such/page');
    await page.waitForURL('**/404');
    await page.getByTestId('error-404').waitFor();
    await context.close();
  });
});

describe('language', () => {
  it('should switch the visible texts and keep the choice over a reload', async () => {
    const { context, page } = await signInAsAdmin(browser());
    await page.getByTestId('sidebar-menu').getByText('企业管理').waitFor();
    await page.getByTestId('lang-en').click();
    await page.getByTestId('sidebar-menu').getByText('Enterprise management').waitFor();
    // The landing page (the chat) follows the switch too.
    await page.getByTestId('chat-page').getByText('What would you like to design today?').waitFor();
    expect(await storageValue(page, 'saas.lang')).toMatchObject({
      dataType: 'string',
      content: 'en',
    });
    await screenshot(page, 'workbench-en');
    await page.reload();
    await page.getByTestId('sidebar-menu').getByText('Enterprise management').waitFor();
    await page.goto('/login');
    await context.close();
    const fresh = await openContext(browser());
    const login = await fresh.newPage();
    await login.goto('/login');
    await login.getByTestId('lang-en').click();
    await login.getByTestId('auth-title').getByText('Sign in').waitFor();
    await screenshot(login, 'login-en');
    await fresh.close();
  });

  it('should show the menu in English when the language is switched while the menu is loading', async () => {
    const context = await openContext(browser());
    const page = await context.newPage();
    // Hold the first (Chinese) menu back until the switch has happened, as a slow network would.
    const { requested, release } = await holdFirst(page, '**/prod-api/getRouters**');
    await page.goto('/login');
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await requested;
    await page.getByTestId('lang-en').click();
    release();
    await page.getByTestId('sidebar-menu').getByText('Enterprise management').waitFor();
    await page.waitForTimeout(500);
    expect(await page.getByTestId('sidebar-menu').getByText('企业管理').count()).toBe(0);
    await context.close();
  });

  it('should show the menu in English when the language is switched after the menu came, before the user', async () => {
    const context = await openContext(browser());
    const page = await context.newPage();
    // The (Chinese) menu answers at once; the user's info is held until the switch is done, so the
    // session ends its load with a menu in the language it no longer shows (no layout is up yet).
    const { requested, release } = await holdFirst(page, '**/prod-api/getInfo**');
    const menus = page.waitForResponse((r) => r.url().includes('/prod-api/getRouters'));
    await page.goto('/login');
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await requested;
    expect((await menus).url()).toContain('lang=zh');
    await page.getByTestId('lang-en').click();
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    release();
    await page.getByTestId('sidebar-menu').getByText('Enterprise management').waitFor();
    await page.waitForTimeout(500);
    expect(await page.getByTestId('sidebar-menu').getByText('企业管理').count()).toBe(0);
    await context.close();
  });
});

describe('main layout', () => {
  it('should close tabs from the context menu and keep the pinned ones', async () => {
    const { context, page } = await signInAsAdmin(browser());
    for (const path of ['/wujie/workflow', '/wujie/company', '/index', '/wujie/agent']) {
      await page.getByTestId('sidebar-menu').locator(`[data-menu-path="${path}"]`).click();
      await page.locator(`[data-tag-path="${path}"]`).waitFor();
    }
    expect(await tagPaths(page)).toEqual([
      '/index',
      '/wujie/char/talk',
      '/wujie/workflow',
      '/wujie/company',
      '/wujie/agent',
    ]);
    await page.locator('[data-tag-path="/wujie/workflow"]').click({ button: 'right' });
    await page.getByTestId('tags-menu').getByText('关闭右侧').click();
    expect(await tagPaths(page)).toEqual(['/index', '/wujie/char/talk', '/wujie/workflow']);
    await page.waitForURL('**/wujie/workflow');
    await page.locator('[data-tag-path="/wujie/workflow"]').click({ button: 'right' });
    await page.getByTestId('tags-menu').getByText('关闭左侧').click();
    expect(await tagPaths(page)).toEqual(['/index', '/wujie/workflow']);
    await page.locator('[data-tag-path="/wujie/workflow"]').click({ button: 'right' });
    await page.getByTestId('tags-menu').getByText('刷新页面').click();
    await page.waitForURL('**/wujie/workflow');
    await page.locator('[data-tag-path="/wujie/workflow"]').click({ button: 'right' });
    await page.getByTestId('tags-menu').getByText('全部关闭').click();
    await page.waitForURL('**/index');
    expect(await tagPaths(page)).toEqual(['/index']);
    await context.close();
  });

  it('should bring back the open tabs in order, with the active one, after a reload', async () => {
    const { context, page } = await signInAsAdmin(browser());
    for (const path of ['/wujie/company', '/wujie/agent']) {
      await page.getByTestId('sidebar-menu').locator(`[data-menu-path="${path}"]`).click();
      await page.locator(`[data-tag-path="${path}"]`).waitFor();
    }
    await page.locator('[data-tag-path="/wujie/company"]').click();
    await page.waitForURL('**/wujie/company');
    const before = await tagPaths(page);
    expect(before.slice(-2)).toEqual(['/wujie/company', '/wujie/agent']);
    await page.reload();
    await page.locator('[data-tag-path="/wujie/agent"]').waitFor();
    expect(await tagPaths(page)).toEqual(before);
    await page.locator('[data-tag-path="/wujie/company"][data-active]').waitFor();
    expect(await page.locator('[data-tag-path][data-active]').count()).toBe(1);
    await screenshot(page, 'tags-after-reload');
    await context.close();
  });

  it('should remember the collapsed sidebar over a reload', async () => {
    const { context, page } = await signInAsAdmin(browser());
    await page.getByTestId('sidebar-toggle').click();
    await page.locator('[data-testid="sidebar-menu"][data-collapsed]').waitFor();
    expect(await storageValue(page, 'sidebarStatus')).toMatchObject({ content: 0 });
    await page.reload();
    await page.locator('[data-testid="sidebar-menu"][data-collapsed]').waitFor();
    await page.getByTestId('sidebar-toggle').click();
    await page.locator('[data-testid="sidebar-menu"]:not([data-collapsed])').waitFor();
    expect(await storageValue(page, 'sidebarStatus')).toMatchObject({ content: 1 });
    await context.close();
  });

  it('should save layout settings to layout-setting and reset them', async () => {
    const { context, page } = await signInAsAdmin(browser());
    await page.getByTestId('avatar-menu').click();
    await page.getByTestId('open-settings').click();
    await page.getByRole('switch', { name: '开启 Tags-Views' }).dispatchEvent('click');
    await page.getByTestId('theme-#c71585').click();
    await page.getByTestId('side-theme-light').click();
    await screenshot(page, 'settings-zh');
    await page.getByTestId('settings-save').click();
    await page.getByText('正在保存到本地，请稍候...').waitFor();
    await page.getByText('正在保存到本地，请稍候...').waitFor({ state: 'detached' });
    expect(await storageValue(page, 'layout-setting')).toMatchObject({
      content: { tagsView: false, theme: '#c71585', sideTheme: 'theme-light' },
    });
    await page.reload();
    await page.getByTestId('sidebar-menu').waitFor();
    expect(await page.getByTestId('tags-view').count()).toBe(0);
    await page.getByTestId('avatar-menu').click();
    await page.getByTestId('open-settings').click();
    await page.getByTestId('settings-reset').click();
    await page.waitForEvent('load');
    await page.getByTestId('tags-view').waitFor();
    expect(await storageValue(page, 'layout-setting')).toBeNull();
    await context.close();
  });

  it('should show the menu in a drawer below 992 px', async () => {
    const { context, page } = await signInAsAdmin(browser(), {
      viewport: { width: 800, height: 900 },
    });
    expect(await page.getByTestId('sidebar').count()).toBe(0);
    await page.getByTestId('sidebar-toggle').click();
    const drawer = page.getByTestId('sidebar-menu');
    await drawer.waitFor();
    await screenshot(page, 'mobile-drawer-zh');
    await drawer.getByText('企业管理').click();
    await page.waitForURL('**/wujie/company');
    await drawer.waitFor({ state: 'detached' });
    await context.close();
  });

  it('should ask before logging out and go back to the sign-in page', async () => {
    const { context, page } = await signInAsAdmin(browser());
    await page.getByTestId('avatar-menu').click();
    await page.getByTestId('logout').click();
    await page.getByText('确定注销并退出系统吗？').waitFor();
    await page.getByTestId('confirm-ok').click();
    await page.waitForURL(/\/login\?redirect=%2Findex/);
    expect(await storageValue(page, 'Admin-Token')).toBeNull();
    await context.close();
  });
});

describe('permissions', () => {
  let context: BrowserContext;
  let page: Page;
  const password = 'User#Pass2024';

  beforeAll(async () => {
    const phone = await registerUser(password);
    context = await openContext(browser());
    page = await context.newPage();
    await page.goto('/login');
    await signIn(page, phone, password);
    await page.waitForURL('**/wujie/char/talk');
  });
  afterAll(() => context.close());

  it('should not show the gated menu entries to an ordinary user', async () => {
    const menu = page.getByTestId('sidebar-menu');
    await menu.getByText('抗体工具箱').waitFor();
    expect(await menu.getByText('系统管理').count()).toBe(0);
    expect(await menu.getByText('首页').count()).toBe(0);
    await screenshot(page, 'ordinary-user-zh');
  });

  it('should answer /401 for a permission-gated route and /404 for an ungranted menu page', async () => {
    await page.goto('/system/user-auth/role/1');
    await page.waitForURL('**/401');
    await page.goto('/wujie/user');
    await page.waitForURL('**/404');
  });
});

describe('startup screen', () => {
  it('should draw the landing page from index.html before the app starts, and hand it over to the app', async () => {
    const { context, page } = await signInAsAdmin(browser());
    await page.getByTestId('chat-page').waitFor();
    // The app's entry held back: what the page shows until then is index.html's own.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/main-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/');
    const shell = page.locator('#startup-shell[data-shell="landing"]');
    await shell.getByText('今天想设计什么？').waitFor();
    expect(await shell.evaluate((element) => element.hasAttribute('inert'))).toBe(true);
    expect(await shell.locator('[data-testid]').count()).toBe(0);
    expect(await page.locator('#root').evaluate((root) => root.childElementCount)).toBe(0);
    release();
    await page.getByTestId('chat-welcome').getByText('今天想设计什么？').waitFor();
    expect(await page.locator('#startup-shell').count()).toBe(0);
    expect(await pathOf(page)).toBe('/wujie/char/talk');
    await context.close();
  });
});
