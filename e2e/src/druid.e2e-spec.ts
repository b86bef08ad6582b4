import { describe, expect, it } from 'vitest';

import { blockingFindings } from './a11y';
import { screenshot, signInAsAdmin, useBrowser } from './browser';

// Issue 30: the database pool monitor is in the monitor menu and shows every service's pool live;
// paused, it stops asking.
const browser = useBrowser();

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
