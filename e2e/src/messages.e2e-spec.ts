import { beforeAll, describe, expect, it } from 'vitest';

import { registerUser } from './api';
import { openContext, pageApi, signIn, signInAsAdmin, useBrowser } from './browser';

// In-app messages (issue 15): the bell in the header counts a message the administrator sends while
// the user is on another page, without a reload (the socket's push makes it count again), and the
// user reads it on the Messages page.

const browser = useBrowser();
const PASSWORD = 'Msg#User2026';

describe('in-app messages', () => {
  let phone: string;

  beforeAll(async () => {
    phone = await registerUser(PASSWORD);
  });

  it('should raise the bell count live when the administrator sends a message, and mark it read', async () => {
    const userContext = await openContext(browser());
    const user = await userContext.newPage();
    await user.goto('/login');
    await signIn(user, phone, PASSWORD);
    await user.waitForURL('**/wujie/char/talk');
    // The chat's first-visit tour is not what this test is about: mark it seen and load the page again.
    await pageApi(user, 'GET', '/system/user/profile/updatetour/1');
    const socketOpened = user.waitForEvent('websocket', { timeout: 30_000 });
    await user.reload();
    await socketOpened;
    const bell = user.getByTestId('message-bell-count');
    await bell.waitFor();
    // Signing up may already have brought a message (a registration reward credited): count from here.
    const before = await pageApi<{ count: number }>(user, 'GET', '/wujie/message/unreadCount');
    await user
      .locator(`[data-testid="message-bell-count"][data-count="${before.count}"]`)
      .waitFor();
    const info = await pageApi<{ user: { userId: number } }>(user, 'GET', '/getInfo');
    // The push only reaches a socket that is open (a frame sent before would be, by design, only in
    // the unread list): the hub registers the socket once its upgrade is answered; give that a moment.
    await user.waitForTimeout(1000);

    const { context: adminContext, page: admin } = await signInAsAdmin(browser());
    await admin.goto('/wujie/message');
    await admin.getByTestId('message-compose').click();
    const form = admin.getByTestId('send-message-form');
    await form.waitFor();
    await form.getByTestId('message-user-id').fill(String(info.user.userId));
    await form.getByTestId('message-title').fill('组会改到周五');
    await form.getByTestId('message-titleEn').fill('Group meeting moved to Friday');
    await form.getByTestId('message-content').fill('下午三点，302 会议室');
    await form.getByTestId('message-contentEn').fill('3 pm, room 302');
    // No reload on the user's side: the pushed frame shows a notice (for a few seconds) and counts
    // the bell again. Both are watched from before the send.
    const noticed = user
      .getByText('组会改到周五')
      .filter({ visible: true })
      .first()
      .waitFor({ timeout: 15_000 });
    const counted = user
      .locator(`[data-testid="message-bell-count"][data-count="${before.count + 1}"]`)
      .waitFor({ timeout: 15_000 });
    await form.getByTestId('message-send').click();
    await form.waitFor({ state: 'hidden' });
    await Promise.all([noticed, counted]);

    await user.getByTestId('message-bell').click();
    await user.waitForURL('**/wujie/message');
    const row = user.locator('tr', {
      has: user.locator('[data-testid="message-row"][data-read="0"]', { hasText: '组会改到周五' }),
    });
    await row.getByText('下午三点，302 会议室').waitFor();
    await row.getByTestId('message-mark-read').click();
    await user
      .locator(`[data-testid="message-bell-count"][data-count="${before.count}"]`)
      .waitFor();
    await user
      .locator('[data-testid="message-row"][data-read="1"]', { hasText: '组会改到周五' })
      .waitFor();

    // The administrator's own list does not hold the user's message.
    const adminMessages = await pageApi<{ title: string }[]>(admin, 'GET', '/wujie/message/list');
    expect(adminMessages.map((m) => m.title)).not.toContain('组会改到周五');
    await adminContext.close();
    await userContext.close();
  });
});
