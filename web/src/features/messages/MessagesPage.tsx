import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Text } from '@mantine/core';
import { type MessageType, PERMISSIONS as P } from '@platform/contracts';
import { IconChecks, IconMailOpened, IconSend } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { CrudPage } from '../../components/CrudPage';
import { IconButton } from '../../components/IconButton';
import { hasPermi, useSession } from '../../lib/auth';
import { formatTime } from '../../lib/format';
import { notify } from '../../lib/notify';
import { onMessagePush } from '../../lib/socket';
import { MessageTitle } from './components/MessageTitle';
import { SendMessageDialog } from './components/SendMessageDialog';
import {
  localized,
  MESSAGE_LIST_URL,
  MESSAGE_TYPE_COLORS,
  messageApi,
  messageKeys,
  type MessageRow,
} from './messages.api';

const LIST_ID = 'messages-page';

/** wujie/message/index: the user's own in-app messages; administrators also send them. */
export function MessagesPage() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const permissions = useSession((s) => s.permissions);
  const canSend = hasPermi(permissions, P.wujie.message.send);
  const [sending, setSending] = useState(false);
  const typeLabels: Record<MessageType, string> = {
    system: t`System`,
    notice: t`Announcement`,
    mission: t`Mission`,
    order: t`Recharge order`,
    points: t`Points`,
    realname: t`Real-name`,
    link: t`Invitation link`,
  };
  const refreshAll = () => void queryClient.invalidateQueries({ queryKey: [LIST_ID] });
  const counted = () => void queryClient.invalidateQueries({ queryKey: messageKeys.all });
  // A message pushed while the page is open appears at once.
  useEffect(() => onMessagePush(refreshAll));
  const markRead = async (target: { ids: number[] } | { all: true }) => {
    const { updated } = await messageApi.read(target);
    if ('all' in target) notify('success', t`${updated} messages marked read`);
    refreshAll();
    counted();
  };
  return (
    <>
      <CrudPage<MessageRow>
        config={{
          testId: LIST_ID,
          listUrl: MESSAGE_LIST_URL,
          idKey: 'id',
          permissions: {},
          filters: [
            {
              name: 'read',
              label: t`Status`,
              type: 'select',
              options: [
                { value: '0', label: t`Unread` },
                { value: '1', label: t`Read` },
              ],
            },
            {
              name: 'type',
              label: t`Type`,
              type: 'select',
              options: Object.entries(typeLabels).map(([value, label]) => ({ value, label })),
            },
          ],
          columns: [
            {
              key: 'type',
              title: t`Type`,
              render: (r) => (
                <Badge color={MESSAGE_TYPE_COLORS[r.type]} variant="light">
                  {typeLabels[r.type] ?? r.type}
                </Badge>
              ),
            },
            {
              key: 'title',
              title: t`Title`,
              render: (r) => {
                const text = localized(r, i18n.locale);
                return (
                  <div data-testid="message-row" data-read={r.read ? '1' : '0'}>
                    <Text fw={r.read ? 400 : 700} size="sm">
                      <MessageTitle link={r.link} title={text.title} />
                    </Text>
                    <Text size="xs" c="dimmed" lineClamp={2}>
                      {text.content}
                    </Text>
                  </div>
                );
              },
            },
            {
              key: 'createTime',
              title: t`Time`,
              render: (r) => formatTime(r.createTime, i18n.locale),
            },
            {
              key: 'read',
              title: t`Status`,
              render: (r) =>
                r.read ? (
                  <Badge color="gray" variant="outline">
                    <Trans>Read</Trans>
                  </Badge>
                ) : (
                  <Badge color="red" variant="light">
                    <Trans>Unread</Trans>
                  </Badge>
                ),
            },
          ],
          rowActions: (row) =>
            row.read ? null : (
              <IconButton
                label={t`Mark read`}
                variant="subtle"

                data-testid="message-mark-read"
                onClick={() => void markRead({ ids: [row.id] })}
              >
                <IconMailOpened size={16} />
              </IconButton>
            ),
          toolbar: () => (
            <>
              <Button
                variant="light"
                leftSection={<IconChecks size={16} />}
                onClick={() => void markRead({ all: true })}
                data-testid="message-mark-all"
              >
                <Trans>Mark all read</Trans>
              </Button>
              {canSend ? (
                <Button
                  leftSection={<IconSend size={16} />}
                  onClick={() => setSending(true)}
                  data-testid="message-compose"
                >
                  <Trans>Send a message</Trans>
                </Button>
              ) : null}
            </>
          ),
        }}
      />
      {canSend ? (
        <SendMessageDialog opened={sending} onClose={() => setSending(false)} onSent={refreshAll} />
      ) : null}
    </>
  );
}
