import { useLingui } from '@lingui/react/macro';
import {
  Alert,
  Avatar,
  Badge,
  Box,
  Button,
  Center,
  Group,
  List,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import { ASSISTANT_AGENT, ASSISTANT_JOBS, assistantJobTitle } from '@platform/contracts';
import { IconFile, IconRobot, IconUser } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef } from 'react';

import { chatApi } from '../chat.api';
import type { ThreadMessage } from '../chat.thread';
import classes from './Chat.module.css';
import { Markdown } from './Markdown';

/** Within this many pixels of the bottom the window keeps following a growing reply. */
const FOLLOW_PX = 80;

function Welcome() {
  const { t, i18n } = useLingui();
  const lang = i18n.locale === 'en' ? 'en' : 'zh';
  return (
    <Center h="100%" p="xl" data-testid="chat-welcome">
      <Stack gap="xs" maw={520}>
        <Text fw={600}>{t`What would you like to design today?`}</Text>
        <Text size="sm" c="dimmed">
          {t`Describe the job in Chinese or English and paste the sequences (or attach FASTA, PDB or CSV files). The assistant starts a mission and shows its progress here. It can do:`}
        </Text>
        <List size="sm">
          {ASSISTANT_JOBS.map((job) => (
            <List.Item key={job}>{assistantJobTitle(job, lang)}</List.Item>
          ))}
        </List>
      </Stack>
    </Center>
  );
}

function Bubble({
  message,
  card,
  userName,
}: {
  message: ThreadMessage;
  card: ReactNode;
  userName?: string;
}) {
  const { t } = useLingui();
  const mine = message.role === 'user';
  const speaker = mine
    ? (userName ?? t`You`)
    : !message.agent || message.agent === ASSISTANT_AGENT
      ? t`Assistant`
      : message.agent;
  const streaming = message.status === 'streaming';
  return (
    <Group
      align="flex-start"
      wrap="nowrap"
      gap="xs"
      justify={mine ? 'flex-end' : 'flex-start'}
      data-testid="chat-message"
      data-role={message.role}
      data-status={message.status}
    >
      {mine ? null : (
        <Avatar size="sm" color="blue" radius="xl">
          <IconRobot size={16} />
        </Avatar>
      )}
      <Stack
        gap={4}
        maw="85%"
        // A reply with a mission card takes the full width: the card's results need room.
        w={message.missionId === null ? undefined : '85%'}
        align={mine ? 'flex-end' : 'flex-start'}
        miw={0}
      >
        <Text size="xs" c="dimmed" data-testid="chat-message-agent">
          {speaker}
        </Text>
        {message.content || streaming || message.patch ? (
          <Paper
            px="sm"
            py={6}
            radius="md"
            className={mine ? classes.mine : classes.theirs}
            data-testid="chat-message-content"
          >
            {message.content && mine ? (
              <Text size="sm" className={classes.text}>
                {message.content}
              </Text>
            ) : message.content ? (
              <>
                <Markdown text={message.content} />
                {streaming ? <span className={classes.caret} aria-hidden /> : null}
              </>
            ) : streaming ? (
              <Loader
                size="xs"
                type="dots"
                role="status"
                aria-label={t`The assistant is writing`}
              />
            ) : null}
            {message.patch ? (
              <Text size="xs" c="dimmed" mt={4} className={classes.text}>
                {t`Patch:`} {message.patch}
              </Text>
            ) : null}
          </Paper>
        ) : null}
        {message.files.length ? (
          <Group gap={4}>
            {message.files.map((file) => {
              const name = file.originalFilename;
              return (
                <Badge
                  key={file.fileName}
                  component="button"
                  type="button"
                  data-testid="chat-message-file"
                  variant="outline"
                  color="gray"
                  leftSection={<IconFile size={12} />}
                  title={t`Download ${name}`}
                  style={{ cursor: 'pointer' }}
                  onClick={() => void chatApi.download(file).catch(() => undefined)}
                >
                  {name}
                </Badge>
              );
            })}
          </Group>
        ) : null}
        {message.status === 'failed' ? (
          <Text size="xs" c="red" data-testid="chat-message-error">
            {message.error || t`The reply was interrupted.`}
          </Text>
        ) : null}
        {card}
      </Stack>
      {mine ? (
        <Avatar size="sm" color="gray" radius="xl">
          <IconUser size={16} />
        </Avatar>
      ) : null}
    </Group>
  );
}

/**
 * The message window: the conversation's messages, the reply being written as it streams, and under
 * each reply that started a mission its card. Follows the bottom while the reader is there.
 */
export function MessageList({
  messages,
  loading,
  error,
  onRetry,
  renderCard,
  userName,
}: {
  messages: readonly ThreadMessage[];
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  renderCard: (message: ThreadMessage) => ReactNode;
  /** Who the user's messages are shown as (default "You"; the console names the owner). */
  userName?: string;
}) {
  const { t } = useLingui();
  const viewport = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const last = messages.at(-1);

  useEffect(() => {
    const el = viewport.current;
    // Nothing to follow in an empty window; reading its height would lay the page out in this task.
    if (el && following.current && messages.length > 0) el.scrollTo({ top: el.scrollHeight });
  }, [messages.length, last?.content, last?.status]);

  let body: ReactNode;
  if (loading) {
    body = (
      <Center h="100%">
        <Loader />
      </Center>
    );
  } else if (error) {
    body = (
      <Center h="100%" p="md">
        <Alert color="red" variant="light" data-testid="chat-messages-error">
          <Text size="sm">{t`The messages of this conversation could not be loaded.`}</Text>
          <Button size="xs" variant="subtle" mt="xs" onClick={onRetry}>
            {t`Try again`}
          </Button>
        </Alert>
      </Center>
    );
  } else if (messages.length === 0) {
    body = <Welcome />;
  } else {
    body = (
      <Stack gap="md" p="md">
        {messages.map((message) => (
          <Bubble
            key={message.key}
            message={message}
            // Only a reply carries its mission's card; the owner's answers to the mission name it too.
            card={message.role === 'assistant' ? renderCard(message) : null}
            userName={userName}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Box className={classes.window} data-tour="messages" data-testid="chat-messages">
      <ScrollArea
        h="100%"
        type="auto"
        viewportRef={viewport}
        onScrollPositionChange={({ y }) => {
          const el = viewport.current;
          if (el) following.current = el.scrollHeight - el.clientHeight - y < FOLLOW_PX;
        }}
      >
        {body}
      </ScrollArea>
    </Box>
  );
}
