import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { json, useApiServer } from '../../../../test-utils/api-server';
import { render } from '../../../../test-utils/render';
import { PaymentPanel } from './PaymentPanel';

// jsdom's FormData cannot travel through Node's fetch: the multipart upload itself is the gateway's
// tests' (order files); here it is recorded, and every other call goes to the local server.
const uploads: [number, string, string][] = [];
vi.mock('../billing.api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../billing.api')>()),
  uploadOrderFile: async (orderId: number, kind: string, file: File) => {
    uploads.push([orderId, kind, file.name]);
    return { code: 200, msg: 'ok' };
  },
}));

const SLOW = { timeout: 10_000 };
const server = useApiServer();

const base = {
  orderId: 12,
  orderNo: 'R12',
  amount: 100,
  points: 1000,
  payType: 'remittance' as const,
  overseas: false,
  qrCode: null,
  files: [] as ('proof' | 'contract' | 'invoice')[],
};

const calls = (path: string) => server().seen.filter((r) => r.url.startsWith(`/prod-api${path}`));

/** Mantine's FileInput keeps a hidden file input per field, in the fields' order (proof, then contract). */
const choose = (field: 0 | 1, name: string, type: string) => {
  const input = document.querySelectorAll('input[type="file"]')[field]!;
  fireEvent.change(input, { target: { files: [new File(['x'], name, { type })] } });
};

describe(PaymentPanel.name, () => {
  it('should ask for the proof first, then upload it and mark the order paid', async () => {
    server().on('/wujie/order/pay/config', (_req, res) =>
      json(res, {
        code: 200,
        msg: 'ok',
        data: {
          alipay: false,
          remittanceAccount: {
            bankName: 'Bank of Tests',
            accountName: '',
            accountNumber: '6222 0000',
            note: '',
          },
        },
      }),
    );
    const onDone = vi.fn();
    render(<PaymentPanel order={base} onDone={onDone} />);
    expect(await screen.findByText('6222 0000', {}, SLOW)).toBeTruthy();
    expect(screen.getByTestId('remittance-account').textContent).toBe(
      'Bank: Bank of TestsAccount number: 6222 0000',
    );
    fireEvent.click(screen.getByTestId('mark-paid'));
    expect(await screen.findByText('Please upload the file', {}, SLOW)).toBeTruthy();
    expect(calls('/wujie/order/user/payed')).toHaveLength(0);

    choose(0, 'proof.png', 'image/png');
    fireEvent.click(screen.getByTestId('mark-paid'));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('pending_verification'), SLOW);
    expect(uploads).toEqual([[12, 'proof', 'proof.png']]);
    expect(JSON.parse(calls('/wujie/order/user/payed')[0]!.body)).toEqual({ orderId: 12 });
  });

  it('should need the signed document of an overseas remittance and refuse a file of the wrong type', async () => {
    const onDone = vi.fn();
    render(<PaymentPanel order={{ ...base, overseas: true }} onDone={onDone} />);
    expect(await screen.findByTestId('overseas-notice', {}, SLOW)).toBeTruthy();
    choose(0, 'proof.png', 'image/png');
    choose(1, 'contract.exe', 'application/octet-stream');
    fireEvent.click(screen.getByTestId('mark-paid'));
    expect(await screen.findByText('Incorrect file format', {}, SLOW)).toBeTruthy();
    // Only the payment settings were asked: no file, no order move.
    expect(calls('/wujie/order/').filter((r) => !r.url.includes('/pay/config'))).toHaveLength(0);
    expect(uploads.filter(([, kind]) => kind === 'contract')).toEqual([]);
    expect(onDone).not.toHaveBeenCalled();
  });

  it("should show Alipay's QR code and move on once the trade query says the order is completed", async () => {
    let paid = false;
    server().on('/wujie/order/alipay/query', (_req, res) =>
      json(res, {
        code: 200,
        msg: 'ok',
        data: paid
          ? { status: 'completed', tradeStatus: 'TRADE_SUCCESS' }
          : { status: 'pending_payment', tradeStatus: 'WAIT_BUYER_PAY' },
      }),
    );
    const onDone = vi.fn();
    render(
      <PaymentPanel
        order={{ ...base, payType: 'alipay', qrCode: 'https://qr.alipay.com/bax0001' }}
        onDone={onDone}
      />,
    );
    expect(await screen.findByAltText('Alipay payment QR code', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(calls('/wujie/order/alipay/query').length).toBeGreaterThan(0), SLOW);
    expect(JSON.parse(calls('/wujie/order/alipay/query')[0]!.body)).toEqual({ orderId: 12 });
    expect(onDone).not.toHaveBeenCalled();
    paid = true;
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('completed'), SLOW);
  });
});
