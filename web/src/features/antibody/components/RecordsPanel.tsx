import { Card, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

import type { JobError } from '../toolkit.errors';
import type { AnalysisRecord } from '../toolkit.jobs';
import { ExportButtons } from './ExportButtons';
import { JobErrorAlert } from './JobFeedback';
import { RecordHeader } from './RecordHeader';

/**
 * The layout of the tabs that show one card per analysed record: a hint and export buttons on top,
 * then each record's content, or the error that kept it from being computed.
 */
export function RecordsPanel({
  records,
  hint,
  name,
  onJson,
  onCsv,
  content,
  errorOf = (record) => record.error,
}: {
  records: AnalysisRecord[];
  hint: ReactNode;
  /** Test-id prefix of the export buttons and of each card (`${name}-${record.id}`). */
  name: string;
  onJson: () => void;
  onCsv: () => void;
  /** The record's content, or undefined when it has none (its error is shown instead). */
  content: (record: AnalysisRecord) => ReactNode | undefined;
  errorOf?: (record: AnalysisRecord) => JobError | undefined;
}) {
  return (
    <Stack>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
        <ExportButtons testId={`${name}-export`} onJson={onJson} onCsv={onCsv} />
      </Group>
      {records.map((record, k) => {
        const body = content(record);
        const error = body ? undefined : errorOf(record);
        return (
          <Card key={k} withBorder data-testid={`${name}-${record.id}`}>
            <Stack gap="sm">
              <RecordHeader record={record} />
              {body}
              {error ? <JobErrorAlert error={error} /> : null}
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}
