import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, FileInput, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import {
  INVOICE_STATUSES,
  ORDER_STATUSES,
  type OrderFileKind,
  PAY_TYPES,
  PERMISSIONS,
  UPLOAD_MAX_BYTES,
} from '@platform/contracts';
import { IconArrowBackUp, IconBan, IconCircleCheck, IconFileUpload } from '@tabler/icons-react';
import { useState } from 'react';

import { CrudPage } from '../../../components/CrudPage';
import { IconButton } from '../../../components/IconButton';
import { usePermission } from '../../../components/Permission';
import { notify } from '../../../lib/notify';
import {
  downloadOrderFile,
  moveOrder,
  ORDER_LIST_URL,
  refundOrder,
  rejectOrder,
  uploadOrderFile,
} from '../billing.api';
import { adminActions } from '../billing-format';
import { ReasonInput } from './fields';
import { type OrderRow, useOrderColumns } from './MyOrders';

type Dialog = 'verify' | 'reject' | 'invoice' | 'refund';

function Files({ order }: { order: OrderRow }) {
  const { t } = useLingui();
  const names: Record<OrderFileKind, string> = {
    proof: t`Remittance proof`,
    contract: t`Signed document`,
    invoice: t`Invoice`,
  };
  if (!order.files.length) return <Text size="sm">-</Text>;
  return (
    <Group gap="xs">
      {order.files.map((kind) => (
        <Anchor
          key={kind}
          component="button"
          size="sm"
          data-testid={`file-${kind}`}
          onClick={() => void downloadOrderFile(order, kind)}
        >
          {names[kind]}
        </Anchor>
      ))}
    </Group>
  );
}

function DialogBody({
  dialog,
  order,
  onDone,
  onCancel,
}: {
  dialog: Dialog;
  order: OrderRow;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const reasonLabel = t`Reason`;
  const [reason, setReason] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const maxMb = UPLOAD_MAX_BYTES / 1024 / 1024;

  const run = async () => {
    setError(undefined);
    if (dialog === 'reject' && !reason.trim()) {
      setError(t`Please give the reason for the rejection`);
      return;
    }
    if (dialog === 'refund' && !reason.trim()) {
      setError(t`${reasonLabel} cannot be empty`);
      return;
    }
    if (dialog === 'invoice') {
      if (!file) return setError(t`Please upload the invoice PDF first`);
      if (!file.name.toLowerCase().endsWith('.pdf')) return setError(t`Incorrect file format`);
      if (file.size > UPLOAD_MAX_BYTES) {
        return setError(t`Upload file size cannot exceed ${maxMb} MB!`);
      }
    }
    setBusy(true);
    try {
      if (dialog === 'verify') await moveOrder('admin/payed', order.orderId);
      if (dialog === 'reject') await rejectOrder(order.orderId, reason.trim());
      if (dialog === 'invoice' && file) await uploadOrderFile(order.orderId, 'invoice', file);
      if (dialog === 'refund') {
        await refundOrder(order.orderId, reason.trim());
      }
      notify('success', t`Done`);
      onDone();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack data-testid={`dialog-${dialog}`}>
      <Text size="sm">
        <Trans>
          Order {order.orderNo} of user {order.userId}: {order.amount} yuan, {order.points} points
        </Trans>
      </Text>
      {dialog === 'verify' ? (
        <>
          <Files order={order} />
          <Text size="sm">
            <Trans>
              Confirm that the money has arrived: the order completes and its points are credited.
            </Trans>
          </Text>
        </>
      ) : null}
      {dialog === 'reject' || dialog === 'refund' ? (
        <ReasonInput
          label={dialog === 'reject' ? t`Reason for the rejection` : reasonLabel}
          description={
            dialog === 'refund'
              ? t`The order is cancelled and its ${order.points} points are taken back from the user's balance.`
              : undefined
          }
          value={reason}
          onChange={setReason}
          error={error}
          data-testid="dialog-reason"
        />
      ) : null}
      {dialog === 'invoice' ? (
        <FileInput
          label={t`Invoice PDF`}
          withAsterisk
          accept="application/pdf"
          placeholder={t`Choose a file`}
          value={file}
          onChange={setFile}
          error={error}
          data-testid="dialog-file"
        />
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
        <Button
          color={dialog === 'reject' || dialog === 'refund' ? 'red' : undefined}
          loading={busy}
          onClick={() => void run()}
          data-testid="dialog-confirm"
        >
          <Trans>Confirm</Trans>
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The administrator's recharge orders: every user's, with filters and server-side paging, and the
 * verify (pay) / reject / invoice (PDF upload) / refund dialogs.
 */
export function AdminOrders() {
  const { t } = useLingui();
  const { hasPermi } = usePermission();
  const canRefund = hasPermi(
    [PERMISSIONS.wujie.recharge.verify, PERMISSIONS.wujie.recharge.refund],
    'all',
  );
  const columns = useOrderColumns();
  const [open, setOpen] = useState<{ dialog: Dialog; order: OrderRow; refresh: () => void } | null>(
    null,
  );
  const titles: Record<Dialog, string> = {
    verify: t`Verify the payment`,
    reject: t`Reject the payment`,
    invoice: t`Upload the invoice`,
    refund: t`Refund`,
  };
  const statusNames: Record<(typeof ORDER_STATUSES)[number], string> = {
    pending_payment: t`Pending payment`,
    pending_verification: t`Pending verification`,
    completed: t`Completed`,
    cancelled: t`Cancelled`,
  };
  const invoiceNames: Record<(typeof INVOICE_STATUSES)[number], string> = {
    none: t`Not invoiced`,
    requested: t`Awaiting invoice`,
    issued: t`Invoiced`,
  };
  const payNames: Record<(typeof PAY_TYPES)[number], string> = {
    remittance: t`Bank remittance`,
    alipay: t`Alipay`,
  };
  const icons: Record<Dialog, { icon: typeof IconBan; color: string }> = {
    verify: { icon: IconCircleCheck, color: 'green' },
    reject: { icon: IconBan, color: 'red' },
    invoice: { icon: IconFileUpload, color: 'blue' },
    refund: { icon: IconArrowBackUp, color: 'orange' },
  };
  return (
    <>
      <CrudPage<OrderRow>
        config={{
          testId: 'admin-orders',
          listUrl: ORDER_LIST_URL,
          idKey: 'orderId',
          filters: [
            { name: 'orderNo', label: t`Order number` },
            { name: 'userId', label: t`User id`, type: 'number' },
            {
              name: 'status',
              label: t`Status`,
              type: 'select',
              options: ORDER_STATUSES.map((s) => ({ value: s, label: statusNames[s] })),
            },
            {
              name: 'invoiceStatus',
              label: t`Invoice`,
              type: 'select',
              options: INVOICE_STATUSES.map((s) => ({ value: s, label: invoiceNames[s] })),
            },
            {
              name: 'payType',
              label: t`Payment method`,
              type: 'select',
              options: PAY_TYPES.map((s) => ({ value: s, label: payNames[s] })),
            },
          ],
          columns: [
            ...columns.slice(0, 1),
            { key: 'userId', title: t`User id` },
            { key: 'fullName', title: t`Full name` },
            ...columns.slice(1),
            { key: 'files', title: t`Files`, render: (r) => <Files order={r} /> },
          ],
          permissions: {},
          rowActions: (row, refresh) => {
            const can = { ...adminActions(row), refund: adminActions(row).refund && canRefund };
            return (Object.keys(icons) as Dialog[])
              .filter((dialog) => can[dialog])
              .map((dialog) => {
                const { icon: Icon, color } = icons[dialog];
                return (
                  <Tooltip key={dialog} label={titles[dialog]}>
                    <IconButton
                      label={titles[dialog]}
                      variant="subtle"
                      color={color}

                      data-testid={`order-${dialog}`}
                      onClick={() => setOpen({ dialog, order: row, refresh })}
                    >
                      <Icon size={16} />
                    </IconButton>
                  </Tooltip>
                );
              });
          },
        }}
      />
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={open ? titles[open.dialog] : ''}
        size="lg"
      >
        {open ? (
          <DialogBody
            dialog={open.dialog}
            order={open.order}
            onCancel={() => setOpen(null)}
            onDone={() => {
              open.refresh();
              setOpen(null);
            }}
          />
        ) : null}
      </Modal>
    </>
  );
}
