import type { UserInfoView } from '@platform/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';

import { json, useApiServer } from '../../../../test-utils/api-server';
import { render } from '../../../../test-utils/render';
import { clearSession, sessionStore } from '../../../lib/auth';
import { MaintenanceNotice } from './MaintenanceNotice';

const api = useApiServer();

function signIn(admin: boolean) {
  sessionStore.set({
    user: { userId: admin ? 1 : 7, userName: 'u', admin } as UserInfoView['user'],
    roles: admin ? ['admin'] : ['common'],
    permissions: [],
    routes: [],
  });
}

describe(MaintenanceNotice.name, () => {
  afterEach(() => clearSession());

  it('should show a user the notice to contact support while maintenance is on', async () => {
    api().on('/maintenance', (_req, res) =>
      json(res, { code: 200, msg: 'ok', data: { enabled: true } }),
    );
    signIn(false);
    render(<MaintenanceNotice onLogout={() => undefined} />);
    expect(
      await screen.findByText('The system is under maintenance, please contact support.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
    api().on('/wujie/user/servicestatus', (_req, res) =>
      json(res, { code: 200, msg: 'ok', data: { status: 'none', requestedAt: null } }),
    );
    api().on('/wujie/user/gogetservicestatus', (_req, res) =>
      json(res, {
        code: 200,
        msg: 'ok',
        data: { status: 'requested', requestedAt: '2026-11-29T08:00:00.000Z' },
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Contact support' }));
    expect(await screen.findByTestId('service-requested')).toBeTruthy();
    expect(api().seen.filter((r) => r.url.includes('gogetservicestatus'))).toHaveLength(1);
  });

  it('should only remind an administrator, who keeps working', async () => {
    api().on('/maintenance', (_req, res) =>
      json(res, { code: 200, msg: 'ok', data: { enabled: true } }),
    );
    signIn(true);
    render(<MaintenanceNotice onLogout={() => undefined} />);
    expect(await screen.findByTestId('maintenance-banner')).toBeTruthy();
    expect(screen.queryByTestId('maintenance-notice')).toBeNull();
  });

  it('should show nothing while maintenance is off', async () => {
    let asked = false;
    api().on('/maintenance', (_req, res) => {
      asked = true;
      json(res, { code: 200, msg: 'ok', data: { enabled: false } });
    });
    signIn(false);
    render(<MaintenanceNotice onLogout={() => undefined} />);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(asked).toBe(true);
    expect(screen.queryByTestId('maintenance-notice')).toBeNull();
  });
});
