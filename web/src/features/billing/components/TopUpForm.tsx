import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  Chip,
  Group,
  NumberInput,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  isOverseas,
  ORDER_ADDRESS_MAX,
  ORDER_AMOUNT_MAX,
  ORDER_AMOUNT_MIN,
  ORDER_TEXT_MAX,
  type PayType,
  POINTS_PER_YUAN_CONFIG_KEY,
  POINTS_PER_YUAN_DEFAULT,
  pointsFor,
  requiredTopUpFields,
  type SigningParty,
} from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { requestData } from '../../../lib/request';
import type { TopUpBody } from '../billing.api';
import { accountOf, RemittanceAccount, usePayConfig } from './RemittanceAccount';

/** Amounts offered as one click (yuan); any other whole amount can be typed. */
const PRESETS = [100, 500, 1000, 5000];

interface Values {
  amount: number | '';
  payType: PayType;
  signingParty: SigningParty;
  fullName: string;
  country: string;
  address: string;
  companyName: string;
  companyAddress: string;
  jobTitle: string;
}

/** Step one of the recharge: the top-up information (spec §5 "Top-up" rules). */
export function TopUpForm({ onSubmit }: { onSubmit: (body: TopUpBody) => Promise<void> }) {
  const { t } = useLingui();
  const price = useQuery({
    queryKey: ['billing', 'price'],
    queryFn: () =>
      requestData<string>(`/system/config/configKey/${POINTS_PER_YUAN_CONFIG_KEY}`, {
        silent: true,
      })
        .then((value) => Number(value) || POINTS_PER_YUAN_DEFAULT)
        .catch(() => POINTS_PER_YUAN_DEFAULT),
    staleTime: 60_000,
  });
  const labels: Record<keyof Values, string> = {
    amount: t`Top-up amount`,
    payType: t`Payment method`,
    signingParty: t`Signing party`,
    fullName: t`Full name`,
    country: t`Country`,
    address: t`Residential address`,
    companyName: t`Company name`,
    companyAddress: t`Company address`,
    jobTitle: t`Job title`,
  };
  const form = useForm<Values>({
    initialValues: {
      amount: '',
      payType: 'remittance',
      signingParty: 'individual',
      fullName: '',
      country: '',
      address: '',
      companyName: '',
      companyAddress: '',
      jobTitle: '',
    },
    validate: (values) => {
      const errors: Partial<Record<keyof Values, string>> = {};
      for (const name of requiredTopUpFields(values.signingParty) as (keyof Values)[]) {
        const value = values[name];
        if (value === '' || (typeof value === 'string' && !value.trim())) {
          errors[name] = t`${labels[name]} cannot be empty`;
        }
      }
      const amount = values.amount;
      if (
        !errors.amount &&
        (!Number.isInteger(amount) ||
          Number(amount) < ORDER_AMOUNT_MIN ||
          Number(amount) > ORDER_AMOUNT_MAX)
      ) {
        errors.amount = t`Enter a whole amount from ${ORDER_AMOUNT_MIN} to ${ORDER_AMOUNT_MAX} yuan`;
      }
      return errors;
    },
  });
  const [busy, setBusy] = useState(false);
  const { values } = form;
  const payConfig = usePayConfig();
  // Only a server that says so refuses Alipay here; one that cannot say still refuses the order.
  const noAlipay = payConfig.data?.alipay === false;
  const { setFieldValue } = form;
  useEffect(() => {
    if (noAlipay && values.payType === 'alipay') setFieldValue('payType', 'remittance');
  }, [noAlipay, values.payType, setFieldValue]);
  const company = values.signingParty === 'company';
  const amount = typeof values.amount === 'number' ? values.amount : 0;
  const points = pointsFor(amount, price.data ?? POINTS_PER_YUAN_DEFAULT);
  const text = (name: keyof Values, max: number) => ({
    label: labels[name],
    withAsterisk: true,
    maxLength: max,
    ...form.getInputProps(name),
    'data-testid': `topup-${name}`,
  });

  return (
    <form
      data-testid="topup-form"
      noValidate
      onSubmit={form.onSubmit(async (v) => {
        setBusy(true);
        try {
          await onSubmit({
            amount: Number(v.amount),
            payType: v.payType,
            signingParty: v.signingParty,
            fullName: v.fullName.trim(),
            country: v.country.trim(),
            address: v.address.trim(),
            ...(v.signingParty === 'company'
              ? {
                  companyName: v.companyName.trim(),
                  companyAddress: v.companyAddress.trim(),
                  jobTitle: v.jobTitle.trim(),
                }
              : {}),
          });
        } finally {
          setBusy(false);
        }
      })}
    >
      <Stack maw={640}>
        <Stack gap={6}>
          <Text fw={500} size="sm" id="topup-presets">
            <Trans>Choose the points</Trans>
          </Text>
          <Chip.Group
            value={String(values.amount)}
            onChange={(v) => form.setFieldValue('amount', Number(v))}
          >
            <Group gap="xs" role="radiogroup" aria-labelledby="topup-presets">
              {PRESETS.map((preset) => (
                <Chip key={preset} value={String(preset)} data-testid={`preset-${preset}`}>
                  {t`${pointsFor(preset, price.data ?? POINTS_PER_YUAN_DEFAULT)} points / ${preset} yuan`}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Stack>
        <NumberInput
          label={labels.amount}
          withAsterisk
          min={ORDER_AMOUNT_MIN}
          max={ORDER_AMOUNT_MAX}
          allowDecimal={false}
          allowNegative={false}
          suffix={` ${t`yuan`}`}
          description={t`You get ${points} points`}
          {...form.getInputProps('amount')}
          data-testid="topup-amount"
        />
        <Radio.Group label={labels.payType} withAsterisk {...form.getInputProps('payType')}>
          <Group mt={6}>
            <Radio value="remittance" label={t`Bank remittance`} data-testid="pay-remittance" />
            <Radio
              value="alipay"
              label={t`Alipay`}
              disabled={noAlipay}
              description={
                noAlipay ? t`Alipay is not available, please pay by remittance` : undefined
              }
              data-testid="pay-alipay"
            />
          </Group>
        </Radio.Group>
        {values.payType === 'remittance' ? (
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              <Trans>The remittance goes to:</Trans>
            </Text>
            <RemittanceAccount account={accountOf(payConfig)} />
          </Stack>
        ) : null}
        <Radio.Group
          label={labels.signingParty}
          withAsterisk
          {...form.getInputProps('signingParty')}
        >
          <Group mt={6}>
            <Radio value="individual" label={t`Individual`} data-testid="party-individual" />
            <Radio value="company" label={t`Company`} data-testid="party-company" />
          </Group>
        </Radio.Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput {...text('fullName', ORDER_TEXT_MAX)} />
          <TextInput {...text('country', ORDER_TEXT_MAX)} />
        </SimpleGrid>
        <TextInput {...text('address', ORDER_ADDRESS_MAX)} />
        {company ? (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput {...text('companyName', ORDER_TEXT_MAX)} />
              <TextInput {...text('jobTitle', ORDER_TEXT_MAX)} />
            </SimpleGrid>
            <TextInput {...text('companyAddress', ORDER_ADDRESS_MAX)} />
          </>
        ) : null}
        {isOverseas(values.payType, values.country) && values.country.trim() ? (
          <Text size="sm" c="orange" data-testid="overseas-hint">
            <Trans>
              An overseas remittance needs a signed document and must be completed within five days
            </Trans>
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={busy} data-testid="topup-next">
            <Trans>Next</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
