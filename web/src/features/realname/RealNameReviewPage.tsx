import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import {
  PERMISSIONS as P,
  REALNAME_REASON_MAX,
  type RealNameRequestView,
} from '@platform/contracts';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';

import { ConfirmButton } from '../../components/ConfirmButton';
import { CrudPage } from '../../components/CrudPage';
import { IconButton } from '../../components/IconButton';
import { HasPermi } from '../../components/Permission';
import { formatTime } from '../../lib/format';
import { notify } from '../../lib/notify';
import { approveRealName, REALNAME_REVIEW_LIST_URL, rejectRealName } from './realname.api';

type Row = RealNameRequestView & Record<string, unknown>;

function RejectDialog({ row, onDone }: { row: Row; onDone: () => void }) {
  const { t } = useLingui();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!reason.trim()) {
      setError(t`Please give the reason for the rejection`);
      return;
    }
    setBusy(true);
    try {
      await rejectRealName(row.id, reason.trim());
      notify('success', t`Request rejected`);
      onDone();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack data-testid="realname-reject-dialog">
      <Text size="sm">
        <Trans>
          {row.userName}: {row.certName}, {row.certNo}
        </Trans>
      </Text>
      <Textarea
        label={t`Reason`}
        withAsterisk
        maxLength={REALNAME_REASON_MAX}
        autosize
        minRows={2}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        error={error}
        data-testid="realname-reject-reason"
      />
      <Group justify="flex-end">
        <Button
          color="red"
          loading={busy}
          onClick={() => void submit()}
          data-testid="realname-reject-submit"
        >
          <Trans>Reject</Trans>
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Real-name review (menu wujie/realname/index): the requests no Alipay certification confirms; an
 * administrator approves one or rejects it with a reason the user sees. Names and numbers only masked.
 */
export function RealNameReviewPage() {
  const { t, i18n } = useLingui();
  const [rejecting, setRejecting] = useState<{ row: Row; refresh: () => void } | null>(null);
  const statusBadge = (status: number) =>
    status === 1 ? (
      <Badge color="green" variant="light">{t`Authenticated`}</Badge>
    ) : status === 2 ? (
      <Badge color="red" variant="light">{t`Rejected`}</Badge>
    ) : (
      <Badge color="orange" variant="light">{t`Waiting for review`}</Badge>
    );
  return (
    <Stack data-testid="realname-review-page">
      <Title order={1} size="h3">
        <Trans>Real-name review</Trans>
      </Title>
      <CrudPage<Row>
        config={{
          testId: 'realname-review',
          listUrl: REALNAME_REVIEW_LIST_URL,
          idKey: 'id',
          filters: [
            {
              name: 'status',
              label: t`Status`,
              type: 'select',
              options: [
                { value: '0', label: t`Waiting for review` },
                { value: '1', label: t`Authenticated` },
                { value: '2', label: t`Rejected` },
              ],
            },
          ],
          permissions: {},
          columns: [
            { key: 'id', title: t`Request no.` },
            { key: 'userName', title: t`User name` },
            { key: 'certName', title: t`Name` },
            { key: 'certNo', title: t`ID number` },
            {
              key: 'channel',
              title: t`Channel`,
              render: (r) => (r.channel === 'alipay' ? t`Alipay` : t`Administrator review`),
            },
            { key: 'status', title: t`Status`, render: (r) => statusBadge(r.status) },
            { key: 'reason', title: t`Reason`, render: (r) => r.reason ?? '' },
            { key: 'reviewedBy', title: t`Reviewed by`, render: (r) => r.reviewedBy ?? '' },
            {
              key: 'createTime',
              title: t`Submitted`,
              render: (r) => formatTime(r.createTime, i18n.locale),
            },
          ],
          rowActions: (row, refresh) =>
            row.status === 0 && row.channel === 'manual' ? (
              <HasPermi value={P.wujie.realName.review}>
                <ConfirmButton
                  icon={<IconCheck size={16} />}
                  label={t`Approve`}
                  color="green"
                  testId="realname-approve"
                  message={t`Approve the real-name request of ${row.userName}?`}
                  onConfirm={async () => {
                    await approveRealName(row.id);
                    notify('success', t`Request approved`);
                    refresh();
                  }}
                />
                <IconButton
                  label={t`Reject`}
                  variant="subtle"
                  color="red"
                  data-testid="realname-reject"
                  onClick={() => setRejecting({ row, refresh })}
                >
                  <IconX size={16} />
                </IconButton>
              </HasPermi>
            ) : null,
        }}
      />
      <Modal
        opened={rejecting !== null}
        onClose={() => setRejecting(null)}
        title={t`Reject the request`}
      >
        {rejecting ? (
          <RejectDialog
            row={rejecting.row}
            onDone={() => {
              rejecting.refresh();
              setRejecting(null);
            }}
          />
        ) : null}
      </Modal>
    </Stack>
  );
}
