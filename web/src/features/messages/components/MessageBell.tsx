import { useLingui } from '@lingui/react/macro';
import { Indicator, Tooltip } from '@mantine/core';
import { PERMISSIONS as P } from '@platform/contracts';
import { IconBell } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { AppLink } from '../../../components/AppLink';
import { IconButton } from '../../../components/IconButton';
import { hasPermi, useSession } from '../../../lib/auth';
import { onMessagePush } from '../../../lib/socket';
import { messageApi, messageKeys } from '../messages.api';

/** Counted again at most this often without a push (a push refreshes it at once). */
const UNREAD_REFRESH_MS = 60_000;

/** The header's bell: the unread count, live (refreshed on every message pushed on the socket). */
export function MessageBell() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const permissions = useSession((s) => s.permissions);
  const allowed = hasPermi(permissions, P.wujie.message.list);
  const unread = useQuery({
    queryKey: messageKeys.unread,
    queryFn: messageApi.unreadCount,
    enabled: allowed,
    refetchInterval: UNREAD_REFRESH_MS,
  });
  useEffect(
    () =>
      onMessagePush(() => {
        void queryClient.invalidateQueries({ queryKey: messageKeys.all });
      }),
    [queryClient],
  );
  if (!allowed) return null;
  const count = unread.data?.count ?? 0;
  const label = count > 0 ? t`Messages (${count} unread)` : t`Messages`;
  return (
    <Tooltip label={label}>
      <Indicator
        label={count > 99 ? '99+' : count}
        size={16}
        color="red"
        disabled={count === 0}
        offset={4}
        data-testid="message-bell-count"
        data-count={count}
      >
        <IconButton
          label={label}
          variant="subtle"
          color="gray"
          component={AppLink}
          to="/wujie/message"

          data-testid="message-bell"
        >
          <IconBell size={18} />
        </IconButton>
      </Indicator>
    </Tooltip>
  );
}
