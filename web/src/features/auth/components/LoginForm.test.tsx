import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { json, useApiServer } from '../../../../test-utils/api-server';
import { render } from '../../../../test-utils/render';
import { getToken } from '../../../lib/auth';
import { LoginForm } from './LoginForm';

const server = useApiServer();
beforeEach(() => {
  server().on('/captchaImage', (_req, res) =>
    json(res, { code: 200, msg: '', data: { captchaEnabled: false, uuid: '', img: '' } }),
  );
});

function fill(identifier: string, password: string) {
  fireEvent.change(screen.getByTestId('login-identifier'), { target: { value: identifier } });
  fireEvent.change(screen.getByTestId('login-password'), { target: { value: password } });
}

describe(LoginForm.name, () => {
  it('should show the identifier format error and send nothing', async () => {
    render(<LoginForm onSignedIn={() => undefined} onSwitch={() => undefined} />);
    fill('someone@', 'Secret1!');
    fireEvent.click(screen.getByTestId('login-submit'));
    await screen.findByText('Email or phone number format error');
    expect(server().seen.some((r) => r.url.startsWith('/prod-api/login'))).toBe(false);
  });

  it('should not sign in before the agreement box is ticked', async () => {
    render(<LoginForm onSignedIn={() => undefined} onSwitch={() => undefined} />);
    fill('admin', 'Secret1!');
    fireEvent.click(screen.getByTestId('login-submit'));
    await new Promise((r) => setTimeout(r, 50));
    expect(server().seen.some((r) => r.url.startsWith('/prod-api/login'))).toBe(false);
  });

  it('should sign in by e-mail and keep the token', async () => {
    let signedIn = false;
    server().on('/login', (_req, res) =>
      json(res, { code: 200, msg: '', data: { token: 'tok-9' } }),
    );
    render(<LoginForm onSignedIn={() => (signedIn = true)} onSwitch={() => undefined} />);
    fill('someone@example.com', 'Secret1!');
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(signedIn).toBe(true));
    const call = server().seen.find((r) => r.url.startsWith('/prod-api/login'))!;
    expect(call.url).toBe('/prod-api/login?lang=en');
    expect(JSON.parse(call.body)).toEqual({ email: 'someone@example.com', password: 'Secret1!' });
    expect(call.headers.authorization).toBeUndefined();
    expect(getToken()).toBe('tok-9');
  });

  it("should show the server's message when the password is wrong", async () => {
    server().on('/login', (_req, res) =>
      json(res, { code: 500, msg: 'Incorrect account or password' }),
    );
    render(<LoginForm onSignedIn={() => undefined} onSwitch={() => undefined} />);
    fill('admin', 'Wrong1!x');
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('login-submit'));
    await screen.findByText('Incorrect account or password');
    expect(getToken()).toBeUndefined();
  });
});
