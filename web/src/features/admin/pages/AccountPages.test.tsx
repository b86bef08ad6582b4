import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { json, useApiServer } from '../../../../test-utils/api-server';
import { render } from '../../../../test-utils/render';
import { ProfilePage, UserInfoPage } from './AccountPages';

const api = useApiServer();

const profile = {
  user: {
    userId: 5,
    userName: 'sci1',
    nickName: 'Scientist',
    sex: '2',
    deptId: 100,
    deptName: '总部',
    deptNameEn: 'Head office',
    createTime: '2026-11-28T08:31:00.000Z',
    avatar: '',
  },
  roleGroup: 'Ordinary user',
  postGroup: 'Project manager',
};

describe(ProfilePage.name, () => {
  it('should show loading, then a failure with a retry, then the profile in the reader’s language', async () => {
    let fail = true;
    api().on('/system/user/profile', (_req, res) =>
      fail
        ? json(res, { code: 500, msg: 'down' })
        : json(res, { code: 200, msg: 'ok', data: profile }),
    );
    render(<ProfilePage />);
    expect(screen.getByTestId('page-loading')).toBeTruthy();
    const error = await screen.findByTestId('load-error');
    fail = false;
    await userEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    const page = await screen.findByTestId('profile-page');
    expect(within(page).getByText('Head office')).toBeTruthy();
    expect(within(page).queryByText('总部')).toBeNull();
    expect(within(page).getByText('Ordinary user')).toBeTruthy();
    const asked = api().seen.filter((r) => r.url.startsWith('/prod-api/system/user/profile'));
    expect(asked.at(-1)!.headers.lang).toBe('en');
  });
});

describe(UserInfoPage.name, () => {
  it('should let the user edit their details and bind their phone and e-mail', async () => {
    api().on('/system/user/profile', (_req, res) =>
      json(res, {
        code: 200,
        msg: 'ok',
        data: { ...profile, user: { ...profile.user, qu: '86', phonenumber: '13900000000' } },
      }),
    );
    render(<UserInfoPage />);
    const page = await screen.findByTestId('user-info-page');
    expect(within(page).getByRole('heading', { name: 'Edit user' })).toBeTruthy();
    expect(within(page).getByRole('textbox', { name: 'Nickname' })).toHaveProperty(
      'value',
      'Scientist',
    );
    expect(within(page).getByRole('button', { name: 'Change phone' })).toBeTruthy();
    expect(within(page).getByRole('button', { name: 'Bind email' })).toBeTruthy();
  });
});
