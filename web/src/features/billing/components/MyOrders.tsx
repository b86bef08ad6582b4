import { useLingui } from '@lingui/react/macro';
import { Badge, Modal } from '@mantine/core';
import type { OrderView } from '@platform/contracts';
import { IconCreditCard, IconDownload, IconFileInvoice, IconX } from '@tabler/icons-react';
import { useState } from 'react';

import { ConfirmButton } from '../../../components/ConfirmButton';
import { type Column, CrudPage } from '../../../components/CrudPage';
import { IconButton } from '../../../components/IconButton';
import { useSession } from '../../../lib/auth';
import { formatTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { downloadOrderFile, moveOrder, ORDER_LIST_URL, requestInvoice } from '../billing.api';
import { INVOICE_STATUS_COLORS, ORDER_STATUS_COLORS, ownerActions } from '../billing-format';
import { PaymentPanel } from './PaymentPanel';

export type OrderRow = OrderView & Record<string, unknown>;

/** The columns both order lists show. */
export function useOrderColumns(): Column<OrderRow>[] {
  const { t, i18n } = useLingui();
  return [
    { key: 'orderNo', title: t`Order number` },
    { key: 'amount', title: t`Amount (yuan)` },
    { key: 'points', title: t`Points` },
    {
      key: 'payType',
      title: t`Payment method`,
      render: (r) => (r.payType === 'alipay' ? t`Alipay` : t`Bank remittance`),
    },
    {
      key: 'createTime',
      title: t`Time`,
      render: (r) => formatTime(r.createTime, i18n.locale),
    },
    {
      key: 'status',
      title: t`Status`,
      render: (r) => (
        <Badge color={ORDER_STATUS_COLORS[r.status]} variant="light" data-testid="order-status">
          {r.statusText}
        </Badge>
      ),
    },
    {
      key: 'invoiceStatus',
      title: t`Invoice`,
      render: (r) => (
        <Badge
          color={INVOICE_STATUS_COLORS[r.invoiceStatus]}
          variant="dot"
          data-testid="invoice-status"
        >
          {r.invoiceStatusText}
        </Badge>
      ),
    },
  ];
}

/** Personal centre → My orders: the user's own orders, server-side paged, with what they can do now. */
export function MyOrders() {
  const { t } = useLingui();
  const userId = useSession((s) => s.user?.userId);
  const admin = useSession((s) => s.user?.admin ?? false);
  const columns = useOrderColumns();
  const [paying, setPaying] = useState<{ order: OrderRow; refresh: () => void } | null>(null);
  return (
    <>
      <CrudPage<OrderRow>
        config={{
          testId: 'my-orders',
          listUrl: ORDER_LIST_URL,
          idKey: 'orderId',
          // An administrator's list is everyone's: the personal centre asks for their own.
          fixed: admin && userId ? { userId } : undefined,
          columns,
          permissions: {},
          rowActions: (row, refresh) => {
            const can = ownerActions(row);
            return (
              <>
                {can.pay ? (
                  <IconButton
                    label={t`Pay`}
                    variant="subtle"

                    data-testid="order-pay"
                    onClick={() => setPaying({ order: row, refresh })}
                  >
                    <IconCreditCard size={16} />
                  </IconButton>
                ) : null}
                {can.cancel ? (
                  <ConfirmButton
                    icon={<IconX size={16} />}
                    label={t`Cancel the order`}
                    testId="order-cancel"
                    message={t`Cancel order ${row.orderNo}?`}
                    onConfirm={async () => {
                      await moveOrder('cancel', row.orderId);
                      notify('success', t`Order cancelled`);
                      refresh();
                    }}
                  />
                ) : null}
                {can.requestInvoice ? (
                  <IconButton
                    label={t`Request an invoice`}
                    variant="subtle"

                    data-testid="order-invoice-request"
                    onClick={() =>
                      void requestInvoice(row.orderId).then(() => {
                        notify('success', t`Invoice requested`);
                        refresh();
                      })
                    }
                  >
                    <IconFileInvoice size={16} />
                  </IconButton>
                ) : null}
                {can.downloadInvoice ? (
                  <IconButton
                    label={t`Download the invoice`}
                    variant="subtle"
                    color="green"

                    data-testid="order-invoice-download"
                    onClick={() => void downloadOrderFile(row, 'invoice')}
                  >
                    <IconDownload size={16} />
                  </IconButton>
                ) : null}
              </>
            );
          },
        }}
      />
      <Modal
        opened={paying !== null}
        onClose={() => setPaying(null)}
        title={paying ? t`Pay order ${paying.order.orderNo}` : ''}
        size="lg"
      >
        {paying ? (
          <PaymentPanel
            order={paying.order}
            onDone={() => {
              paying.refresh();
              setPaying(null);
            }}
          />
        ) : null}
      </Modal>
    </>
  );
}
