import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { blockingFindings } from './a11y';
import { screenshot, signInAsAdmin, signInAsNewUser, useBrowser } from './browser';

// Issue 30: the dashboard draws the platform's figures for an administrator and a user's own for
// everyone else; the bigscreen shows the same platform figures on a wall, without a console error.
const browser = useBrowser();

/** Console errors and uncaught exceptions of the page from now on. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * Adds missions and orders to the platform's figures the page receives, so the donuts draw slices
 * whether or not earlier tests left any (a fresh platform has none; the full run has some, and its
 * slices once failed axe's svg-img-alt there only).
 */
async function withSlices(page: Page): Promise<void> {
  await page.route('**/prod-api/dashboard/platform*', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    const today = new Date().toISOString().slice(0, 10);
    body.data.missions?.missions.push(
      { day: today, workflowId: 1, workflowName: '抗体人源化', status: 'completed', count: 3 },
      { day: today, workflowId: 2, workflowName: 'Epitopes', status: 'error', count: 1 },
    );
    body.data.points?.orders.push({ status: 'completed', count: 2 });
    await route.fulfill({ response, json: body });
  });
}

const chart = (page: Page, testId: string) =>
  page.locator(`[data-testid="${testId}"] .recharts-surface`).first();

describe('dashboard and bigscreen', () => {
  it('should render the bigscreen with charts, service health and no console error', async () => {
    const { context, page } = await signInAsAdmin(browser());
    const errors = collectErrors(page);
    await withSlices(page);
    await page.goto('/bigscreen');
    await page.getByTestId('platform-figures').waitFor();
    await chart(page, 'chart-signups').waitFor();
    for (const panel of ['chart-missions', 'chart-points', 'chart-orders'])
      await page.getByTestId(panel).waitFor();
    await chart(page, 'chart-orders').waitFor();
    await page.getByTestId('health-identity').waitFor();
    expect(await page.getByTestId('health-identity').textContent()).toContain('UP');
    expect(Number(await page.getByTestId('stat-users-value').textContent())).toBeGreaterThan(0);
    await page.getByTestId('bigscreen-clock').waitFor();
    await screenshot(page, 'bigscreen');
    expect(errors).toEqual([]);
    expect(await blockingFindings(page)).toEqual([]);
    await context.close();
  });

  it("should show an administrator the platform's charts on the dashboard", async () => {
    const { context, page } = await signInAsAdmin(browser());
    const errors = collectErrors(page);
    await withSlices(page);
    await page.goto('/index');
    await page.getByTestId('platform-figures').waitFor();
    await chart(page, 'chart-signups').waitFor();
    for (const panel of ['chart-missions', 'chart-workflows', 'chart-orders', 'service-health'])
      await page.getByTestId(panel).waitFor();
    await screenshot(page, 'dashboard-admin');
    expect(errors).toEqual([]);
    expect(await blockingFindings(page)).toEqual([]);
    await context.close();
  });

  it('should show a user their own figures and not the platform', async () => {
    const { context, page } = await signInAsNewUser(browser(), 'Dash#Board2026');
    await page.goto('/index');
    await page.getByTestId('personal-figures').waitFor();
    await expect
      .poll(() => page.getByTestId('stat-my-unread-value').textContent())
      .toMatch(/^\d+$/);
    expect(await page.getByTestId('stat-my-missions-value').textContent()).toBe('0');
    await page.getByTestId('chart-my-missions').getByTestId('figure-empty').waitFor();
    expect(await page.getByTestId('platform-figures').count()).toBe(0);
    expect(await blockingFindings(page)).toEqual([]);
    await context.close();
  });
});
