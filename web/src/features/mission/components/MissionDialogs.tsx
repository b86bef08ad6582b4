import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  FileInput,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { type ChatFileView, MISSION_FILES_MAX, MISSION_TEXT_MAX } from '@platform/contracts';
import { useState } from 'react';

import { uploadFile } from '../../../lib/crud.api';
import { notify } from '../../../lib/notify';
import { missionApi } from '../mission.api';

/** Uploads files through /common/upload and answers their stored names with the user's names. */
export async function uploadAll(files: File[]): Promise<ChatFileView[]> {
  const stored: ChatFileView[] = [];
  for (const file of files) {
    const answer = await uploadFile('/common/upload', 'file', file, file.name);
    const fileName = String(answer.fileName ?? '');
    const originalFilename = String(answer.originalFilename || file.name);
    if (fileName) stored.push({ fileName, originalFilename });
  }
  return stored;
}

/** The user's answer to an agent that asked for input: text and files (at least one of them). */
export function ReplyDialog({
  missionId,
  opened,
  onClose,
  onDone,
}: {
  missionId: number;
  opened: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const empty = !text.trim() && files.length === 0;
  const send = async () => {
    setBusy(true);
    try {
      const stored = await uploadAll(files);
      await missionApi.reply(missionId, {
        ...(text.trim() ? { text: text.trim() } : {}),
        ...(stored.length ? { files: stored } : {}),
      });
      notify('success', t`Reply sent, the mission continues`);
      setText('');
      setFiles([]);
      onDone();
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t`Reply to the agent`} size="lg">
      <Stack gap="sm" data-testid="reply-dialog">
        <Textarea
          label={t`Your answer`}
          autosize
          minRows={4}
          maxLength={MISSION_TEXT_MAX}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          data-testid="reply-text"
        />
        <FileInput
          label={t`Files`}
          multiple
          clearable
          value={files}
          onChange={(picked) => setFiles(picked.slice(0, MISSION_FILES_MAX))}
          placeholder={t`At most ${MISSION_FILES_MAX} files`}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button
            loading={busy}
            disabled={empty}
            onClick={() => void send().catch(() => undefined)}
            data-testid="reply-send"
          >
            <Trans>Send</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** An administrator approves the waiting node (the mission continues) or rejects it with a reason. */
export function ReviewDialog({
  missionId,
  opened,
  onClose,
  onDone,
}: {
  missionId: number;
  opened: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const [decision, setDecision] = useState<'approve' | 'reject'>('approve');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const approve = decision === 'approve';
  const send = async () => {
    setBusy(true);
    try {
      await missionApi.review(missionId, {
        approve,
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      });
      notify(
        'success',
        approve ? t`Approved, the mission continues` : t`Rejected, the mission is stopped`,
      );
      setReason('');
      onDone();
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t`Review the mission`}>
      <Stack gap="sm" data-testid="review-dialog">
        <SegmentedControl
          value={decision}
          onChange={(v) => setDecision(v as 'approve' | 'reject')}
          data={[
            { value: 'approve', label: t`Approve` },
            { value: 'reject', label: t`Reject` },
          ]}
          data-testid="review-decision"
        />
        <Textarea
          label={approve ? t`Note (optional)` : t`Reason`}
          withAsterisk={!approve}
          autosize
          minRows={3}
          maxLength={1000}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          data-testid="review-reason"
        />
        {!approve ? (
          <Text size="xs" c="dimmed">
            <Trans>A rejected mission stops; the user sees your reason.</Trans>
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button
            color={approve ? 'green' : 'red'}
            loading={busy}
            disabled={!approve && !reason.trim()}
            onClick={() => void send().catch(() => undefined)}
            data-testid="review-send"
          >
            {approve ? <Trans>Approve</Trans> : <Trans>Reject</Trans>}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
