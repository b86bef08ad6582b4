import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { screenshot, signInAsAdmin, useBrowser } from './browser';

// Issue 30: the database pool monitor is in the monitor menu and shows every service's pool live;
// paused, it stops asking.
const browser = useBrowser();

/** The serious and critical accessibility findings on what the page shows now (as the a11y suite counts). */
async function blockingFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ') ?? ''}`);
}

describe('database pool monitor', () => {
  it("should show, at its menu entry's route, the services' pools and the server, and pause", async () => {
    const { context, page } = await signInAsAdmin(browser());
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/monitor/druid');
    await page.getByTestId('druid-page').waitFor();
    await page.getByTestId('pool-active-identity').waitFor();
    expect(await page.getByTestId('pool-active-identity').textContent()).toMatch(/^\d+ \/ 10$/);
    await page.getByTestId('druid-server').waitFor();
    await screenshot(page, 'druid');
    expect(await blockingFindings(page)).toEqual([]);

    let asked = 0;
    page.on('request', (request) => {
      if (request.url().includes('/monitor/druid')) asked += 1;
    });
    await page.getByTestId('druid-pause').click();
    await expect
      .poll(() => page.getByTestId('druid-pause').getAttribute('aria-pressed'))
      .toBe('true');
    const whilePaused = asked;
    await page.waitForTimeout(4000);
    expect(asked).toBe(whilePaused);
    await page.getByTestId('druid-pause').click();
    await expect.poll(() => asked, { timeout: 8000 }).toBeGreaterThan(whilePaused);
    expect(errors).toEqual([]);
    await context.close();
  });
});
