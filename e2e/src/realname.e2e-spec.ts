import { beforeAll, describe, expect, it } from 'vitest';

import { registerUser } from './api';
import { openContext, pageApi, screenshot, signIn, signInAsAdmin, useBrowser } from './browser';

// Real-name authentication (issue 15) without Alipay keys: the form checks the name and the ID number
// (spec §5, checksum included) before anything is sent, the request waits for an administrator, and
// after the approval the page shows only the masked name and number.

const browser = useBrowser();
const PASSWORD = 'Real#Name2026';
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];

/** A valid resident ID number unique to this run (one account per number): body + its check character. */
function freshIdNumber(): string {
  const body = `110101${1960 + (Date.now() % 40)}0101${String(Date.now()).slice(-3)}`;
  const sum = WEIGHTS.reduce((total, w, i) => total + w * Number(body[i]), 0);
  return body + '10X98765432'[sum % 11];
}

describe('real-name authentication', () => {
  let phone: string;

  beforeAll(async () => {
    phone = await registerUser(PASSWORD);
  });

  it('should validate the form, and show the masked result after the administrator approves', async () => {
    const idNumber = freshIdNumber();
    const wrongCheck = idNumber.slice(0, 17) + (idNumber[17] === '0' ? '1' : '0');
    const userContext = await openContext(browser());
    const user = await userContext.newPage();
    await user.goto('/login');
    await signIn(user, phone, PASSWORD);
    await user.waitForURL('**/wujie/char/talk');
    await user.goto('/user/realname');
    const form = user.getByTestId('realname-form');
    await form.waitFor();

    // Required fields, then a wrong check digit: refused in the browser, nothing submitted.
    await user.getByTestId('realname-submit').click();
    await form.getByText('姓名不能为空').waitFor();
    await form.getByText('身份证号不能为空').waitFor();
    await user.getByTestId('realname-name').fill('张三');
    await user.getByTestId('realname-no').fill(wrongCheck);
    await user.getByTestId('realname-submit').click();
    await form.getByText('身份证号校验位不正确，请核对').waitFor();
    await user.getByTestId('realname-no').fill('1101051949');
    await user.getByTestId('realname-submit').click();
    await form.getByText('身份证号须为 18 位').waitFor();
    await screenshot(user, 'realname-form-errors');
    const none = await pageApi<{ state: string }>(user, 'GET', '/ali/identity/result');
    expect(none.state).toBe('none');

    await user.getByTestId('realname-no').fill(idNumber);
    await user.getByTestId('realname-submit').click();
    const pending = user.getByTestId('realname-pending');
    await pending.waitFor();
    const masked = `${idNumber.slice(0, 4)}********${idNumber.slice(-4)}`;
    expect(await pending.getByTestId('realname-masked-name').textContent()).toBe('张*');
    expect(await pending.getByTestId('realname-masked-no').textContent()).toBe(masked);
    expect(await user.content()).not.toContain(idNumber);

    // The administrator finds the request (masked too) and approves it.
    const info = await pageApi<{ user: { userId: number; userName: string } }>(
      user,
      'GET',
      '/getInfo',
    );
    const { context: adminContext, page: admin } = await signInAsAdmin(browser());
    await admin.goto('/wujie/realname');
    const row = admin.locator('tr', { hasText: info.user.userName });
    await row.getByText(masked).waitFor();
    expect(await admin.content()).not.toContain(idNumber);
    await screenshot(admin, 'realname-review');
    await row.getByTestId('realname-approve').click();
    await admin.getByTestId('confirm-ok').click();
    await admin.locator('tr', { hasText: info.user.userName }).waitFor({ state: 'detached' });
    await adminContext.close();

    await user.reload();
    const verified = user.getByTestId('realname-verified');
    await verified.waitFor();
    expect(await verified.getByTestId('realname-masked-name').textContent()).toBe('张*');
    expect(await verified.getByTestId('realname-masked-no').textContent()).toBe(masked);
    expect(await user.content()).not.toContain(idNumber);
    await screenshot(user, 'realname-verified');
    await userContext.close();
  });
});
