import { useLingui } from '@lingui/react/macro';
import { Anchor, Drawer, Select } from '@mantine/core';
import {
  type ConversationView,
  PERMISSIONS as P,
  seesEveryConversation,
} from '@platform/contracts';
import { IconEye } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { IconButton } from '../../components/IconButton';
import { hasPermi, useActor } from '../../lib/auth';
import { CrudPage, type Field } from '../admin/components/CrudPage';
import { formatTime } from '../mission/mission-format';
import { ConversationMessages } from './components/ConversationMessages';
import { CONVERSATIONS_LIST_URL, ownerLabel, simpleUsersQuery } from './conversations.api';

type Row = ConversationView & Record<string, unknown>;

const TEST_ID = 'conversations-page';

/**
 * The console's "Chat assistant" and "Conversation history" (wujie/chat/index, wujie/chat/history):
 * every user's conversations for an administrator or whoever holds wujie:chat:everyone, read only —
 * owner, theme, when, how many
 * messages; server-side paging and search by theme and owner — and a user's own otherwise. Opening
 * one shows its messages as the chat does, with mission cards linking to /mission/info.
 */
export function ConversationsPage() {
  const { t, i18n } = useLingui();
  const actor = useActor();
  // The service's rule, so the owner's column and filter show exactly when everyone's are listed.
  const everyone = seesEveryConversation(actor);
  const me = actor.userId;
  const users = useQuery({
    ...simpleUsersQuery(),
    enabled: everyone && hasPermi(actor.permissions, P.system.user.list),
  });
  const [open, setOpen] = useState<Row | null>(null);
  const owner = (id: number) => (id === me ? t`Me` : ownerLabel(users.data, id));

  const ownerFilter: Field = users.data
    ? {
        name: 'ownerUserId',
        label: t`Owner`,
        type: 'custom',
        render: (value, onChange) => (
          <Select
            label={t`Owner`}
            searchable
            clearable
            data={users.data.map((u) => ({
              value: String(u.userId),
              label: ownerLabel(users.data, u.userId),
            }))}
            value={value === undefined || value === null ? null : String(value)}
            onChange={(v) => onChange(v ? Number(v) : undefined)}
            data-testid="field-ownerUserId"
          />
        ),
      }
    : { name: 'ownerUserId', label: t`Owner id`, type: 'number' };

  return (
    <>
      <CrudPage<Row>
        config={{
          testId: TEST_ID,
          listUrl: CONVERSATIONS_LIST_URL,
          idKey: 'id',
          fixed: everyone ? { all: true } : undefined,
          filters: [{ name: 'theme', label: t`Theme` }, ...(everyone ? [ownerFilter] : [])],
          columns: [
            { key: 'id', title: t`Id` },
            {
              key: 'theme',
              title: t`Theme`,
              render: (r) => (
                <Anchor
                  component="button"
                  size="sm"
                  onClick={() => setOpen(r)}
                  data-testid="conversation-theme"
                >
                  {r.theme || t`(untitled)`}
                </Anchor>
              ),
            },
            ...(everyone
              ? [{ key: 'ownerUserId', title: t`Owner`, render: (r: Row) => owner(r.ownerUserId) }]
              : []),
            { key: 'messageCount', title: t`Messages` },
            {
              key: 'createTime',
              title: t`Created`,
              render: (r) => formatTime(r.createTime, i18n.locale),
            },
            {
              key: 'updateTime',
              title: t`Last message`,
              render: (r) => formatTime(r.updateTime, i18n.locale),
            },
          ],
          permissions: {},
          rowActions: (row) => (
            <IconButton
              label={t`View`}
              variant="subtle"
              data-testid="view"
              onClick={() => setOpen(row)}
            >
              <IconEye size={16} />
            </IconButton>
          ),
        }}
      />
      <Drawer
        opened={open !== null}
        onClose={() => setOpen(null)}
        position="right"
        size="xl"
        title={open ? open.theme || t`(untitled)` : ''}
        styles={{
          content: { display: 'flex', flexDirection: 'column' },
          body: { flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' },
        }}
        data-testid="conversation-drawer"
      >
        {open ? (
          <ConversationMessages
            key={open.id}
            conversation={open}
            owner={owner(open.ownerUserId)}
            own={open.ownerUserId === me}
          />
        ) : null}
      </Drawer>
    </>
  );
}
