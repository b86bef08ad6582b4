import { useLingui } from '@lingui/react/macro';
import { Anchor, Drawer } from '@mantine/core';
import { type ConversationView, seesEveryConversation } from '@platform/contracts';
import { IconEye } from '@tabler/icons-react';
import { useState } from 'react';

import { CrudPage } from '../../components/CrudPage';
import { IconButton } from '../../components/IconButton';
import { useOwners } from '../../hooks/useOwners';
import { useActor } from '../../lib/auth';
import { formatTime } from '../../lib/format';
import { ConversationMessages } from './components/ConversationMessages';
import { CONVERSATIONS_LIST_URL } from './conversations.api';

type Row = ConversationView & Record<string, unknown>;

const TEST_ID = 'conversations-page';

/**
 * The console's "Chat assistant" and "Conversation history" (wujie/chat/index, wujie/chat/history):
 * every user's conversations for an administrator or whoever holds wujie:chat:everyone, read only —
 * owner, theme, when, how many messages; server-side paging and search by theme and owner — and a
 * user's own otherwise. Opening
 * one shows its messages as the chat does, with mission cards linking to /mission/info.
 */
export function ConversationsPage() {
  const { t, i18n } = useLingui();
  const actor = useActor();
  // The service's rule, so the owner's column and filter show exactly when everyone's are listed.
  const everyone = seesEveryConversation(actor);
  const owners = useOwners(everyone);
  const [open, setOpen] = useState<Row | null>(null);

  return (
    <>
      <CrudPage<Row>
        config={{
          testId: TEST_ID,
          listUrl: CONVERSATIONS_LIST_URL,
          idKey: 'id',
          fixed: everyone ? { all: true } : undefined,
          filters: [{ name: 'theme', label: t`Theme` }, ...(everyone ? [owners.filter] : [])],
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
            ...(everyone ? [owners.column] : []),
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
            owner={owners.label(open.ownerUserId)}
            own={open.ownerUserId === actor.userId}
          />
        ) : null}
      </Drawer>
    </>
  );
}
