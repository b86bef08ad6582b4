import { Trans, useLingui } from '@lingui/react/macro';
import {
  Badge,
  Button,
  Drawer,
  Group,
  Modal,
  NumberInput,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { PERMISSIONS as P, type WujieUserView } from '@platform/contracts';
import { IconCoins, IconListDetails, IconLockOpen } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { ConfirmButton } from '../../components/ConfirmButton';
import { CrudPage } from '../../components/CrudPage';
import { IconButton } from '../../components/IconButton';
import { HasPermi, usePermission } from '../../components/Permission';
import { formatTime } from '../../lib/format';
import { notify } from '../../lib/notify';
import { changePoints, restoreFrozen, setLinkStatus, WUJIE_USER_LIST_URL } from './billing.api';
import { PageTabs, ReasonInput } from './components/fields';
import { InvitationFlags } from './components/InvitationFlags';
import { MyPoints } from './components/MyPoints';

type Row = WujieUserView & Record<string, unknown>;

/** Add (positive) or reduce (negative) a user's points, with the reason the ledger keeps. */
function PointsDialog({ user, onDone }: { user: Row; onDone: () => void }) {
  const { t } = useLingui();
  const reasonLabel = t`Reason`;
  const [points, setPoints] = useState<number | ''>('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ points?: string; reason?: string }>({});
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const next = {
      points:
        points === '' || points === 0 || !Number.isInteger(points)
          ? t`Enter a whole number of points other than 0`
          : typeof points === 'number' && points < 0 && -points > user.balance
            ? t`The user has only ${user.balance} points available`
            : undefined,
      reason: reason.trim() ? undefined : t`${reasonLabel} cannot be empty`,
    };
    setErrors(next);
    if (next.points || next.reason) return;
    setBusy(true);
    try {
      await changePoints(user.userId, Number(points), reason.trim());
      notify('success', t`Points changed`);
      onDone();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack data-testid="points-dialog">
      <Text size="sm">
        <Trans>
          {user.userName}: {user.balance} points available, {user.frozen} frozen
        </Trans>
      </Text>
      <NumberInput
        label={t`Points (negative reduces)`}
        withAsterisk
        allowDecimal={false}
        value={points}
        onChange={(v) => setPoints(typeof v === 'number' ? v : '')}
        error={errors.points}
        data-testid="points-change"
      />
      <ReasonInput
        label={reasonLabel}
        value={reason}
        onChange={setReason}
        error={errors.reason}
        data-testid="points-reason"
      />
      <Group justify="flex-end">
        <Button loading={busy} onClick={() => void submit()} data-testid="points-submit">
          <Trans>Confirm</Trans>
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The wujie area's "User management" (menu wujie/user/index): each user's balance, frozen points,
 * invitations, rewards, real-name status and invitation link; the administrator adds or reduces
 * points with a reason, switches the link on or off, restores frozen points no running task holds,
 * and opens a user's ledger.
 */
export function WujieUsersPage() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const { hasPermi } = usePermission();
  const canEdit = hasPermi(P.wujie.user.edit);
  const [adjusting, setAdjusting] = useState<{ user: Row; refresh: () => void } | null>(null);
  const [ledger, setLedger] = useState<Row | null>(null);
  const [switching, setSwitching] = useState<number | null>(null);

  const toggleLink = async (user: Row, refresh: () => void) => {
    setSwitching(user.userId);
    try {
      const next = user.linkStatus === 1 ? 0 : 1;
      await setLinkStatus(user.userId, next);
      notify('success', next === 1 ? t`Invitation link enabled` : t`Invitation link disabled`);
      refresh();
    } finally {
      setSwitching(null);
    }
  };

  const users = (
    <CrudPage<Row>
      config={{
        testId: 'wujie-users',
        listUrl: WUJIE_USER_LIST_URL,
        idKey: 'userId',
        filters: [
          { name: 'userName', label: t`User name` },
          { name: 'phonenumber', label: t`Phone number` },
          {
            name: 'linkStatus',
            label: t`Invitation link`,
            type: 'select',
            options: [
              { value: '1', label: t`Enabled` },
              { value: '0', label: t`Disabled` },
            ],
          },
        ],
        permissions: {},
        columns: [
          { key: 'userId', title: t`User id` },
          { key: 'userName', title: t`User name` },
          { key: 'nickName', title: t`Nickname` },
          { key: 'phonenumber', title: t`Phone number`, render: (r) => r.phonenumber ?? '' },
          { key: 'companyName', title: t`Company`, render: (r) => r.companyName ?? '' },
          {
            key: 'realNameStatus',
            title: t`Real name`,
            render: (r) =>
              r.realNameStatus === 1 ? (
                <Badge color="green" variant="light">{t`Authenticated`}</Badge>
              ) : (
                <Badge color="gray" variant="light">{t`Unauthenticated`}</Badge>
              ),
          },
          {
            key: 'balance',
            title: t`Available points`,
            render: (r) => <span data-testid="user-balance">{r.balance}</span>,
          },
          {
            key: 'frozen',
            title: t`Frozen points`,
            render: (r) => <span data-testid="user-frozen">{r.frozen}</span>,
          },
          { key: 'invitedCount', title: t`Invited users` },
          { key: 'rewardsEarned', title: t`Rewards earned` },
          {
            key: 'openFlags',
            title: t`Abnormal invitations`,
            render: (r) =>
              r.openFlags > 0 ? <Badge color="red">{r.openFlags}</Badge> : String(r.openFlags),
          },
          {
            key: 'linkStatus',
            title: t`Invitation link`,
            render: (r) => (
              <Switch
                checked={r.linkStatus === 1}
                disabled={!canEdit || switching === r.userId}
                aria-label={t`Invitation link of ${r.userName}`}
                onChange={() =>
                  void toggleLink(
                    r,
                    () => void queryClient.invalidateQueries({ queryKey: ['wujie-users'] }),
                  )
                }
                data-testid="link-switch"
              />
            ),
          },
          {
            key: 'createTime',
            title: t`Registered`,
            render: (r) => formatTime(r.createTime, i18n.locale),
          },
        ],
        rowActions: (row, refresh) => (
          <>
            <HasPermi value={P.wujie.user.points}>
              <IconButton
                label={t`Add or reduce points`}
                variant="subtle"

                data-testid="user-points"
                onClick={() => setAdjusting({ user: row, refresh })}
              >
                <IconCoins size={16} />
              </IconButton>
            </HasPermi>
            {row.frozen > 0 ? (
              <HasPermi value={P.wujie.user.edit}>
                <ConfirmButton
                  icon={<IconLockOpen size={16} />}
                  label={t`Restore frozen points`}
                  color="orange"
                  testId="user-restore-frozen"
                  message={t`Release the frozen points of ${row.userName} that no running task holds?`}
                  onConfirm={async () => {
                    await restoreFrozen(row.userId);
                    notify('success', t`Frozen points restored`);
                    refresh();
                  }}
                />
              </HasPermi>
            ) : null}
            <IconButton
              label={t`Points ledger`}
              variant="subtle"
              color="gray"

              data-testid="user-ledger"
              onClick={() => setLedger(row)}
            >
              <IconListDetails size={16} />
            </IconButton>
          </>
        ),
      }}
    />
  );

  return (
    <Stack data-testid="wujie-users-page">
      <Title order={1} size="h3">
        <Trans>User management</Trans>
      </Title>
      <PageTabs
        tabs={[
          { value: 'users', label: t`Users`, testId: 'tab-users', content: users },
          {
            value: 'flags',
            label: t`Abnormal invitations`,
            testId: 'tab-flags',
            content: <InvitationFlags />,
          },
        ]}
      />
      <Modal
        opened={adjusting !== null}
        onClose={() => setAdjusting(null)}
        title={t`Add or reduce points`}
      >
        {adjusting ? (
          <PointsDialog
            user={adjusting.user}
            onDone={() => {
              adjusting.refresh();
              void queryClient.invalidateQueries({ queryKey: ['billing'] });
              setAdjusting(null);
            }}
          />
        ) : null}
      </Modal>
      <Drawer
        opened={ledger !== null}
        onClose={() => setLedger(null)}
        position="right"
        size="xl"
        title={ledger ? t`Points ledger of ${ledger.userName}` : ''}
      >
        {ledger ? <MyPoints userId={ledger.userId} /> : null}
      </Drawer>
    </Stack>
  );
}
