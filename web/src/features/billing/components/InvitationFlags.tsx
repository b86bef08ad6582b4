import { useLingui } from '@lingui/react/macro';
import { Badge } from '@mantine/core';
import {
  INVITATION_FLAG_STATUS,
  type InvitationFlagStatus,
  type InvitationFlagView,
  PERMISSIONS as P,
} from '@platform/contracts';
import { IconCoinOff, IconEyeOff } from '@tabler/icons-react';

import { ConfirmButton } from '../../../components/ConfirmButton';
import { CrudPage } from '../../../components/CrudPage';
import { HasPermi } from '../../../components/Permission';
import { formatTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { flagAction, FLAGS_URL } from '../billing.api';

type FlagRow = InvitationFlagView & Record<string, unknown>;

const STATUS_COLORS: Record<InvitationFlagStatus, string> = {
  open: 'red',
  deducted: 'orange',
  dismissed: 'gray',
};

/**
 * Abnormal invitations: several sign-ups through one inviter from one address or device in a short
 * time. Nothing is deducted by itself: the administrator deducts the rewards they paid, or dismisses
 * the flag (and may switch the inviter's link off on the users tab).
 */
export function InvitationFlags() {
  const { t, i18n } = useLingui();
  const statusNames: Record<InvitationFlagStatus, string> = {
    open: t`To handle`,
    deducted: t`Deducted`,
    dismissed: t`Dismissed`,
  };
  return (
    <CrudPage<FlagRow>
      config={{
        testId: 'invitation-flags',
        listUrl: FLAGS_URL,
        idKey: 'id',
        filters: [
          { name: 'inviterId', label: t`Inviter id`, type: 'number' },
          {
            name: 'status',
            label: t`Status`,
            type: 'select',
            options: Object.values(INVITATION_FLAG_STATUS).map((s) => ({
              value: s,
              label: statusNames[s],
            })),
          },
        ],
        permissions: {},
        columns: [
          { key: 'id', title: t`Id` },
          { key: 'inviterId', title: t`Inviter id` },
          {
            key: 'kind',
            title: t`Shared`,
            render: (r) => `${r.kind === 'ip' ? t`Address` : t`Device`}: ${r.source}`,
          },
          {
            key: 'invitedUserIds',
            title: t`Invited users`,
            render: (r) => r.invitedUserIds.join(', '),
          },
          {
            key: 'status',
            title: t`Status`,
            render: (r) => (
              <Badge color={STATUS_COLORS[r.status]} variant="light">
                {statusNames[r.status]}
              </Badge>
            ),
          },
          { key: 'deductedPoints', title: t`Points deducted` },
          { key: 'operator', title: t`Operator` },
          {
            key: 'createTime',
            title: t`Time`,
            render: (r) => formatTime(r.createTime, i18n.locale),
          },
        ],
        rowActions: (row, refresh) =>
          row.status === 'open' ? (
            <>
              <HasPermi value={P.wujie.user.points}>
                <ConfirmButton
                  icon={<IconCoinOff size={16} />}
                  label={t`Deduct the rewards`}
                  testId="flag-deduct"
                  message={t`Take back the referral rewards these sign-ups paid (never below a balance of 0)?`}
                  onConfirm={async () => {
                    await flagAction('deduct', row.id);
                    notify('success', t`Rewards deducted`);
                    refresh();
                  }}
                />
              </HasPermi>
              <HasPermi value={P.wujie.user.edit}>
                <ConfirmButton
                  icon={<IconEyeOff size={16} />}
                  label={t`Dismiss`}
                  color="gray"
                  testId="flag-dismiss"
                  message={t`Dismiss this flag without deducting anything?`}
                  onConfirm={async () => {
                    await flagAction('dismiss', row.id);
                    notify('success', t`Flag dismissed`);
                    refresh();
                  }}
                />
              </HasPermi>
            </>
          ) : null,
      }}
    />
  );
}
