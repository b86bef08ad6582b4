import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import {
  ORDER_FILE_EXTENSIONS,
  type OrderFileKind,
  type OrderStatus,
  type OrderView,
  UPLOAD_MAX_BYTES,
} from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { QrCode } from '../../../components/QrCode';
import { formatTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { alipayQuery, moveOrder, uploadOrderFile } from '../billing.api';
import { OrderFileField } from './fields';
import { accountOf, RemittanceAccount, usePayConfig } from './RemittanceAccount';

/** How often the QR page asks whether Alipay says the trade is paid. */
const ALIPAY_POLL_MS = 3000;

type PayableOrder = Pick<
  OrderView,
  'orderId' | 'orderNo' | 'amount' | 'points' | 'payType' | 'overseas' | 'qrCode' | 'files'
> & { expireTime?: string | null };

function AlipayPayment({
  order,
  onDone,
}: {
  order: PayableOrder;
  onDone: (status: OrderStatus) => void;
}) {
  const { t } = useLingui();
  const trade = useQuery({
    queryKey: ['billing', 'alipay', order.orderId],
    queryFn: () => alipayQuery(order.orderId),
    refetchInterval: ALIPAY_POLL_MS,
  });
  const status = trade.data?.status;
  useEffect(() => {
    if (status === 'completed' || status === 'cancelled') onDone(status);
  }, [status, onDone]);
  return (
    <Stack align="center" data-testid="alipay-payment">
      <Text>
        <Trans>Scan the QR code with Alipay to pay {order.amount} yuan.</Trans>
      </Text>
      {order.qrCode ? <QrCode value={order.qrCode} label={t`Alipay payment QR code`} /> : null}
      {trade.data?.tradeStatus === 'TRADE_CLOSED' ? (
        <Alert color="red">
          <Trans>Payment error occurred, please rescan the QR code to pay</Trans>
        </Alert>
      ) : null}
      <Text size="sm" c="dimmed">
        <Trans>This page moves on by itself once the payment arrives.</Trans>
      </Text>
    </Stack>
  );
}

/**
 * Remittance: the bank account to pay to, the proof upload and, for an overseas remittance, the
 * signed document; then "I have paid" moves the order to pending verification.
 */
function RemittancePayment({
  order,
  onDone,
}: {
  order: PayableOrder;
  onDone: (status: OrderStatus) => void;
}) {
  const { t, i18n } = useLingui();
  const config = usePayConfig();
  const [proof, setProof] = useState<File | null>(null);
  const [contract, setContract] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<OrderFileKind, string>>>({});
  const [busy, setBusy] = useState(false);
  const hasProof = order.files.includes('proof');
  const hasContract = order.files.includes('contract');
  const maxMb = UPLOAD_MAX_BYTES / 1024 / 1024;

  const check = (kind: OrderFileKind, file: File | null, has: boolean): string | undefined => {
    if (!file) return has ? undefined : t`Please upload the file`;
    if (file.size > UPLOAD_MAX_BYTES) return t`Upload file size cannot exceed ${maxMb} MB!`;
    const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!ORDER_FILE_EXTENSIONS[kind].includes(ext)) return t`Incorrect file format`;
    return undefined;
  };

  const submit = async () => {
    const next = {
      proof: check('proof', proof, hasProof),
      ...(order.overseas ? { contract: check('contract', contract, hasContract) } : {}),
    };
    setErrors(next);
    if (next.proof || next.contract) return;
    setBusy(true);
    try {
      if (proof) await uploadOrderFile(order.orderId, 'proof', proof);
      if (order.overseas && contract) await uploadOrderFile(order.orderId, 'contract', contract);
      await moveOrder('user/payed', order.orderId);
      notify('success', t`Payment submitted, waiting for verification`);
      onDone('pending_verification');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack data-testid="remittance-payment">
      <Alert color="blue" title={t`Bank transfer`}>
        <Stack gap={4}>
          <Text size="sm">
            <Trans>
              Transfer {order.amount} yuan to the account below and write the order number{' '}
              <Code>{order.orderNo}</Code> in the transfer's remark.
            </Trans>
          </Text>
          <RemittanceAccount account={accountOf(config)} />
        </Stack>
      </Alert>
      {order.overseas ? (
        <Alert color="orange" data-testid="overseas-notice">
          <Trans>
            An overseas remittance needs a signed document and must be completed within five days
          </Trans>
          {order.expireTime ? ` (${formatTime(order.expireTime, i18n.locale)})` : ''}
        </Alert>
      ) : null}
      <OrderFileField
        kind="proof"
        label={t`Remittance proof`}
        uploaded={hasProof}
        value={proof}
        onChange={setProof}
        error={errors.proof}
      />
      {order.overseas ? (
        <OrderFileField
          kind="contract"
          label={t`Signed document`}
          uploaded={hasContract}
          value={contract}
          onChange={setContract}
          error={errors.contract}
        />
      ) : null}
      <Group justify="flex-end">
        <Button onClick={() => void submit()} loading={busy} data-testid="mark-paid">
          <Trans>I have paid</Trans>
        </Button>
      </Group>
    </Stack>
  );
}

/** Paying an unpaid order: Alipay's QR code when the order is an Alipay one, else the remittance. */
export function PaymentPanel({
  order,
  onDone,
}: {
  order: PayableOrder;
  onDone: (status: OrderStatus) => void;
}) {
  return order.payType === 'alipay' ? (
    <AlipayPayment order={order} onDone={onDone} />
  ) : (
    <RemittancePayment order={order} onDone={onDone} />
  );
}
