import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { render } from '../../../test-utils/render';
import { AuthCallbackPage } from './AuthCallbackPage';
import { confirmCallback } from './realname.api';

vi.mock('./realname.api', () => ({ confirmCallback: vi.fn() }));

const stateOf = async (expected: string) => {
  const page = await screen.findByTestId('auth-callback');
  await vi.waitFor(() => expect(page.dataset.state).toBe(expected));
  return page;
};

describe(AuthCallbackPage.name, () => {
  beforeEach(() => vi.mocked(confirmCallback).mockReset());

  it('should say succeeded only when the server confirmed the certification', async () => {
    vi.mocked(confirmCallback).mockResolvedValue({ passed: true });
    render(<AuthCallbackPage authCode="code-1" />);
    const page = await stateOf('passed');
    expect(page.textContent).toContain('Authentication succeeded');
    expect(confirmCallback).toHaveBeenCalledWith('code-1');
  });

  it('should not say succeeded when Alipay has not passed it', async () => {
    vi.mocked(confirmCallback).mockResolvedValue({ passed: false });
    render(<AuthCallbackPage authCode="code-2" />);
    const page = await stateOf('not-passed');
    expect(page.textContent).not.toContain('succeeded');
    expect(page.textContent).toContain('has not been confirmed');
  });

  it('should ask to scan again without a code, calling nothing', async () => {
    render(<AuthCallbackPage authCode={null} />);
    const page = await stateOf('missing');
    expect(page.textContent).toContain('authorization code is missing');
    expect(confirmCallback).not.toHaveBeenCalled();
  });
});
