import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Badge,
  Card,
  Center,
  Code,
  Group,
  Loader,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import {
  MISSION_STATUS,
  type MissionLogView,
  type MissionStatus,
  type MissionView,
} from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';
import { useRouter, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';

import { LoadState } from '../../../components/LoadState';
import { useActor } from '../../../lib/auth';
import { formatDuration, formatTime } from '../../../lib/format';
import { MissionActionsBar } from '../components/MissionActionsBar';
import { MissionFiles } from '../components/MissionFiles';
import { MissionFlowView } from '../components/MissionFlow';
import { MissionStatusTag, NodeStatusTag } from '../components/MissionStatusTag';
import { missionApi } from '../mission.api';
import { currentRunLogs } from '../mission-marks';
import { ResultView } from '../results/ResultView';
import { useMissionLive } from '../useMissionLive';

/**
 * The mission of `?id=` (or `?code=`, as the log names missions): undefined while a code is looked up,
 * null when the address names none that can exist (the page then goes to /404).
 */
function useMissionId(): number | null | undefined {
  const search = useSearch({ strict: false }) as { id?: unknown; code?: unknown };
  const router = useRouter();
  const code = typeof search.code === 'string' ? search.code.trim() : '';
  const byCode = useQuery({
    queryKey: ['mission', 'code', code],
    queryFn: () => missionApi.idOfCode(code),
    enabled: search.id === undefined && code !== '',
  });
  const id = Number(search.id);
  const valid = search.id !== undefined ? Number.isInteger(id) && id > 0 : code !== '';
  const missing = !valid || (byCode.isSuccess && byCode.data === null);
  useEffect(() => {
    if (missing) router.history.replace('/404');
  }, [missing, router]);
  if (missing) return null;
  if (search.id !== undefined) return id;
  return byCode.data ?? undefined;
}

/** /mission/info?id=: a mission on its flowchart, live, with its node runs, inputs and result. */
export function MissionInfoPage() {
  const id = useMissionId();
  if (id === null) return null;
  if (id === undefined) {
    return (
      <Center py={60} data-testid="page-loading">
        <Loader />
      </Center>
    );
  }
  return <MissionInfo key={id} id={id} />;
}

function MissionInfo({ id }: { id: number }) {
  const live = useMissionLive(id);
  const mission = live.mission;
  if (live.error || !mission) {
    return <LoadState loading error={live.error} onRetry={() => void live.refresh()} />;
  }
  const status = live.status ?? mission.status;
  return (
    <Stack gap="md" data-testid="mission-info" data-status={status}>
      <MissionHeader mission={mission} status={status} onDone={() => void live.refresh()} />
      <StatusNotice mission={mission} status={status} />
      <MissionFlowView live={live} />
      <Tabs defaultValue="runs" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="runs" data-testid="tab-runs">
            <Trans>Node runs</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="inputs" data-testid="tab-mission-inputs">
            <Trans>Inputs</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="result" data-testid="tab-result">
            <Trans>Result</Trans>
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="runs" pt="sm">
          <NodeRunsTable logs={currentRunLogs(live.logs, mission.currentRunId)} />
        </Tabs.Panel>
        <Tabs.Panel value="inputs" pt="sm">
          <MissionInputsView mission={mission} />
        </Tabs.Panel>
        <Tabs.Panel value="result" pt="sm" data-testid="mission-result">
          <ResultView data={mission.result} name={`${mission.code}-result`} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function MissionHeader({
  mission,
  status,
  onDone,
}: {
  mission: MissionView;
  status: MissionStatus;
  onDone: () => void;
}) {
  const { t, i18n } = useLingui();
  const actor = useActor();
  const facts: [string, string][] = [
    [t`Code`, mission.code],
    [t`Workflow`, `#${mission.workflowId} v${mission.workflowVersion}`],
    [t`Created`, formatTime(mission.createTime, i18n.locale)],
    [t`Started`, formatTime(mission.startedAt, i18n.locale)],
    [t`Ended`, formatTime(mission.endedAt, i18n.locale)],
    [t`Duration`, formatDuration(mission.startedAt, mission.endedAt)],
    ...(mission.ownerUserId !== actor.userId
      ? ([[t`Owner`, `#${mission.ownerUserId}`]] as [string, string][])
      : []),
  ];
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Group gap="sm">
            <Title order={2} size="h4" data-testid="mission-name">
              {mission.name}
            </Title>
            <MissionStatusTag status={status} />
            <Badge variant="outline" color="gray" tt="none">
              {mission.language === 'en' ? t`English` : t`Chinese`}
            </Badge>
          </Group>
          <MissionActionsBar
            missionId={mission.id}
            ownerUserId={mission.ownerUserId}
            status={status}
            onDone={onDone}
          />
        </Group>
        {mission.description ? (
          <Text size="sm" c="dimmed">
            {mission.description}
          </Text>
        ) : null}
        <Group gap="xl" align="flex-start" data-testid="mission-facts">
          {facts
            .filter(([, value]) => value)
            .map(([label, value]) => (
              <Stack key={label} gap={0}>
                <Text size="xs" c="dimmed">
                  {label}
                </Text>
                <Text size="sm" ff={label === t`Code` ? 'monospace' : undefined}>
                  {value}
                </Text>
              </Stack>
            ))}
        </Group>
      </Stack>
    </Card>
  );
}

/** What the status asks of the reader, or why the mission ended. */
function StatusNotice({ mission, status }: { mission: MissionView; status: MissionStatus }) {
  const { t, i18n } = useLingui();
  // The agent's question, or the Human node's instruction, in the reader's language.
  const waiting = mission.waiting;
  const asked = waiting
    ? (i18n.locale === 'en' && waiting.questionEn) || waiting.question || waiting.questionEn
    : '';
  const question = asked ? (
    <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }} data-testid="notice-question">
      {asked}
    </Text>
  ) : null;
  switch (status) {
    case MISSION_STATUS.userInput:
      return (
        <Alert color="orange" data-testid="notice-user-input">
          <Trans>An agent is waiting for your input: reply to continue the mission.</Trans>
          {question}
        </Alert>
      );
    case MISSION_STATUS.adminReview:
    case MISSION_STATUS.adminConfirm:
      return (
        <Alert color="grape" data-testid="notice-review">
          <Trans>The mission waits for an administrator's decision.</Trans>
          {question}
        </Alert>
      );
    case MISSION_STATUS.error:
      return (
        <Alert color="red" title={t`Error interrupted`} data-testid="notice-error">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {mission.error || t`A node failed after its retries.`}
          </Text>
          <Text size="xs" mt={4}>
            <Trans>Click the failed node (red) to see why and rerun from it.</Trans>
          </Text>
        </Alert>
      );
    case MISSION_STATUS.stopped:
      return (
        <Alert color="gray" data-testid="notice-stopped">
          {mission.error ? `${mission.error} ` : ''}
          <Trans>
            The mission is stopped and its progress is gone; you can rerun it from a node.
          </Trans>
        </Alert>
      );
    default:
      return null;
  }
}

function NodeRunsTable({ logs }: { logs: MissionLogView[] }) {
  const { t, i18n } = useLingui();
  if (!logs.length) {
    return (
      <Text c="dimmed" size="sm" data-testid="runs-empty">
        <Trans>No node has run yet.</Trans>
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped withTableBorder fz="sm" data-testid="node-runs">
        <Table.Thead>
          <Table.Tr>
            {[t`Node`, t`Agent`, t`Status`, t`Attempt`, t`Started`, t`Duration`, t`Error`].map(
              (title) => (
                <Table.Th key={title}>{title}</Table.Th>
              ),
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {logs.map((row) => (
            <Table.Tr key={row.id} data-node-id={row.nodeId} data-status={row.status}>
              <Table.Td>
                {(i18n.locale === 'en' && row.nodeNameEn) || row.nodeName || row.nodeId}
              </Table.Td>
              <Table.Td>{row.agent}</Table.Td>
              <Table.Td>
                <NodeStatusTag status={row.status} />
              </Table.Td>
              <Table.Td>{row.attempt}</Table.Td>
              <Table.Td>{formatTime(row.startedAt, i18n.locale)}</Table.Td>
              <Table.Td>{formatDuration(row.startedAt, row.endedAt)}</Table.Td>
              <Table.Td c="red">{row.error}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function MissionInputsView({ mission }: { mission: MissionView }) {
  const { inputs } = mission;
  return (
    <Stack gap="sm" data-testid="mission-inputs">
      {inputs.text ? (
        <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {inputs.text}
        </Code>
      ) : null}
      {inputs.patch ? (
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            <Trans>Patch</Trans>
          </Text>
          <Code block>{inputs.patch}</Code>
        </Stack>
      ) : null}
      <MissionFiles mission={mission} />
    </Stack>
  );
}
