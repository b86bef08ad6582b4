import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { blockingFindings } from './a11y';
import { registerUser } from './api';
import { openContext, pageApi, screenshot, signIn, signInAsAdmin, useBrowser } from './browser';

// Issue 14's browser test: a new user recharges by remittance (proof uploaded), the administrator
// verifies the order, the user's balance rises and the ledger shows the entry; then the
// administrator disables the user's invitation link and the user sees it live (socket '0').

const browser = useBrowser();
const PASSWORD = 'E2e#Billing2024';
/** A real 1×1 PNG: the gateway checks an upload's type by its content. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * No critical or serious axe-core violation (WCAG 2.0/2.1 A and AA, best practices) inside the part of
 * the page these screens own (the shell is the accessibility test's).
 */
async function expectAccessible(page: Page, testId: string) {
  expect(await blockingFindings(page, `[data-testid="${testId}"]`)).toEqual([]);
}

async function signInAs(phone: string): Promise<Page> {
  const context = await openContext(browser());
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page, phone, PASSWORD);
  await page.waitForURL('**/wujie/char/talk');
  return page;
}

/** The row of a list whose text has `text`, after searching the list's filter `field` for it. */
async function searchRow(page: Page, list: string, field: string, text: string) {
  const scope = page.getByTestId(list);
  await scope.getByTestId(`field-${field}`).fill(text);
  await scope.getByTestId('search').click();
  const row = scope.locator('tbody tr', { hasText: text });
  await row.first().waitFor();
  return row.first();
}

describe('billing screens', () => {
  it('should credit a remittance recharge once the administrator verifies it, and show the disabled link live', async () => {
    const { page: admin } = await signInAsAdmin(browser(), { logErrors: true });
    const phone = await registerUser(PASSWORD);
    const user = await signInAs(phone);
    const before = await pageApi<{ balance: number }>(user, 'GET', '/wujie/points/account');

    // Step 1: top-up information.
    await user.goto('/wujie/recharge');
    await user.getByTestId('recharge-wizard').waitFor();
    await user.getByTestId('topup-next').click();
    await user.getByText('姓名不能为空').waitFor();
    await expectAccessible(user, 'recharge-page');
    // A chip's input is visually hidden; its label is what a user clicks.
    await user.getByTestId('preset-100').locator('xpath=following-sibling::label').click();
    await user.getByTestId('topup-fullName').fill('E2E User');
    await user.getByTestId('topup-country').fill('China');
    await user.getByTestId('topup-address').fill('No. 1 Test Road');
    await user.getByTestId('topup-next').click();

    // Step 2: pay by remittance (bank details, proof upload), then "I have paid".
    const summary = user.getByTestId('order-summary');
    await summary.waitFor();
    const orderNo = (await summary.getAttribute('data-order-no')) ?? '';
    const points = Number(await summary.getAttribute('data-points'));
    expect(orderNo).not.toBe('');
    expect(points).toBeGreaterThan(0);
    await user.getByTestId('remittance-payment').waitFor();
    await user.getByTestId('mark-paid').click();
    await user.getByText('请上传文件').waitFor();
    await expectAccessible(user, 'recharge-page');
    await user
      .getByTestId('remittance-payment')
      .locator('input[type="file"]')
      .setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: PNG });
    await user.getByTestId('mark-paid').click();

    // Steps 3 and 4: finish, result; home again after the visible 10 s countdown.
    await user.getByTestId('recharge-finish-next').click();
    const result = user.getByTestId('recharge-result');
    await result.waitFor();
    expect(await result.getAttribute('data-status')).toBe('pending_verification');
    await user.getByTestId('back-home-countdown').waitFor();
    await expectAccessible(user, 'recharge-page');
    expect(await user.getByTestId('back-home-countdown').textContent()).toMatch(/\d+ 秒后返回首页/);
    await screenshot(user, 'billing-recharge-result');
    await user.waitForURL('**/wujie/char/talk', { timeout: 15_000 });

    // The administrator verifies the payment.
    await admin.goto('/wujie/recharge');
    await admin.getByTestId('tab-admin-orders').click();
    const order = await searchRow(admin, 'admin-orders', 'orderNo', orderNo);
    expect(await order.getByTestId('order-status').textContent()).toBe('待审核');
    await order.getByTestId('file-proof').waitFor();
    await order.getByTestId('order-verify').click();
    await admin.getByTestId('dialog-verify').waitFor();
    await expectAccessible(admin, 'recharge-page');
    await expectAccessible(admin, 'dialog-verify');
    await admin.getByTestId('dialog-confirm').click();
    await admin.getByTestId('dialog-verify').waitFor({ state: 'detached' });
    await expect
      .poll(() => order.getByTestId('order-status').textContent(), { timeout: 10_000 })
      .toBe('已完成');

    // The user's balance rose by the order's points and the ledger shows the signed entry.
    await user.goto('/user/profile');
    await user.getByTestId('personal-billing').waitFor();
    await expect
      .poll(async () => Number(await user.getByTestId('points-balance').textContent()), {
        timeout: 10_000,
      })
      .toBe(before.balance + points);
    const entry = user.getByTestId('points-ledger').locator('tbody tr').first();
    await entry.waitFor();
    expect(await entry.getByTestId('entry-points').textContent()).toBe(`+${points}`);
    expect(await entry.getByTestId('entry-reason').textContent()).toBe('积分充值');
    await user.getByTestId('tab-my-orders').click();
    const mine = user.getByTestId('my-orders').locator('tbody tr', { hasText: orderNo });
    expect(await mine.getByTestId('order-status').textContent()).toBe('已完成');
    await expectAccessible(user, 'personal-billing');
    await screenshot(user, 'billing-my-points');

    // The administrator disables the user's invitation link; the user sees it live.
    await user.goto('/user/promotion');
    const status = user.getByTestId('link-status');
    await status.waitFor();
    expect(await status.getAttribute('data-enabled')).toBe('1');
    await expectAccessible(user, 'promotion-page');
    await admin.goto('/wujie/user');
    const row = await searchRow(admin, 'wujie-users', 'phonenumber', phone);
    expect(Number(await row.getByTestId('user-balance').textContent())).toBe(
      before.balance + points,
    );
    await expectAccessible(admin, 'wujie-users-page');
    await row.locator('.mantine-Switch-track').click();
    await expect
      .poll(() => row.getByTestId('link-switch').isChecked(), { timeout: 10_000 })
      .toBe(false);
    await user.getByText('您的邀请链接已被管理员停用').first().waitFor({ timeout: 20_000 });
    await expect.poll(() => status.getAttribute('data-enabled'), { timeout: 10_000 }).toBe('0');
    await user.getByTestId('link-disabled-notice').waitFor();
    await screenshot(user, 'billing-link-disabled');
  }, 240_000);
});
