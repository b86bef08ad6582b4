import type { PayConfigView } from '@platform/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { json, useApiServer } from '../../../../test-utils/api-server';
import { render } from '../../../../test-utils/render';
import { TopUpForm } from './TopUpForm';

const server = useApiServer();

const calls = (path: string) => server().seen.filter((r) => r.url.startsWith(`/prod-api${path}`));

const payConfig = (data: PayConfigView) =>
  server().on('/wujie/order/pay/config', (_req, res) => json(res, { code: 200, msg: 'ok', data }));

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe(TopUpForm.name, () => {
  it('should name every empty required field and send nothing', async () => {
    const onSubmit = vi.fn(async () => undefined);
    render(<TopUpForm onSubmit={onSubmit} />);
    fireEvent.click(screen.getByTestId('topup-next'));
    for (const name of ['Top-up amount', 'Full name', 'Country', 'Residential address']) {
      expect(await screen.findByText(`${name} cannot be empty`)).toBeTruthy();
    }
    expect(screen.queryByText('Company name cannot be empty')).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('should require the company fields when a company signs', async () => {
    const onSubmit = vi.fn(async () => undefined);
    render(<TopUpForm onSubmit={onSubmit} />);
    fireEvent.click(screen.getByTestId('party-company'));
    fireEvent.click(screen.getByTestId('topup-next'));
    for (const name of ['Company name', 'Company address', 'Job title']) {
      expect(await screen.findByText(`${name} cannot be empty`)).toBeTruthy();
    }
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('should send the trimmed top-up information of a preset amount, without company fields for an individual', async () => {
    server().on('/system/config/configKey/points.price.perYuan', (_req, res) =>
      json(res, { code: 200, msg: '20', data: '20' }),
    );
    const onSubmit = vi.fn(async () => undefined);
    render(<TopUpForm onSubmit={onSubmit} />);
    await waitFor(() => expect(screen.getByText('2000 points / 100 yuan')).toBeTruthy());
    fireEvent.click(screen.getByText('2000 points / 100 yuan'));
    type('topup-fullName', '  Ada Lovelace ');
    type('topup-country', 'China');
    type('topup-address', 'No. 1 Road');
    fireEvent.click(screen.getByTestId('topup-next'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({
      amount: 100,
      payType: 'remittance',
      signingParty: 'individual',
      fullName: 'Ada Lovelace',
      country: 'China',
      address: 'No. 1 Road',
    });
  });

  it('should warn that a remittance from abroad needs a signed document, and not for Alipay', async () => {
    payConfig({ alipay: true, remittanceAccount: null });
    render(<TopUpForm onSubmit={async () => undefined} />);
    await waitFor(() => expect(calls('/wujie/order/pay/config')).toHaveLength(1));
    type('topup-country', 'Germany');
    expect(screen.getByTestId('overseas-hint')).toBeTruthy();
    fireEvent.click(screen.getByTestId('pay-alipay'));
    expect(screen.queryByTestId('overseas-hint')).toBeNull();
    fireEvent.click(screen.getByTestId('pay-remittance'));
    type('topup-country', 'China');
    expect(screen.queryByTestId('overseas-hint')).toBeNull();
  });

  it("should not offer Alipay when the server has no Alipay, and show the remittance's account", async () => {
    payConfig({
      alipay: false,
      remittanceAccount: {
        bankName: 'Bank of Tests',
        accountName: 'Platform Ltd',
        accountNumber: '6222 0000 1111',
        note: 'SWIFT TESTCNBJ',
      },
    });
    const onSubmit = vi.fn(async () => undefined);
    render(<TopUpForm onSubmit={onSubmit} />);
    expect(
      await screen.findByText('Alipay is not available, please pay by remittance'),
    ).toBeTruthy();
    expect((screen.getByTestId('pay-alipay') as HTMLInputElement).disabled).toBe(true);
    const account = screen.getByTestId('remittance-account');
    for (const text of ['Bank of Tests', 'Platform Ltd', '6222 0000 1111', 'SWIFT TESTCNBJ']) {
      expect(account.textContent).toContain(text);
    }
    expect(calls('/wujie/order/pay/config')[0]!.headers.lang).toBe('en');
    fireEvent.click(screen.getByTestId('pay-alipay'));
    expect((screen.getByTestId('pay-remittance') as HTMLInputElement).checked).toBe(true);
  });

  it('should offer Alipay when the server has it, and ask to contact customer service without an account', async () => {
    payConfig({ alipay: true, remittanceAccount: null });
    render(<TopUpForm onSubmit={async () => undefined} />);
    expect(
      await screen.findByText('Please contact customer service for the bank account.'),
    ).toBeTruthy();
    expect((screen.getByTestId('pay-alipay') as HTMLInputElement).disabled).toBe(false);
    expect(screen.queryByText('Alipay is not available, please pay by remittance')).toBeNull();
    fireEvent.click(screen.getByTestId('pay-alipay'));
    expect((screen.getByTestId('pay-alipay') as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByTestId('remittance-account')).toBeNull();
  });
});
