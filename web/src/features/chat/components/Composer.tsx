import { useLingui } from '@lingui/react/macro';
import {
  Alert,
  Badge,
  Button,
  CloseButton,
  FileButton,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import {
  CHAT_CONTENT_MAX,
  CHAT_FILES_MAX,
  CHAT_PATCH_MAX,
  type ChatFileView,
  UPLOAD_MAX_MB,
} from '@platform/contracts';
import { IconFileDiff, IconPaperclip, IconPlayerStop, IconSend } from '@tabler/icons-react';
import { type KeyboardEvent, useState } from 'react';

import { IconButton } from '../../../components/IconButton';
import { RequestError } from '../../../lib/request';
import {
  ATTACHMENT_ACCEPT,
  type AttachmentProblem,
  canSend,
  checkAttachments,
} from '../attachments';
import { chatApi } from '../chat.api';
import type { Outgoing } from '../chat.thread';
import classes from './Chat.module.css';

/**
 * Whether the browser sizes a textarea to its text itself (CSS field-sizing, Chromium): then the
 * message box grows without the autosize component, which measures the page in a layout effect at
 * every mount and change (issue 20: a forced layout of the whole landing page in its first task).
 */
const NATIVE_AUTOSIZE = typeof CSS !== 'undefined' && CSS.supports('field-sizing', 'content');

interface Upload {
  key: string;
  name: string;
  /** Set once the server took it. */
  stored: ChatFileView | null;
}

let uploadKeys = 0;

/**
 * The input box: Enter sends, Shift+Enter starts a new line (and Enter while an input method is
 * composing is left to it); attachments go up as soon as they are picked, so sending waits for none.
 * When a mission waits for the user's input, what is sent answers it.
 */
export function Composer({
  busy,
  answering,
  onSend,
  onStop,
  onLeaveAnswer,
}: {
  /** A reply is streaming: sending waits, and the button stops it. */
  busy: boolean;
  /** The mission the next message answers, if one waits for the user. */
  answering: { code: string; question: string } | null;
  onSend: (message: Outgoing) => Promise<boolean>;
  onStop: () => void;
  onLeaveAnswer: () => void;
}) {
  const { t } = useLingui();
  const [content, setContent] = useState('');
  const [patch, setPatch] = useState('');
  const [patchOpen, setPatchOpen] = useState(false);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [sending, setSending] = useState(false);

  const answeringCode = answering?.code ?? '';
  const uploading = uploads.some((u) => u.stored === null);
  const files = uploads.flatMap((u) => (u.stored ? [u.stored] : []));
  const message: Outgoing = { content, files, patch: patchOpen ? patch : '' };
  const ready = canSend(message) && !uploading && !busy && !sending;

  const problemText = (p: AttachmentProblem): string => {
    const { name } = p;
    switch (p.kind) {
      case 'type':
        return t`${name}: only FASTA, PDB, CSV and text files can be attached.`;
      case 'size':
        return t`${name}: upload file size cannot exceed ${UPLOAD_MAX_MB} MB!`;
      case 'empty':
        return t`${name}: the file is empty.`;
      case 'count':
        return t`${name}: at most ${CHAT_FILES_MAX} files per message.`;
    }
  };

  const pick = (picked: File[]) => {
    const { accepted, problems: refused } = checkAttachments(uploads.length, picked);
    setProblems(refused.map(problemText));
    for (const index of accepted) {
      const file = picked[index]!;
      const key = `u${(uploadKeys += 1)}`;
      setUploads((list) => [...list, { key, name: file.name, stored: null }]);
      chatApi.upload(file).then(
        (stored) => setUploads((list) => list.map((u) => (u.key === key ? { ...u, stored } : u))),
        (error: unknown) => {
          setUploads((list) => list.filter((u) => u.key !== key));
          const reason =
            error instanceof RequestError ? error.message : t`File upload failed, please try again`;
          const name = file.name;
          setProblems((list) => [...list, t`${name}: ${reason}`]);
        },
      );
    }
  };

  const send = async () => {
    if (!ready) return;
    setSending(true);
    try {
      if (await onSend(message)) {
        setContent('');
        setPatch('');
        setPatchOpen(false);
        setUploads([]);
        setProblems([]);
      }
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  };

  return (
    <Paper withBorder p="xs" radius="md" data-tour="composer" data-testid="composer">
      <Stack gap={6}>
        {answering ? (
          <Group gap="xs" wrap="nowrap" data-testid="composer-answering">
            <Badge color="orange" variant="light">
              {t`Answering mission ${answeringCode}`}
            </Badge>
            <Text size="xs" c="dimmed" truncate flex={1}>
              {answering.question}
            </Text>
            <CloseButton
              size="sm"
              aria-label={t`Send a normal message instead`}
              onClick={onLeaveAnswer}
            />
          </Group>
        ) : null}
        <Textarea
          autosize={!NATIVE_AUTOSIZE}
          minRows={2}
          maxRows={10}
          classNames={{ input: classes.message }}
          maxLength={CHAT_CONTENT_MAX}
          variant="unstyled"
          placeholder={
            answering
              ? t`Your answer to the mission… (Enter to send, Shift+Enter for a new line)`
              : t`Ask the assistant, e.g. "humanize this antibody" with its sequences… (Enter to send, Shift+Enter for a new line)`
          }
          aria-label={t`Message to the assistant`}
          value={content}
          onChange={(e) => setContent(e.currentTarget.value)}
          onKeyDown={onKeyDown}
          data-testid="chat-input"
        />
        {patchOpen ? (
          <Textarea
            autosize
            minRows={1}
            maxRows={6}
            maxLength={CHAT_PATCH_MAX}
            label={t`Patch`}
            description={t`Changes for the agents to apply, e.g. residues to mutate or an edit of an earlier result.`}
            value={patch}
            onChange={(e) => setPatch(e.currentTarget.value)}
            data-testid="chat-patch"
          />
        ) : null}
        {uploads.length ? (
          <Group gap={6} data-testid="chat-attachments">
            {uploads.map((u) => (
              <Badge
                key={u.key}
                variant="light"
                color={u.stored ? 'blue' : 'gray'}
                leftSection={u.stored ? null : <Loader size={10} />}
                rightSection={
                  <CloseButton
                    size="xs"
                    aria-label={t`Remove`}
                    onClick={() => setUploads((list) => list.filter((x) => x.key !== u.key))}
                  />
                }
                data-testid="chat-attachment"
              >
                {u.name}
              </Badge>
            ))}
          </Group>
        ) : null}
        {problems.length ? (
          <Alert
            color="red"
            variant="light"
            p="xs"
            withCloseButton
            onClose={() => setProblems([])}
            data-testid="chat-attachment-errors"
          >
            {problems.map((p) => (
              <Text key={p} size="xs">
                {p}
              </Text>
            ))}
          </Alert>
        ) : null}
        <Group justify="space-between" gap="xs">
          <Group gap={4}>
            <FileButton onChange={pick} accept={ATTACHMENT_ACCEPT} multiple>
              {(props) => (
                <IconButton
                  label={t`Attach FASTA, PDB, CSV or text files (at most ${CHAT_FILES_MAX}, ${UPLOAD_MAX_MB} MB each)`}
                  {...props}
                  variant="subtle"
                  color="gray"

                  disabled={uploads.length >= CHAT_FILES_MAX}
                  data-testid="chat-attach"
                >
                  <IconPaperclip size={18} />
                </IconButton>
              )}
            </FileButton>
            <IconButton
              label={t`Add a patch`}
              variant={patchOpen ? 'light' : 'subtle'}
              color="gray"

              aria-pressed={patchOpen}
              onClick={() => setPatchOpen((open) => !open)}
              data-testid="chat-patch-toggle"
            >
              <IconFileDiff size={18} />
            </IconButton>
          </Group>
          <Group gap="xs">
            {busy ? (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconPlayerStop size={14} />}
                onClick={onStop}
                data-testid="chat-stop"
              >
                {t`Stop`}
              </Button>
            ) : null}
            <Tooltip
              label={t`Write a message, attach a file or add a patch first`}
              disabled={canSend(message)}
            >
              <Button
                size="xs"
                rightSection={<IconSend size={14} />}
                disabled={!ready}
                loading={sending && !busy}
                onClick={() => void send()}
                data-testid="chat-send"
              >
                {answering ? t`Answer` : t`Send`}
              </Button>
            </Tooltip>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
