import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { json, useApiServer } from '../../../test-utils/api-server';
import { render } from '../../../test-utils/render';
import { CockpitPage } from './CockpitPage';

const server = useApiServer();
const TICKET_URL = '/operaton/sso?ticket=t1';

/** A stand-in for the tab window.open returns. */
function fakeTab() {
  return { opener: {} as unknown, location: { href: 'about:blank' }, close: vi.fn() };
}

afterEach(() => vi.restoreAllMocks());

describe(CockpitPage.name, () => {
  it('should open a new tab first and send it to the ticket address', async () => {
    server().on('/engine/cockpit/ticket', (_req, res) =>
      json(res, {
        code: 200,
        msg: 'ok',
        data: { ticket: 't1', url: TICKET_URL, expiresInSeconds: 30 },
      }),
    );
    const tab = fakeTab();
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    render(<CockpitPage />);
    fireEvent.click(screen.getByTestId('open-cockpit'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    await screen.findByTestId('cockpit-opened');
    expect(tab.location.href).toBe(TICKET_URL);
    expect(tab.opener).toBeNull();
    const [request] = server().seen;
    expect(request).toMatchObject({ method: 'POST', url: '/prod-api/engine/cockpit/ticket' });
    expect(request!.headers.repeatsubmit).toBe('false');
  });

  it('should show the server’s message and close the blank tab when no ticket is given', async () => {
    server().on('/engine/cockpit/ticket', (_req, res) =>
      json(res, { code: 500, msg: 'Engine operations (Cockpit) are not available' }),
    );
    const tab = fakeTab();
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    render(<CockpitPage />);
    fireEvent.click(screen.getByTestId('open-cockpit'));
    const alert = await screen.findByTestId('cockpit-error');
    expect(alert.textContent).toContain('Engine operations (Cockpit) are not available');
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe('about:blank');
    expect(screen.getByTestId('open-cockpit').textContent).toContain('Try again');
  });

  it('should show that it is opening while the ticket is on its way', async () => {
    let answer: () => void = () => undefined;
    server().on('/engine/cockpit/ticket', (_req, res) => {
      answer = () =>
        json(res, {
          code: 200,
          msg: 'ok',
          data: { ticket: 't1', url: TICKET_URL, expiresInSeconds: 30 },
        });
    });
    vi.spyOn(window, 'open').mockReturnValue(fakeTab() as unknown as Window);
    render(<CockpitPage />);
    fireEvent.click(screen.getByTestId('open-cockpit'));
    await screen.findByTestId('cockpit-opening');
    expect(screen.getByTestId('open-cockpit-here').hasAttribute('disabled')).toBe(true);
    await waitFor(() => expect(server().seen).toHaveLength(1));
    answer();
    await screen.findByTestId('cockpit-opened');
    expect(screen.queryByTestId('cockpit-opening')).toBeNull();
  });
});
