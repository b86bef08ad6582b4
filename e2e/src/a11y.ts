import { AxeBuilder } from '@axe-core/playwright';
import { createConnection } from 'mysql2/promise';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';

import { type MenuRoute, openContext, pageApi, shownMenuPaths, signIn } from './browser';
import { mysqlUrl } from './stack';

// Accessibility of every page (issue 20): axe-core with the WCAG 2.0/2.1 A and AA rules and the best
// practices, on the public pages and on every page of the menu, for the administrator and an ordinary
// user, in Chinese and in English. Any critical or serious violation fails; the moderate ones are
// counted per page and printed. The walk is split over several spec files (a11y-*.e2e-spec.ts);
// each file audits with its own browser and prints its own report and its slowest pages.

/** The eight theme colours of the settings drawer (web/src/lib/layout.store.ts). */
export const THEME_PRESETS = [
  '#409EFF',
  '#ff4500',
  '#ff8c00',
  '#ffd700',
  '#90ee90',
  '#00ced1',
  '#1e90ff',
  '#c71585',
];

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice'];

export type Language = 'zh' | 'en';

export interface Finding {
  page: string;
  rule: string;
  impact: string;
  nodes: number;
  example: string;
}

/** One spec file's audit: its critical/serious findings, and the moderate ones counted per page. */
export class AxeAudit {
  readonly blocking: Finding[] = [];
  private readonly moderateCounts: string[] = [];
  /** Seconds each page took (load, settle, audit): the walk's time is what the run's limit feels. */
  private readonly pageSeconds: Array<[string, number]> = [];

  constructor(private readonly browser: () => Browser) {
    afterAll(() => this.report());
  }

  /** Runs axe on what the page shows now; keeps the critical/serious findings, counts the moderate ones. */
  async audit(page: Page, label: string): Promise<void> {
    const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    let moderate = 0;
    for (const violation of results.violations) {
      if (violation.impact === 'critical' || violation.impact === 'serious') {
        this.blocking.push({
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
    this.moderateCounts.push(
      `${label}: ${moderate}${rules.length ? ` (${rules.join(', ')})` : ''}`,
    );
  }

  async languageContext(language: Language): Promise<BrowserContext> {
    const context = await openContext(this.browser());
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

  /** Signs in and audits every page of the menu the server gives that user; returns how many. */
  async auditMenu(
    identifier: string,
    password: string,
    language: Language,
    who: string,
  ): Promise<number> {
    const context = await this.languageContext(language);
    const page = await context.newPage();
    await page.goto('/login');
    await signIn(page, identifier, password);
    await page.waitForURL('**/wujie/char/talk');
    expect(await page.locator('html').getAttribute('lang')).toBe(
      language === 'zh' ? 'zh-CN' : 'en',
    );
    const paths = shownMenuPaths(await pageApi<MenuRoute[]>(page, 'GET', '/getRouters'));
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) {
      const started = Date.now();
      await page.goto(path);
      // The tab appears once the page host has resolved the address (a page without a tab is audited
      // as it stands).
      await page
        .locator(`[data-tag-path="${path}"]`)
        .waitFor({ timeout: 15_000 })
        .catch(() => console.log(`no tab for ${path}`));
      await settle(page);
      await this.audit(page, `${who}/${language} ${path}`);
      this.pageSeconds.push([path, (Date.now() - started) / 1000]);
    }
    await context.close();
    return paths.length;
  }

  private report(): void {
    const slowest = [...this.pageSeconds].sort((a, b) => b[1] - a[1]).slice(0, 12);
    const total = this.pageSeconds.reduce((sum, [, seconds]) => sum + seconds, 0);
    console.log(
      `pages walked: ${this.pageSeconds.length} in ${total.toFixed(0)} s; slowest: ${slowest
        .map(([path, seconds]) => `${path} ${seconds.toFixed(1)} s`)
        .join(', ')}`,
    );
    console.log(`moderate violations per page:\n  ${this.moderateCounts.join('\n  ')}`);
    if (this.blocking.length) {
      console.log(
        `critical/serious:\n  ${this.blocking
          .map((f) => `${f.page} ${f.impact} ${f.rule} ×${f.nodes}: ${f.example}`)
          .join('\n  ')}`,
      );
    }
  }
}

/** Waits until the page's own requests have settled (a list loaded, a form filled). */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 8000 }).catch(() => undefined);
  await page.waitForTimeout(150);
}

/** The chat's tour would cover the landing page: the ordinary user has seen it too. */
export async function markTourSeen(phone: string): Promise<void> {
  const connection = await createConnection(mysqlUrl(inject('database')));
  try {
    await connection.query('UPDATE sys_user SET tour = 1 WHERE phonenumber = ?', [phone]);
  } finally {
    await connection.end();
  }
}

/** The administrator's menu in one language: a spec file of its own. */
export function describeAdminMenuAudit(
  browser: () => Browser,
  language: Language,
  adminPassword: string,
): void {
  const axe = new AxeAudit(browser);
  describe(`accessibility of the administrator menu (${language})`, () => {
    it('should find no critical or serious violation on any of its pages', async () => {
      expect(await axe.auditMenu('admin', adminPassword, language, 'admin')).toBeGreaterThan(20);
      expect(axe.blocking).toEqual([]);
    }, 600_000);
  });
}
