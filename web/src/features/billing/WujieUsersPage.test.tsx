import type { WujieUserView } from '@platform/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { json, useApiServer } from '../../../test-utils/api-server';
import { render } from '../../../test-utils/render';
import { sessionStore } from '../../lib/auth';
import { WujieUsersPage } from './WujieUsersPage';

window.HTMLElement.prototype.scrollTo ??= () => undefined;
/** The machine the tests share is slow at times: the first render of a table can take seconds. */
const SLOW = { timeout: 10_000 };

const server = useApiServer();
const signedOut = sessionStore.get();
afterEach(() => sessionStore.set(() => signedOut));

const user = (overrides: Partial<WujieUserView> = {}): WujieUserView => ({
  userId: 5,
  userName: '13900000005',
  nickName: 'Eve',
  phonenumber: '13900000005',
  email: null,
  companyName: null,
  createTime: '2026-11-27T10:00:00.000Z',
  linkStatus: 1,
  inviteCode: 'EVE12345',
  invitedCount: 2,
  realNameStatus: 1,
  balance: 300,
  frozen: 40,
  rewardsEarned: 200,
  openFlags: 0,
  ...overrides,
});

const signInAs = (permissions: string[]) =>
  sessionStore.set((s) => ({
    ...s,
    user: { userId: 1, userName: 'admin', admin: true } as NonNullable<typeof s.user>,
    permissions,
  }));

const sent = (method: string, path: string) =>
  server()
    .seen.filter((r) => r.method === method && r.url.startsWith(`/prod-api${path}`))
    .map((r) => JSON.parse(r.body) as Record<string, unknown>);

describe(WujieUsersPage.name, () => {
  it('should show balance, frozen points and real-name status, and change points only with a reason and within the balance', async () => {
    signInAs(['*:*:*']);
    server().on('/wujie/user/list', (_req, res) =>
      json(res, { code: 200, msg: 'ok', rows: [user()], total: 1 }),
    );
    render(<WujieUsersPage />);
    const row = await screen.findByTestId('row-5', {}, SLOW);
    expect(within(row).getByTestId('user-balance').textContent).toBe('300');
    expect(within(row).getByTestId('user-frozen').textContent).toBe('40');
    expect(within(row).getByText('Authenticated')).toBeTruthy();

    fireEvent.click(within(row).getByTestId('user-points'));
    const dialog = await screen.findByTestId('points-dialog', {}, SLOW);
    fireEvent.change(within(dialog).getByTestId('points-change'), { target: { value: '-301' } });
    fireEvent.click(within(dialog).getByTestId('points-submit'));
    expect(await within(dialog).findByText('The user has only 300 points available')).toBeTruthy();
    expect(within(dialog).getByText('Reason cannot be empty')).toBeTruthy();
    expect(sent('POST', '/wujie/order/points/admin/change')).toEqual([]);

    fireEvent.change(within(dialog).getByTestId('points-change'), { target: { value: '-100' } });
    fireEvent.change(within(dialog).getByTestId('points-reason'), {
      target: { value: ' Duplicate sign-up ' },
    });
    fireEvent.click(within(dialog).getByTestId('points-submit'));
    await waitFor(
      () =>
        expect(sent('POST', '/wujie/order/points/admin/change')).toEqual([
          { userId: 5, points: -100, reason: 'Duplicate sign-up' },
        ]),
      SLOW,
    );
  });

  it("should switch a user's invitation link off, and show neither the switch's action nor the points change without their permissions", async () => {
    signInAs(['*:*:*']);
    server().on('/wujie/user/list', (_req, res) =>
      json(res, { code: 200, msg: 'ok', rows: [user()], total: 1 }),
    );
    const view = render(<WujieUsersPage />);
    const row = await screen.findByTestId('row-5', {}, SLOW);
    fireEvent.click(within(row).getByTestId('link-switch'));
    await waitFor(
      () => expect(sent('PUT', '/wujie/user/linkStatus')).toEqual([{ userId: 5, linkStatus: 0 }]),
      SLOW,
    );
    view.unmount();

    signInAs(['wujie:user:list']);
    render(<WujieUsersPage />);
    const readOnly = await screen.findByTestId('row-5', {}, SLOW);
    expect((within(readOnly).getByTestId('link-switch') as HTMLInputElement).disabled).toBe(true);
    expect(within(readOnly).queryByTestId('user-points')).toBeNull();
    expect(within(readOnly).queryByTestId('user-restore-frozen')).toBeNull();
  });
});
