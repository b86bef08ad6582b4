import { Redis } from 'ioredis';
import { afterAll, describe, expect, inject, it } from 'vitest';

import { openContext, screenshot, signIn, useBrowser } from './browser';
import { ADMIN_PASSWORD } from './stack';

const browser = useBrowser();
const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0');
afterAll(() => redis.quit());

/** What any service does to reach a user live: publish on the namespace's user-push channel. */
function push(userId: number, payload: string | Record<string, unknown>) {
  const message = {
    userId,
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  };
  return redis.publish(`${inject('namespace')}:user-push`, JSON.stringify(message));
}

/** Pushes until the page's socket is connected and shows the text (the socket opens after sign-in). */
async function pushUntilShown(
  page: import('playwright-core').Page,
  payload: Parameters<typeof push>[1],
  text: string,
) {
  for (let i = 0; i < 40; i += 1) {
    await push(1, payload);
    if (
      await page
        .getByText(text)
        .first()
        .isVisible()
        .catch(() => false)
    )
      return;
    await page.waitForTimeout(250);
  }
  throw new Error(`"${text}" never appeared`);
}

describe('socket notices', () => {
  it('should show a pushed notice in the current language, and plain text as it is', async () => {
    const context = await openContext(browser());
    const page = await context.newPage();
    await page.goto('/login');
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await page.waitForURL('**/wujie/char/talk');

    await pushUntilShown(
      page,
      { type: 'notice', message: '任务已完成', messageEn: 'Task finished' },
      '任务已完成',
    );
    await screenshot(page, 'socket-notice-zh');
    await pushUntilShown(page, 'Plain text from the server', 'Plain text from the server');
    await push(1, { type: 'agentStatus', message: '不应显示', messageEn: 'must not show' });
    await page.waitForTimeout(500);
    expect(await page.getByText('不应显示').count()).toBe(0);
    await context.close();
  });
});
