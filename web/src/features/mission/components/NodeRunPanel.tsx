import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Badge,
  Card,
  Group,
  SegmentedControl,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import type { MissionLogView } from '@platform/contracts';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';

import { IconButton } from '../../../components/IconButton';
import { formatDuration, formatTime } from '../../../lib/format';
import { NodeDetail, type ShownElement } from '../../workflow';
import { nodeRuns } from '../mission-marks';
import { slug } from '../results/downloads';
import { NoContent, ResultView } from '../results/ResultView';
import { NodeStatusTag } from './MissionStatusTag';
import { RerunButton } from './RerunButton';

/**
 * What one agent or branch did in the mission's current run: its status and times, the outputs and
 * inputs of each attempt rendered for reading, its settings, and "rerun from here".
 */
export function NodeRunPanel({
  element,
  logs,
  currentRunId,
  missionId,
  canRerun,
  onClose,
  onRerun,
}: {
  element: ShownElement;
  logs: readonly MissionLogView[];
  currentRunId: string | null;
  missionId: number;
  canRerun: boolean;
  onClose: () => void;
  onRerun: () => void;
}) {
  const { t } = useLingui();
  const { runs, earlier } = nodeRuns(logs, element.id, currentRunId);
  const [picked, setPicked] = useState<number | null>(null);
  const run = runs.find((r) => r.id === picked) ?? runs.at(-1);
  const label = element.label || element.name || element.id;
  const name = slug(`${label} ${run ? `attempt${run.attempt}` : ''}`, element.id);
  return (
    <Card withBorder data-testid="node-run-panel" data-node-id={element.id}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs">
            <Title order={2} size="h5">
              {label}
            </Title>
            <Badge variant="light" tt="none">
              {element.type === 'bpmn:UserTask' ? t`Agent` : t`Branch`}
            </Badge>
            {run ? <NodeStatusTag status={run.status} /> : null}
          </Group>
          <IconButton label={t`Close`} variant="subtle" onClick={onClose}>
            <IconX size={16} />
          </IconButton>
        </Group>
        {earlier ? (
          <Text size="xs" c="dimmed" data-testid="earlier-run">
            <Trans>This node did not run in the current run; its last run is shown.</Trans>
          </Text>
        ) : null}
        {runs.length > 1 ? (
          <SegmentedControl
            size="xs"
            value={String(run?.id)}
            onChange={(v) => setPicked(Number(v))}
            data={runs.map((r) => ({ value: String(r.id), label: t`Attempt ${r.attempt}` }))}
            data-testid="node-attempts"
          />
        ) : null}
        {run ? <RunFacts run={run} /> : null}
        {run?.error ? (
          <Alert color="red" title={t`Error`} data-testid="node-error">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {run.error}
            </Text>
          </Alert>
        ) : null}
        {canRerun ? (
          <Group>
            <RerunButton
              missionId={missionId}
              nodeId={element.id}
              nodeLabel={label}
              onDone={onRerun}
            />
          </Group>
        ) : null}
        <Tabs defaultValue="outputs" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="outputs" data-testid="tab-outputs">
              <Trans>Outputs</Trans>
            </Tabs.Tab>
            <Tabs.Tab value="inputs" data-testid="tab-inputs">
              <Trans>Inputs</Trans>
            </Tabs.Tab>
            <Tabs.Tab value="settings" data-testid="tab-settings">
              <Trans>Settings</Trans>
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="outputs" pt="xs" data-testid="node-outputs">
            {run ? <ResultView data={run.outputs} name={`${name}-outputs`} /> : <NoContent />}
          </Tabs.Panel>
          <Tabs.Panel value="inputs" pt="xs" data-testid="node-inputs">
            {run ? <ResultView data={run.inputs} name={`${name}-inputs`} /> : <NoContent />}
          </Tabs.Panel>
          <Tabs.Panel value="settings" pt="xs">
            <NodeDetail element={element} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Card>
  );
}

function RunFacts({ run }: { run: MissionLogView }) {
  const { t, i18n } = useLingui();
  const rows: [string, string][] = [
    [t`Agent`, run.agent],
    [t`Started`, formatTime(run.startedAt, i18n.locale)],
    [t`Ended`, formatTime(run.endedAt, i18n.locale)],
    [t`Duration`, formatDuration(run.startedAt, run.endedAt)],
  ];
  return (
    <Table withRowBorders={false} fz="sm" data-testid="node-run-facts">
      <Table.Tbody>
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Td c="dimmed" w={90}>
                {label}
              </Table.Td>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
      </Table.Tbody>
    </Table>
  );
}
