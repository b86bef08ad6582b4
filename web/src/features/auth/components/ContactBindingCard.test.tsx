import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { json, useApiServer } from '../../../../test-utils/api-server';
import { render } from '../../../../test-utils/render';
import { ContactBindingCard } from './ContactBindingCard';

const api = useApiServer();

describe(ContactBindingCard.name, () => {
  it('should refuse the current e-mail before sending, then bind a new one with its code', async () => {
    let changed = 0;
    api().on('/wujie/user/bindEmail', (_req, res) =>
      json(res, { code: 200, msg: 'ok', data: { email: 'new@example.com' } }),
    );
    render(
      <ContactBindingCard
        qu="86"
        phonenumber="13900000000"
        email="old@example.com"
        onChanged={() => (changed += 1)}
      />,
    );
    const form = screen.getByTestId('email-change');
    const address = within(form).getByRole('textbox', { name: 'New email' });
    await userEvent.type(address, 'OLD@example.com');
    await userEvent.click(within(form).getByTestId('send-code'));
    expect(
      await within(form).findByText('The new email must differ from the current one'),
    ).toBeTruthy();
    expect(api().seen.some((r) => r.url.includes('sendEmailCode'))).toBe(false);

    await userEvent.clear(address);
    await userEvent.type(address, 'new@example.com');
    await userEvent.click(within(form).getByTestId('send-code'));
    await waitFor(() =>
      expect(api().seen.find((r) => r.url.includes('sendEmailCode'))?.body).toBe(
        JSON.stringify({ email: 'new@example.com', scene: 'bind' }),
      ),
    );
    await userEvent.type(within(form).getByTestId('code-input'), '123456');
    await userEvent.click(within(form).getByRole('button', { name: 'Change email' }));
    await waitFor(() => expect(changed).toBe(1));
    const bind = api().seen.find((r) => r.url.includes('bindEmail'))!;
    expect(JSON.parse(bind.body)).toEqual({ email: 'new@example.com', captcha: '123456' });
  });

  it('should refuse the current phone number before sending', async () => {
    render(
      <ContactBindingCard qu="86" phonenumber="13900000000" email={null} onChanged={() => {}} />,
    );
    const form = screen.getByTestId('phone-change');
    await userEvent.type(
      within(form).getByRole('textbox', { name: 'New phone number' }),
      '13900000000',
    );
    await userEvent.click(within(form).getByTestId('send-code'));
    expect(
      await within(form).findByText('The new phone number must differ from the current one'),
    ).toBeTruthy();
    expect(api().seen.some((r) => r.url.includes('sendSmsCode'))).toBe(false);
    expect(screen.getByRole('button', { name: 'Bind email' })).toBeTruthy();
  });
});
