import type { OrderView } from '@platform/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { json, useApiServer } from '../../../../test-utils/api-server';
import { render } from '../../../../test-utils/render';
import { sessionStore } from '../../../lib/auth';
import { AdminOrders } from './AdminOrders';

window.HTMLElement.prototype.scrollTo ??= () => undefined;
/** The machine the tests share is slow at times: the first render of a table can take seconds. */
const SLOW = { timeout: 10_000 };

const server = useApiServer();
const signedOut = sessionStore.get();
afterEach(() => sessionStore.set(() => signedOut));

const order = (overrides: Partial<OrderView>): OrderView => ({
  orderId: 7,
  orderNo: 'R20261127000007',
  userId: 3,
  amount: 100,
  points: 1000,
  type: 'self',
  payType: 'remittance',
  status: 'pending_verification',
  statusText: 'Pending verification',
  invoiceStatus: 'none',
  invoiceStatusText: 'Not invoiced',
  signingParty: 'individual',
  fullName: 'Alice',
  country: 'China',
  address: 'Road 1',
  companyName: null,
  companyAddress: null,
  jobTitle: null,
  overseas: false,
  remark: null,
  rejectReason: null,
  files: ['proof'],
  qrCode: null,
  createTime: '2026-11-27T10:00:00.000Z',
  payTime: null,
  expireTime: null,
  ...overrides,
});

const signInAs = (permissions: string[]) =>
  sessionStore.set((s) => ({
    ...s,
    user: { userId: 1, userName: 'admin', admin: true } as NonNullable<typeof s.user>,
    permissions,
  }));

const posted = (path: string) =>
  server()
    .seen.filter((r) => r.method === 'POST' && r.url.startsWith(`/prod-api${path}`))
    .map((r) => JSON.parse(r.body) as Record<string, unknown>);

function listing(rows: OrderView[]) {
  server().on('/wujie/order/list', (_req, res) =>
    json(res, { code: 200, msg: 'ok', rows, total: rows.length }),
  );
}

describe(AdminOrders.name, () => {
  it('should verify a pending order after the confirmation, naming it by id', async () => {
    signInAs(['*:*:*']);
    listing([order({})]);
    render(<AdminOrders />);
    const row = await screen.findByTestId('row-7', {}, SLOW);
    expect(within(row).getByTestId('file-proof')).toBeTruthy();
    expect(within(row).queryByTestId('order-refund')).toBeNull();
    fireEvent.click(within(row).getByTestId('order-verify'));
    fireEvent.click(await screen.findByTestId('dialog-confirm', {}, SLOW));
    await waitFor(() => expect(posted('/wujie/order/admin/payed')).toEqual([{ orderId: 7 }]), SLOW);
  });

  it('should not reject without a reason, and send the reason given', async () => {
    signInAs(['*:*:*']);
    listing([order({})]);
    render(<AdminOrders />);
    fireEvent.click(
      within(await screen.findByTestId('row-7', {}, SLOW)).getByTestId('order-reject'),
    );
    fireEvent.click(await screen.findByTestId('dialog-confirm', {}, SLOW));
    expect(
      await screen.findByText('Please give the reason for the rejection', {}, SLOW),
    ).toBeTruthy();
    expect(posted('/wujie/order/admin/rejected')).toEqual([]);
    fireEvent.change(screen.getByTestId('dialog-reason'), {
      target: { value: ' No money arrived ' },
    });
    fireEvent.click(screen.getByTestId('dialog-confirm'));
    await waitFor(
      () =>
        expect(posted('/wujie/order/admin/rejected')).toEqual([
          { orderId: 7, reason: 'No money arrived' },
        ]),
      SLOW,
    );
  });

  it('should offer the refund of a completed order only with the refund permission', async () => {
    signInAs(['wujie:recharge:list', 'wujie:recharge:verify']);
    listing([order({ status: 'completed', statusText: 'Completed' })]);
    const view = render(<AdminOrders />);
    const row = await screen.findByTestId('row-7', {}, SLOW);
    expect(within(row).queryByTestId('order-refund')).toBeNull();
    expect(within(row).queryByTestId('order-verify')).toBeNull();
    view.unmount();

    signInAs(['wujie:recharge:list', 'wujie:recharge:verify', 'wujie:recharge:refund']);
    render(<AdminOrders />);
    const again = await screen.findByTestId('row-7', {}, SLOW);
    fireEvent.click(within(again).getByTestId('order-refund'));
    fireEvent.click(await screen.findByTestId('dialog-confirm', {}, SLOW));
    expect(await screen.findByText('Reason cannot be empty', {}, SLOW)).toBeTruthy();
    expect(posted('/wujie/order/admin/refund')).toEqual([]);
    fireEvent.change(await screen.findByTestId('dialog-reason', {}, SLOW), {
      target: { value: 'Asked by the user' },
    });
    fireEvent.click(screen.getByTestId('dialog-confirm'));
    await waitFor(
      () =>
        expect(posted('/wujie/order/admin/refund')).toEqual([
          { orderId: 7, reason: 'Asked by the user' },
        ]),
      SLOW,
    );
  });

  it('should send the filters to the server and page there', async () => {
    signInAs(['*:*:*']);
    listing([]);
    render(<AdminOrders />);
    await screen.findByTestId('list-empty', {}, SLOW);
    fireEvent.change(screen.getByTestId('field-orderNo'), { target: { value: 'R2026' } });
    fireEvent.click(screen.getByTestId('search'));
    await waitFor(() => {
      const last = server()
        .seen.filter((r) => r.url.startsWith('/prod-api/wujie/order/list'))
        .map((r) => new URL(r.url, 'http://x').searchParams)
        .at(-1)!;
      expect(last.get('orderNo')).toBe('R2026');
      expect(last.get('pageNum')).toBe('1');
      expect(last.get('pageSize')).toBe('20');
    }, SLOW);
  });
});
