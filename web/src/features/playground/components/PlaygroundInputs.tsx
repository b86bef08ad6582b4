import { Trans, useLingui } from '@lingui/react/macro';
import { Button, FileButton, Group, Stack, Text, Textarea } from '@mantine/core';
import { MISSION_PATCH_MAX, MISSION_TEXT_MAX } from '@platform/contracts';
import { IconFileImport } from '@tabler/icons-react';

import { notify } from '../../../lib/notify';
import { ATTACHMENT_ACCEPT } from '../../chat';
import { useSampleInputs } from '../../mission';
import { insertProblem, withFileText } from '../playground-inputs';

export interface PlaygroundInputValues {
  text: string;
  patch: string;
}

/**
 * The free inputs of a playground run: the request with its sequences (sample requests, or a FASTA,
 * PDB, CSV or text file put into it), and an optional patch. Empty inputs are refused by the caller.
 */
export function PlaygroundInputs({
  value,
  onChange,
  empty,
}: {
  value: PlaygroundInputValues;
  onChange: (value: PlaygroundInputValues) => void;
  /** The user tried to run with neither text nor patch. */
  empty: boolean;
}) {
  const { t } = useLingui();
  const samples = useSampleInputs();

  const insert = async (file: File | null) => {
    if (!file) return;
    const problem = insertProblem(file);
    if (problem) {
      notify(
        'error',
        problem === 'type'
          ? t`${file.name}: only FASTA, PDB, CSV and text files can be inserted`
          : problem === 'size'
            ? t`${file.name} is larger than 5 MB`
            : t`${file.name} is empty`,
      );
      return;
    }
    const text = withFileText(value.text, await file.text());
    if (text === null) notify('error', t`${file.name} is not a text file`);
    else onChange({ ...value, text });
  };

  return (
    <Stack gap="xs">
      <Textarea
        label={t`Request`}
        description={t`What to do, with the sequences (FASTA or plain)`}
        autosize
        minRows={6}
        maxRows={16}
        maxLength={MISSION_TEXT_MAX}
        value={value.text}
        onChange={(e) => onChange({ ...value, text: e.currentTarget.value })}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        data-testid="playground-text"
      />
      <Group gap="xs" justify="space-between">
        <Group gap={4}>
          <Text size="xs" c="dimmed">
            <Trans>Sample inputs:</Trans>
          </Text>
          {samples.map((sample, index) => (
            <Button
              key={index}
              size="compact-xs"
              variant="subtle"
              onClick={() => onChange({ ...value, text: sample.text })}
              data-testid={`playground-sample-${index}`}
            >
              {sample.label}
            </Button>
          ))}
        </Group>
        <FileButton onChange={(file) => void insert(file)} accept={ATTACHMENT_ACCEPT}>
          {(props) => (
            <Button
              {...props}
              size="compact-sm"
              variant="light"
              leftSection={<IconFileImport size={14} />}
              data-testid="playground-insert-file"
            >
              <Trans>Insert a file</Trans>
            </Button>
          )}
        </FileButton>
      </Group>
      <Textarea
        label={t`Patch`}
        description={t`Optional: residues or an edit of an earlier result`}
        autosize
        minRows={1}
        maxLength={MISSION_PATCH_MAX}
        value={value.patch}
        onChange={(e) => onChange({ ...value, patch: e.currentTarget.value })}
        data-testid="playground-patch"
      />
      {empty ? (
        <Text size="sm" c="red" data-testid="playground-empty">
          <Trans>Enter some content, attach a file or give a patch.</Trans>
        </Text>
      ) : null}
    </Stack>
  );
}
