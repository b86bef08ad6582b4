import { AxeBuilder } from '@axe-core/playwright';
import { createConnection } from 'mysql2/promise';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';

import { registerUser } from './api';
import {
  type MenuRoute,
  openContext,
  pageApi,
  shownMenuPaths,
  signIn,
  useBrowser,
} from './browser';
import { ADMIN_PASSWORD, mysqlUrl } from './stack';

/** The eight theme colours of the settings drawer (web/src/features/layout/layout.store.ts). */
const THEME_PRESETS = [
  '#409EFF',
  '#ff4500',
  '#ff8c00',
  '#ffd700',
  '#90ee90',
  '#00ced1',
  '#1e90ff',
  '#c71585',
];

// Accessibility of every page (issue 20): axe-core with the WCAG 2.0/2.1 A and AA rules and the best
// practices, on the public pages and on every page of the menu, for the administrator and an ordinary
// user, in Chinese and in English. Any critical or serious violation fails; the moderate ones are
// counted per page and printed. One browser; one signed-in context per user and language.

const browser = useBrowser();
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice'];
const USER_PASSWORD = 'User#Pass2024';

type Language = 'zh' | 'en';

interface Finding {
  page: string;
  rule: string;
  impact: string;
  nodes: number;
  example: string;
}

const blocking: Finding[] = [];
const moderateCounts: string[] = [];

/** Runs axe on what the page shows now; keeps the critical/serious findings, counts the moderate ones. */
async function audit(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  let moderate = 0;
  for (const violation of results.violations) {
    if (violation.impact === 'critical' || violation.impact === 'serious') {
      blocking.push({
        page: label,
        rule: violation.id,
        impact: violation.impact,
        nodes: violation.nodes.length,
        example:
          `${violation.nodes[0]?.target.join(' ')} :: ${violation.nodes[0]?.failureSummary ?? ''}`
            .replace(/\s+/g, ' ')
            .slice(0, 300),
      });
    } else if (violation.impact === 'moderate') {
      moderate += violation.nodes.length;
    }
  }
  const rules = results.violations
    .filter((v) => v.impact === 'moderate')
    .map((v) => `${v.id}×${v.nodes.length} [${v.nodes[0]?.target.join(' ') ?? ''}]`);
  moderateCounts.push(`${label}: ${moderate}${rules.length ? ` (${rules.join(', ')})` : ''}`);
}

/** Waits until the page's own requests have settled (a list loaded, a form filled). */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 8000 }).catch(() => undefined);
  await page.waitForTimeout(150);
}

async function languageContext(language: Language): Promise<BrowserContext> {
  const context = await openContext(browser());
  await context.addInitScript((lang) => {
    if (!localStorage.getItem('wujie-saas.lang')) {
      localStorage.setItem(
        'wujie-saas.lang',
        JSON.stringify({ dataType: 'string', content: lang, datetime: Date.now() }),
      );
    }
  }, language);
  return context;
}

/** The chat's tour would cover the landing page: the ordinary user has seen it too. */
async function markTourSeen(phone: string): Promise<void> {
  const connection = await createConnection(mysqlUrl(inject('database')));
  try {
    await connection.query('UPDATE sys_user SET tour = 1 WHERE phonenumber = ?', [phone]);
  } finally {
    await connection.end();
  }
}

async function auditMenu(identifier: string, password: string, language: Language, who: string) {
  const context = await languageContext(language);
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page, identifier, password);
  await page.waitForURL('**/wujie/char/talk');
  expect(await page.locator('html').getAttribute('lang')).toBe(language === 'zh' ? 'zh-CN' : 'en');
  const paths = shownMenuPaths(await pageApi<MenuRoute[]>(page, 'GET', '/getRouters'));
  expect(paths.length).toBeGreaterThan(0);
  for (const path of paths) {
    await page.goto(path);
    // The tab appears once the page host has resolved the address (a page without a tab is audited
    // as it stands).
    await page
      .locator(`[data-tag-path="${path}"]`)
      .waitFor({ timeout: 15_000 })
      .catch(() => console.log(`no tab for ${path}`));
    await settle(page);
    await audit(page, `${who}/${language} ${path}`);
  }
  await context.close();
  return paths.length;
}

function report(): void {
  console.log(`moderate violations per page:\n  ${moderateCounts.join('\n  ')}`);
  if (blocking.length) {
    console.log(
      `critical/serious:\n  ${blocking
        .map((f) => `${f.page} ${f.impact} ${f.rule} ×${f.nodes}: ${f.example}`)
        .join('\n  ')}`,
    );
  }
}

describe('accessibility (axe-core, wcag2a/2aa/21aa + best practices)', () => {
  afterAll(() => report());

  it('should find no critical or serious violation on the public pages, in both languages', async () => {
    for (const language of ['zh', 'en'] as const) {
      const context = await languageContext(language);
      const page = await context.newPage();
      for (const path of [
        '/login',
        '/login?panel=register',
        '/login?panel=forgot',
        '/agreement',
        '/protocol',
        '/404',
      ]) {
        await page.goto(path);
        await settle(page);
        expect(await page.locator('html').getAttribute('lang')).toBe(
          language === 'zh' ? 'zh-CN' : 'en',
        );
        expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy();
        await audit(page, `public/${language} ${path}`);
      }
      await context.close();
    }
    expect(blocking.filter((f) => f.page.startsWith('public/'))).toEqual([]);
  }, 180_000);

  it('should find none on any page of the administrator menu, in both languages', async () => {
    for (const language of ['zh', 'en'] as const) {
      expect(await auditMenu('admin', ADMIN_PASSWORD, language, 'admin')).toBeGreaterThan(20);
    }
    expect(blocking.filter((f) => f.page.startsWith('admin/'))).toEqual([]);
  }, 900_000);

  it('should keep AA contrast with every preset theme colour, in the dark and the light sidebar', async () => {
    const context = await languageContext('zh');
    const page = await context.newPage();
    await page.goto('/login');
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await page.waitForURL('**/wujie/char/talk');
    const failures: string[] = [];
    for (const sideTheme of ['theme-dark', 'theme-light']) {
      for (const theme of THEME_PRESETS) {
        await page.evaluate(
          (content) =>
            localStorage.setItem(
              'wujie-layout-setting',
              JSON.stringify({ dataType: 'object', content, datetime: Date.now() }),
            ),
          { theme, sideTheme },
        );
        // The users page: filled and subtle buttons, links, badges, the active tab and menu entry.
        await page.goto('/system/user');
        await page.getByTestId('users-page').getByTestId('table').waitFor();
        await settle(page);
        const results = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
        for (const violation of results.violations) {
          failures.push(
            `${sideTheme} ${theme}: ${violation.nodes.map((n) => `${n.target.join(' ')} ${n.any[0]?.message ?? ''}`).join('; ')}`,
          );
        }
      }
    }
    await context.close();
    expect(failures).toEqual([]);
  }, 300_000);

  it('should serve real /robots.txt and /favicon.ico, not the app', async () => {
    const robots = await fetch(`${inject('baseUrl')}/robots.txt`);
    expect(robots.headers.get('content-type')).toMatch(/text\/plain/);
    expect(await robots.text()).toMatch(/^User-agent: \*/m);
    const icon = await fetch(`${inject('baseUrl')}/favicon.ico`);
    expect(icon.headers.get('content-type')).toMatch(/image\/(x-icon|vnd\.microsoft\.icon)/);
    expect(Buffer.from(await icon.arrayBuffer()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
  });

  it("should find none on any page of an ordinary user's menu, in both languages", async () => {
    const phone = await registerUser(USER_PASSWORD);
    await markTourSeen(phone);
    for (const language of ['zh', 'en'] as const) {
      await auditMenu(phone, USER_PASSWORD, language, 'user');
    }
    expect(blocking.filter((f) => f.page.startsWith('user/'))).toEqual([]);
  }, 300_000);
});
