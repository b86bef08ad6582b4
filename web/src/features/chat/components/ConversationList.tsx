import { useLingui } from '@lingui/react/macro';
import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { CHAT_THEME_MAX, type ConversationView } from '@platform/contracts';
import { IconCheck, IconPencil, IconPlus, IconSearch, IconTrash, IconX } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { IconButton } from '../../../components/IconButton';
import { chatApi, chatKeys, conversationsQuery } from '../chat.api';
import classes from './Chat.module.css';

const SEARCH_DEBOUNCE_MS = 250;

function when(iso: string, locale: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleString(locale === 'zh' ? 'zh-CN' : 'en', {
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      });
}

/** The history list: search, continue, new, rename in place, delete after a confirmation. */
export function ConversationList({
  activeId,
  onOpen,
  onNew,
}: {
  activeId: number | null;
  onOpen: (id: number) => void;
  onNew: () => void;
}) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [searched] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const list = useQuery({ ...conversationsQuery(searched), placeholderData: keepPreviousData });
  const [editing, setEditing] = useState<{ id: number; theme: string } | null>(null);
  const [deleting, setDeleting] = useState<ConversationView | null>(null);
  const deletingTheme = deleting?.theme ?? '';
  const shown = list.data ?? [];

  const refresh = () => queryClient.invalidateQueries({ queryKey: chatKeys.conversations() });
  const rename = useMutation({
    mutationFn: (v: { id: number; theme: string }) => chatApi.rename(v.id, v.theme),
    onSuccess: () => {
      setEditing(null);
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => chatApi.remove(id),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: chatKeys.messages(id) });
      if (id === activeId) onNew();
      void refresh();
    },
  });

  const saveRename = () => {
    const theme = editing?.theme.trim();
    if (editing && theme) rename.mutate({ id: editing.id, theme });
  };

  let body;
  if (list.isPending) {
    body = (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  } else if (list.isError) {
    body = (
      <Alert color="red" variant="light" data-testid="conversations-error">
        <Text size="sm">{t`The conversations could not be loaded.`}</Text>
        <Button size="xs" variant="subtle" mt="xs" onClick={() => void list.refetch()}>
          {t`Try again`}
        </Button>
      </Alert>
    );
  } else if (shown.length === 0) {
    body = (
      <Text size="sm" c="dimmed" ta="center" py="xl" data-testid="conversations-empty">
        {search.trim() ? t`No conversation matches.` : t`No conversations yet.`}
      </Text>
    );
  } else {
    body = (
      <Stack gap={2}>
        {shown.map((c) =>
          editing?.id === c.id ? (
            <Group key={c.id} gap={4} wrap="nowrap" p={4}>
              <TextInput
                size="xs"
                flex={1}
                autoFocus
                value={editing.theme}
                maxLength={CHAT_THEME_MAX}
                aria-label={t`Conversation title`}
                data-testid="conversation-rename-input"
                onChange={(e) => setEditing({ id: c.id, theme: e.currentTarget.value })}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') saveRename();
                  if (e.key === 'Escape') setEditing(null);
                }}
              />
              <IconButton
                label={t`Save`}
                size="sm"
                variant="subtle"

                loading={rename.isPending}
                disabled={!editing.theme.trim()}
                onClick={saveRename}
                data-testid="conversation-rename-save"
              >
                <IconCheck size={14} />
              </IconButton>
              <IconButton
                label={t`Cancel`}
                size="sm"
                variant="subtle"
                color="gray"

                onClick={() => setEditing(null)}
              >
                <IconX size={14} />
              </IconButton>
            </Group>
          ) : (
            <Group
              key={c.id}
              gap={2}
              wrap="nowrap"
              className={classes.conversation}
              data-active={c.id === activeId || undefined}
            >
              <UnstyledButton
                flex={1}
                miw={0}
                p={6}
                onClick={() => onOpen(c.id)}
                data-testid="conversation-item"
                data-conversation-id={c.id}
              >
                <Text size="sm" truncate>
                  {c.theme || t`Untitled conversation`}
                </Text>
                <Text size="xs" c="dimmed">
                  {when(c.updateTime || c.createTime, i18n.locale)}
                </Text>
              </UnstyledButton>
              <IconButton
                label={t`Rename`}
                size="sm"
                variant="subtle"
                color="gray"
                className={classes.conversationAction}

                onClick={() => setEditing({ id: c.id, theme: c.theme })}
                data-testid="conversation-rename"
              >
                <IconPencil size={14} />
              </IconButton>
              <IconButton
                label={t`Delete`}
                size="sm"
                variant="subtle"
                color="red"
                className={classes.conversationAction}

                onClick={() => setDeleting(c)}
                data-testid="conversation-delete"
              >
                <IconTrash size={14} />
              </IconButton>
            </Group>
          ),
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="xs" h="100%" data-testid="conversation-list">
      <Button
        leftSection={<IconPlus size={16} />}
        variant="light"
        onClick={onNew}
        data-testid="conversation-new"
      >
        {t`New conversation`}
      </Button>
      <TextInput
        size="xs"
        leftSection={<IconSearch size={14} />}
        placeholder={t`Search conversations`}
        aria-label={t`Search conversations`}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        data-testid="conversation-search"
      />
      <ScrollArea flex={1} type="auto">
        {body}
      </ScrollArea>
      <ConfirmDialog
        opened={deleting !== null}
        message={t`Delete the conversation "${deletingTheme}"? Its messages cannot be restored.`}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id);
          setDeleting(null);
        }}
      />
    </Stack>
  );
}
