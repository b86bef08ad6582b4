import { AxeBuilder } from '@axe-core/playwright';
import { createConnection } from 'mysql2/promise';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';

import { type MenuRoute, openContext, pageApi, shownMenuPaths, signIn } from './browser';
import { mysqlUrl } from './stack';

// Accessibility of every page (issue 20): axe-core with the WCAG 2.0/2.1 A and AA rules and the best
// practices, on the public pages and on every page of the menu, for the administrator and an ordinary
// user, in Chinese and in English. Any critical or serious violation fails; the moderate ones are
// counted per page and printed. The walk is split over several spec files (a11y-*.e2e-spec.ts);
// each file audits with its own browser and prints its own report and its slowest pages.

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/**
 * axe-core's violations on what the page shows now: the WCAG 2.0/2.1 A and AA rules and the best
 * practices, or only `rules`; within `include` (a selector) when given.
 */
export async function axeViolations(
  page: Page,
  options: { include?: string; rules?: string[] } = {},
): Promise<Violation[]> {
  let builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  builder = options.rules ? builder.withRules(options.rules) : builder.withTags(TAGS);
  if (options.include) builder = builder.include(options.include);
  // axe.run in the page, in one call (the library's "legacy" mode). Its default runs axe in each
  // frame and joins the results in a blank page it opens for every call: 1.2 s a page against
  // 0.35 s here, for frames the app's pages do not have. A page with frames still gets it.
  if (page.frames().length === 1) builder = builder.setLegacyMode(true);
  return (await builder.analyze()).violations;
}

/** The critical and serious findings (what fails a test), as `rule: the nodes it names`. */
export async function blockingFindings(page: Page, include?: string): Promise<string[]> {
  return (await axeViolations(page, { include }))
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

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
  /** Menu paths whose page host answered "not available" (no page for the menu's component). */
  readonly notAvailable: string[] = [];
  private readonly moderateCounts: string[] = [];
  /** Seconds each page took (load, settle, audit): the walk's time is what the run's limit feels. */
  private readonly pageSeconds: Array<[string, number]> = [];

  constructor(private readonly browser: () => Browser) {
    afterAll(() => this.report());
  }

  /** Runs axe on what the page shows now; keeps the critical/serious findings, counts the moderate ones. */
  async audit(page: Page, label: string): Promise<void> {
    const violations = await axeViolations(page);
    let moderate = 0;
    for (const violation of violations) {
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
    const rules = violations
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
    const requests = trackRequests(page);
    for (const path of paths) {
      const started = Date.now();
      // Within the app, as its menu goes (the router follows history.pushState): a reload per page
      // would audit the same layout around the page and cost a second or two more each.
      await page.evaluate((to) => window.history.pushState(null, '', to), path);
      // The tab appears once the page host has resolved the address (a page without a tab is audited
      // as it stands).
      await page
        .locator(`[data-tag-path="${path}"]`)
        .waitFor({ timeout: 15_000 })
        .catch(() => console.log(`no tab for ${path}`));
      await requests.settled();
      if (await page.getByTestId('page-not-available').count()) this.notAvailable.push(path);
      await this.audit(page, `${who}/${language} ${path}`);
      this.pageSeconds.push([path, (Date.now() - started) / 1000]);
    }
    await context.close();
    return paths.length;
  }

  private report(): void {
    const slowest = [...this.pageSeconds].sort((a, b) => b[1] - a[1]).slice(0, 12);
    const total = this.pageSeconds.reduce((sum, [, seconds]) => sum + seconds, 0);
    if (this.pageSeconds.length) {
      console.log(
        `pages walked: ${this.pageSeconds.length} in ${total.toFixed(0)} s; slowest: ${slowest
          .map(([path, seconds]) => `${path} ${seconds.toFixed(1)} s`)
          .join(', ')}`,
      );
    }
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

/**
 * Counts a page's requests in flight (sockets are not requests), so that a navigation within the app,
 * which has no load event to wait for, can wait until the requests it started have come back.
 */
function trackRequests(page: Page): { settled(): Promise<void> } {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const started = (request: Request) => {
    inFlight.add(request);
    lastChange = Date.now();
  };
  const ended = (request: Request) => {
    inFlight.delete(request);
    lastChange = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    /** Until nothing has been in flight for 300 ms (what follows a list's answer has rendered), at most 8 s. */
    async settled() {
      const deadline = Date.now() + 8000;
      await page.waitForTimeout(50);
      while (Date.now() < deadline && (inFlight.size > 0 || Date.now() - lastChange < 300)) {
        await page.waitForTimeout(50);
      }
    },
  };
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

/**
 * The administrator's menu in each of `languages`, the walks side by side in one browser (each in its
 * own context): a walk waits for every page's requests to settle, and the other walk's audit fills the
 * wait (30 November 2026: the two walks one after the other left a third of the machine idle).
 */
export function describeAdminMenuAudit(
  browser: () => Browser,
  languages: Language[],
  adminPassword: string,
): void {
  const axe = new AxeAudit(browser);
  describe(`accessibility of the administrator menu (${languages.join(', ')})`, () => {
    it('should open a page from every menu entry, none "not available", and find no critical or serious violation on any of them', async () => {
      const walked = await Promise.all(
        languages.map((language) => axe.auditMenu('admin', adminPassword, language, 'admin')),
      );
      for (const pages of walked) expect(pages).toBeGreaterThan(20);
      expect(axe.notAvailable).toEqual([]);
      expect(axe.blocking).toEqual([]);
    }, 600_000);
  });
}
