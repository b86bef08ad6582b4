import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Badge, Box, Group, Stack, Text } from '@mantine/core';
import type { ConversationView } from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';

import { AppLink } from '../../../components/AppLink';
import { formatTime } from '../../../lib/format';
import { EMPTY_THREAD, MessageList, messagesQuery, threadReducer } from '../../chat';
import { MissionCard } from '../../mission';

/**
 * One conversation read only, as the chat shows it: every message as stored (the speaking agent,
 * files, failed replies), and under each reply that started a mission its card, live, without
 * actions, linking to /mission/info. Its owner may continue it in the chat.
 */
export function ConversationMessages({
  conversation,
  owner,
  own,
}: {
  conversation: ConversationView;
  /** How the owner is named. */
  owner: string;
  /** The reader owns it (and may continue it in the chat). */
  own: boolean;
}) {
  const { i18n } = useLingui();
  const messages = useQuery(messagesQuery(conversation.id));
  const thread = threadReducer(EMPTY_THREAD, { type: 'loaded', messages: messages.data ?? [] });
  const loaded = messages.isSuccess;
  return (
    <Stack gap="sm" h="100%" data-testid="conversation-messages">
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <Badge variant="light" tt="none">
            {owner}
          </Badge>
          <Text size="xs" c="dimmed">
            {formatTime(conversation.createTime, i18n.locale)} –{' '}
            {formatTime(conversation.updateTime, i18n.locale)}
          </Text>
          <Text size="xs" c="dimmed" data-testid="conversation-message-count">
            <Trans>{conversation.messageCount} messages</Trans>
          </Text>
        </Group>
        {own ? (
          <Anchor
            component={AppLink}
            to={`/char/info?id=${conversation.id}`}
            size="sm"
            data-testid="conversation-continue"
          >
            <Trans>Continue in the chat</Trans>
          </Anchor>
        ) : null}
      </Group>
      {loaded && thread.messages.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="conversation-empty">
          <Trans>This conversation has no messages.</Trans>
        </Text>
      ) : (
        <Box style={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}>
          <MessageList
            messages={thread.messages}
            loading={messages.isLoading}
            error={messages.isError}
            onRetry={() => void messages.refetch()}
            userName={own ? undefined : owner}
            renderCard={(message) =>
              message.missionId !== null ? (
                <MissionCard missionId={message.missionId} readOnly />
              ) : null
            }
          />
        </Box>
      )}
    </Stack>
  );
}
