import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Paper, Stack, Stepper, Text, ThemeIcon } from '@mantine/core';
import { isOverseas, type OrderStatus } from '@platform/contracts';
import { IconCircleCheck, IconCircleX, IconHourglass } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';

import { createOrder, moveOrder } from '../billing.api';
import { secondsLeft } from '../billing-format';
import { PaymentPanel } from './PaymentPanel';
import { TopUpForm } from './TopUpForm';

/** Seconds the result stays before the page goes back home (spec §9). */
export const BACK_HOME_SECONDS = 10;

interface Draft {
  orderId: number;
  orderNo: string;
  amount: number;
  points: number;
  payType: 'remittance' | 'alipay';
  overseas: boolean;
  qrCode: string | null;
}

/** Goes to `/` when the countdown ends; shows the seconds left. */
function BackHome() {
  const navigate = useNavigate();
  const [endsAt] = useState(() => Date.now() + BACK_HOME_SECONDS * 1000);
  const [left, setLeft] = useState(BACK_HOME_SECONDS);
  useEffect(() => {
    const timer = setInterval(() => {
      const next = secondsLeft(endsAt, Date.now());
      setLeft(next);
      if (next === 0) void navigate({ to: '/' });
    }, 250);
    return () => clearInterval(timer);
  }, [endsAt, navigate]);
  return (
    <Group gap="xs">
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="back-home-countdown">
        <Trans>Back to the home page in {left} s</Trans>
      </Text>
      <Button size="xs" variant="light" onClick={() => void navigate({ to: '/' })}>
        <Trans>Go now</Trans>
      </Button>
    </Group>
  );
}

function Result({ status, onAgain }: { status: OrderStatus; onAgain: () => void }) {
  const success = status === 'completed' || status === 'pending_verification';
  return (
    <Stack align="center" py="lg" data-testid="recharge-result" data-status={status}>
      <ThemeIcon size={64} radius={64} color={success ? 'green' : 'red'} variant="light">
        {status === 'completed' ? (
          <IconCircleCheck size={40} />
        ) : success ? (
          <IconHourglass size={40} />
        ) : (
          <IconCircleX size={40} />
        )}
      </ThemeIcon>
      <Text fw={600} size="lg">
        {status === 'completed' ? (
          <Trans>Payment successful, the points are in your account</Trans>
        ) : status === 'pending_verification' ? (
          <Trans>Payment submitted; the points arrive once an administrator has verified it</Trans>
        ) : (
          <Trans>Top-up failed</Trans>
        )}
      </Text>
      {success ? <BackHome /> : null}
      <Button variant="default" onClick={onAgain} data-testid="recharge-again">
        <Trans>Top up again</Trans>
      </Button>
    </Stack>
  );
}

/**
 * The recharge of spec "Recharge flow": top-up information → pay (Alipay's QR code, or the bank
 * remittance with its proof and, overseas, the signed document) → finish → result, which goes back
 * home after 10 s when it succeeded.
 */
export function RechargeWizard() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [step, setStep] = useState(0);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [status, setStatus] = useState<OrderStatus>('pending_payment');

  const onPaid = useCallback(
    (next: OrderStatus) => {
      setStatus(next);
      setStep(next === 'cancelled' ? 3 : 2);
      void queryClient.invalidateQueries({ queryKey: ['billing'] });
    },
    [queryClient],
  );

  const again = () => {
    setDraft(null);
    setStatus('pending_payment');
    setStep(0);
  };

  return (
    <Paper withBorder p="md" data-testid="recharge-wizard">
      <Stepper active={step} size="sm" allowNextStepsSelect={false}>
        <Stepper.Step label={t`Top-up information`}>
          <TopUpForm
            onSubmit={async (body) => {
              const created = await createOrder(body);
              setDraft({
                orderId: created.orderId,
                orderNo: created.orderNo,
                points: created.points,
                amount: body.amount,
                payType: body.payType,
                overseas: isOverseas(body.payType, body.country),
                qrCode: created.qrCode ?? null,
              });
              setStep(1);
            }}
          />
        </Stepper.Step>
        <Stepper.Step label={t`Pay`}>
          {draft ? (
            <Stack>
              <Text
                data-testid="order-summary"
                data-order-no={draft.orderNo}
                data-points={draft.points}
              >
                <Trans>
                  Order {draft.orderNo}: {draft.amount} yuan for {draft.points} points
                </Trans>
              </Text>
              <PaymentPanel order={{ ...draft, files: [] }} onDone={onPaid} />
              <Group>
                <Button
                  variant="subtle"
                  color="red"
                  data-testid="cancel-order"
                  onClick={() =>
                    void moveOrder('cancel', draft.orderId).then(() => {
                      void queryClient.invalidateQueries({ queryKey: ['billing'] });
                      again();
                    })
                  }
                >
                  <Trans>Cancel the order</Trans>
                </Button>
              </Group>
            </Stack>
          ) : null}
        </Stepper.Step>
        <Stepper.Step label={t`Finish`}>
          <Stack align="center" py="lg" data-testid="recharge-finish">
            <Text>
              {status === 'completed' ? (
                <Trans>The payment has arrived.</Trans>
              ) : (
                <Trans>
                  Your payment has been submitted. An administrator verifies it, usually within one
                  working day; you can follow the order under Personal centre → My orders.
                </Trans>
              )}
            </Text>
            <Button onClick={() => setStep(3)} data-testid="recharge-finish-next">
              <Trans>View the result</Trans>
            </Button>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t`Result`}>
          <Result status={status} onAgain={again} />
        </Stepper.Step>
      </Stepper>
    </Paper>
  );
}
