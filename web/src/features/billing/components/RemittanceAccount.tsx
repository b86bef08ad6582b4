import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Text } from '@mantine/core';
import type { RemittanceAccountView } from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';

import { payConfigQuery } from '../billing.api';

/** What the server offers for paying (Alipay or not, the remittance account), in the UI's language. */
export function usePayConfig() {
  const { i18n } = useLingui();
  return useQuery(payConfigQuery(i18n.locale));
}

/** What usePayConfig says of the account: undefined while it is asked, null when there is none. */
export function accountOf(config: ReturnType<typeof usePayConfig>) {
  return config.isPending ? undefined : (config.data?.remittanceAccount ?? null);
}

/**
 * The bank account a remittance goes to; "contact customer service" when none is set (nothing while
 * it is being asked: `undefined`).
 */
export function RemittanceAccount({
  account,
}: {
  account: RemittanceAccountView | null | undefined;
}) {
  const { t } = useLingui();
  if (account === undefined) return null;
  if (!account) {
    return (
      <Text size="sm" data-testid="remittance-account">
        <Trans>Please contact customer service for the bank account.</Trans>
      </Text>
    );
  }
  const lines: [string, string][] = [
    [t`Bank`, account.bankName],
    [t`Account name`, account.accountName],
    [t`Account number`, account.accountNumber],
  ];
  return (
    <Stack gap={2} data-testid="remittance-account">
      {lines
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <Text size="sm" key={label}>
            {label}: <strong>{value}</strong>
          </Text>
        ))}
      {account.note ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {account.note}
        </Text>
      ) : null}
    </Stack>
  );
}
