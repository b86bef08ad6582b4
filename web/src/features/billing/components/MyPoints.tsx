import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Group, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { PointsEntryView } from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';

import { CrudPage } from '../../../components/CrudPage';
import { formatTime } from '../../../lib/format';
import { accountQuery, POINTS_LIST_URL } from '../billing.api';
import { signedPoints } from '../billing-format';

type EntryRow = PointsEntryView & Record<string, unknown>;

function Figure({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Paper withBorder p="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

/** A points account: available balance and frozen points (held by running tasks). */
export function AccountFigures({ userId }: { userId?: number }) {
  const { t } = useLingui();
  const account = useQuery(accountQuery(userId));
  if (account.isPending) return <Loader size="sm" />;
  if (account.isError) {
    return (
      <Alert color="red" data-testid="account-error">
        <Trans>Loading failed</Trans>
      </Alert>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} maw={480}>
      <Figure label={t`Available points`} value={account.data.balance} testId="points-balance" />
      <Figure label={t`Frozen points`} value={account.data.frozen} testId="points-frozen" />
    </SimpleGrid>
  );
}

/** Signed points, green for a credit and red for a debit. */
function Signed({ value, testId }: { value: number; testId?: string }) {
  return (
    <Text span c={value > 0 ? 'green' : value < 0 ? 'red' : undefined} data-testid={testId}>
      {signedPoints(value)}
    </Text>
  );
}

/**
 * Personal centre → My points: the balance and frozen points, and the ledger (server-side paged),
 * each entry with its signed points and its reason in the user's language.
 */
export function MyPoints({ userId }: { userId?: number }) {
  const { t, i18n } = useLingui();
  // Without a user the server answers the caller's own account and ledger.
  const who = userId;
  return (
    <Stack>
      <AccountFigures userId={who} />
      <Group>
        <Text fw={600}>
          <Trans>Points ledger</Trans>
        </Text>
      </Group>
      <CrudPage<EntryRow>
        config={{
          testId: userId ? `points-ledger-${userId}` : 'points-ledger',
          listUrl: POINTS_LIST_URL,
          idKey: 'id',
          fixed: who ? { userId: who } : undefined,
          permissions: {},
          columns: [
            {
              key: 'createTime',
              title: t`Time`,
              render: (r) => formatTime(r.createTime, i18n.locale),
            },
            {
              key: 'points',
              title: t`Points`,
              render: (r) => <Signed value={r.points} testId="entry-points" />,
            },
            {
              key: 'frozen',
              title: t`Frozen`,
              render: (r) => <Signed value={r.frozen} />,
            },
            {
              key: 'reasonText',
              title: t`Reason`,
              render: (r) => <span data-testid="entry-reason">{r.reasonText}</span>,
            },
            { key: 'balanceAfter', title: t`Balance after` },
            { key: 'remark', title: t`Remark`, render: (r) => r.remark ?? '' },
          ],
        }}
      />
    </Stack>
  );
}
