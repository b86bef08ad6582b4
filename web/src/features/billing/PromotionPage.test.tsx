import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { json, useApiServer } from '../../../test-utils/api-server';
import { render } from '../../../test-utils/render';
import { sessionStore } from '../../lib/auth';
import { inviteLink, PromotionPage } from './PromotionPage';

window.HTMLElement.prototype.scrollTo ??= () => undefined;
const SLOW = { timeout: 10_000 };

const server = useApiServer();
const signedOut = sessionStore.get();
afterEach(() => sessionStore.set(() => signedOut));

describe(PromotionPage.name, () => {
  it('should build the sign-up link with the code on the register panel', () => {
    expect(inviteLink('https://ab.example.com', 'AB 12')).toBe(
      'https://ab.example.com/login?panel=register&inviteCode=AB%2012',
    );
  });

  it("should show the user's code, link, figures, rewards and invited users, and the link switched off live", async () => {
    sessionStore.set((s) => ({
      ...s,
      user: { userId: 4, userName: 'bob', admin: false } as NonNullable<typeof s.user>,
      permissions: ['wujie:promotion:view'],
    }));
    server().on('/wujie/user/promotion', (_req, res) =>
      json(res, {
        code: 200,
        msg: 'ok',
        data: {
          userId: 4,
          inviteCode: 'BOB4CODE',
          linkStatus: 1,
          invitedCount: 1,
          rewardsEarned: 100,
        },
      }),
    );
    server().on('/wujie/reward/config/list', (_req, res) =>
      json(res, {
        code: 200,
        msg: 'ok',
        data: [
          {
            key: 'points.inviter.reward',
            reason: 'inviter',
            name: 'Referral reward',
            points: 100,
            defaultPoints: 100,
          },
        ],
      }),
    );
    server().on('/wujie/user/promotion/invited', (_req, res) =>
      json(res, {
        code: 200,
        msg: 'ok',
        rows: [
          {
            userId: 9,
            nickName: 'Carol',
            createTime: '2026-11-27T10:00:00.000Z',
            realNameStatus: 0,
          },
        ],
        total: 1,
      }),
    );
    render(<PromotionPage />);
    const code = (await screen.findByTestId('invite-code', {}, SLOW)) as HTMLInputElement;
    expect(code.value).toBe('BOB4CODE');
    expect((screen.getByTestId('invite-link') as HTMLInputElement).value).toBe(
      inviteLink(window.location.origin, 'BOB4CODE'),
    );
    expect(screen.getByTestId('invited-count').textContent).toBe('1');
    expect(screen.getByTestId('rewards-earned').textContent).toBe('100');
    expect(screen.getByLabelText('Copy the code')).toBeTruthy();
    expect(screen.getByLabelText('Copy the link')).toBeTruthy();
    await screen.findByAltText('QR code of your invitation link', {}, SLOW);
    expect(
      within(await screen.findByTestId('reward-config', {}, SLOW)).getByText('100 points'),
    ).toBeTruthy();
    expect(await screen.findByText('Carol', {}, SLOW)).toBeTruthy();
    expect(screen.getByTestId('link-status').getAttribute('data-enabled')).toBe('1');
    expect(screen.queryByTestId('link-disabled-notice')).toBeNull();

    // The socket's '0' sets the session's link status (MainLayout): the page follows without a reload.
    act(() => sessionStore.set((s) => ({ ...s, linkStatus: 0 })));
    await waitFor(() =>
      expect(screen.getByTestId('link-status').getAttribute('data-enabled')).toBe('0'),
    );
    expect(screen.getByTestId('link-disabled-notice')).toBeTruthy();
  });
});
