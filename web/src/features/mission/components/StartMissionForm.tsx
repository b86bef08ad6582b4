import { Trans, useLingui } from '@lingui/react/macro';
import { Button, FileInput, Group, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  hasMissionInput,
  MISSION_FILES_MAX,
  MISSION_PATCH_MAX,
  MISSION_TEXT_MAX,
  type MissionStartedView,
  NAME_MAX,
} from '@platform/contracts';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';

import { notify } from '../../../lib/notify';
import { missionApi } from '../mission.api';
import { uploadAll } from './MissionDialogs';

export interface SampleInput {
  label: ReactNode;
  text: string;
}

/**
 * Starts a mission on a workflow of the given status (online for users; testing for the task test
 * page) with the user's request, a patch and files; at least one of the three (spec §5).
 */
export function StartMissionForm({
  workflowStatus,
  samples = [],
  onStarted,
}: {
  workflowStatus: string;
  samples?: SampleInput[];
  onStarted: (started: MissionStartedView) => void;
}) {
  const { t, i18n } = useLingui();
  const workflows = useQuery({
    queryKey: ['mission', 'workflows', workflowStatus],
    queryFn: () => missionApi.workflows(workflowStatus),
  });
  const [workflowId, setWorkflowId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [text, setText] = useState('');
  const [patch, setPatch] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [tried, setTried] = useState(false);
  const options = (workflows.data ?? []).map((w) => ({
    value: String(w.id),
    label: (i18n.locale === 'en' && w.nameEn) || w.name,
  }));
  const empty = !hasMissionInput({ text, patch }) && files.length === 0;

  const start = async () => {
    setTried(true);
    if (!workflowId || empty) return;
    setBusy(true);
    try {
      const names = (await uploadAll(files)).map((f) => f.fileName);
      const started = await missionApi.start({
        workflowId: Number(workflowId),
        ...(name.trim() ? { name: name.trim() } : {}),
        inputs: {
          ...(text.trim() ? { text } : {}),
          ...(patch.trim() ? { patch } : {}),
          ...(names.length ? { files: names } : {}),
        },
      });
      notify('success', t`Mission ${started.code} started`);
      onStarted(started);
    } catch {
      // the request layer has shown why
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm" data-testid="start-mission-form">
      <Select
        label={t`Workflow`}
        withAsterisk
        searchable
        data={options}
        value={workflowId}
        onChange={setWorkflowId}
        nothingFoundMessage={t`No workflow`}
        placeholder={workflows.isLoading ? t`Loading…` : undefined}
        error={tried && !workflowId ? t`Workflow cannot be empty` : undefined}
        data-testid="start-workflow"
      />
      <TextInput
        label={t`Mission name`}
        placeholder={t`Default: the workflow's name`}
        maxLength={NAME_MAX}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        data-testid="start-name"
      />
      <Textarea
        label={t`Request`}
        description={t`What the agents should do, with the sequences (FASTA or plain)`}
        autosize
        minRows={5}
        maxLength={MISSION_TEXT_MAX}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        data-testid="start-text"
      />
      {samples.length ? (
        <Group gap="xs">
          <Text size="xs" c="dimmed">
            <Trans>Sample inputs:</Trans>
          </Text>
          {samples.map((sample, index) => (
            <Button
              key={index}
              size="compact-xs"
              variant="subtle"
              onClick={() => setText(sample.text)}
              data-testid={`sample-${index}`}
            >
              {sample.label}
            </Button>
          ))}
        </Group>
      ) : null}
      <Textarea
        label={t`Patch`}
        description={t`Optional: residues or an edit of an earlier result`}
        autosize
        minRows={2}
        maxLength={MISSION_PATCH_MAX}
        value={patch}
        onChange={(e) => setPatch(e.currentTarget.value)}
        data-testid="start-patch"
      />
      <FileInput
        label={t`Files`}
        multiple
        clearable
        value={files}
        onChange={(picked) => setFiles(picked.slice(0, MISSION_FILES_MAX))}
        placeholder={t`At most ${MISSION_FILES_MAX} files`}
      />
      {tried && empty ? (
        <Text size="sm" c="red" data-testid="start-empty">
          <Trans>Enter some content, attach a file or give a patch.</Trans>
        </Text>
      ) : null}
      <Group justify="flex-end">
        <Button
          leftSection={<IconPlayerPlay size={16} />}
          loading={busy}
          onClick={() => void start()}
          data-testid="start-submit"
        >
          <Trans>Start mission</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
