import { useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import {
  assistantJobTitle,
  type ChatMissionEvent,
  jobOfWorkflowKey,
  type MissionStatus,
} from '@platform/contracts';
import { IconExternalLink, IconHierarchy2 } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';

import { AppLink } from '../../../components/AppLink';
import { currentRunLogs, RerunButton, useMissionActions, useMissionLive } from '../../mission';
import { type CardPhase, phaseOf, waitingQuestion } from '../mission-card';

// The result renderers (numbering, liabilities, humanization, epitopes, library) load with the first
// completed card, not with the chat.
const MissionResults = lazy(() =>
  import('./MissionResults').then((m) => ({ default: m.MissionResults })),
);

const COLORS: Record<CardPhase, string> = {
  computing: 'blue',
  userInput: 'orange',
  adminReview: 'grape',
  adminConfirm: 'grape',
  error: 'red',
  stopped: 'gray',
  completed: 'green',
};

/**
 * A mission started from the chat: its state follows the socket's agentStatus pushes live (the
 * mission screens' useMissionLive), with what the user can do in each state and, once completed,
 * its results as the mission screens render them.
 */
export function MissionCard({
  missionId,
  announced,
  selected,
  onShowFlowchart,
}: {
  missionId: number;
  /** The mission as the reply's stream announced it, shown until the mission is read. */
  announced: ChatMissionEvent | null;
  /** The flowchart view follows this mission. */
  selected: boolean;
  onShowFlowchart: (missionId: number) => void;
}) {
  const { t, i18n } = useLingui();
  const live = useMissionLive(missionId);
  const [resultTab, setResultTab] = useState('result');
  const view = live.mission;
  const status: MissionStatus | undefined = live.status ?? announced?.status;
  const actions = useMissionActions(status, view?.ownerUserId);

  const job = jobOfWorkflowKey(announced?.workflowKey ?? '');
  const lang = i18n.locale === 'en' ? 'en' : 'zh';
  const title = job ? assistantJobTitle(job, lang) : (view?.name ?? t`Mission`);
  const code = view?.code ?? announced?.code ?? '';

  if (!status) {
    return (
      <Paper withBorder p="sm" radius="md" data-testid="mission-card" data-phase="loading">
        {live.error ? (
          <Text size="sm" c="red">{t`The mission could not be loaded.`}</Text>
        ) : (
          <Loader size="xs" />
        )}
      </Paper>
    );
  }
  const phase = phaseOf(status);
  const waiting = view?.waiting;
  const question = waitingQuestion(waiting, lang);
  // A rerun starts again at the node that failed last in the current run.
  const failed = view
    ? currentRunLogs(live.logs, view.currentRunId)
        .filter((row) => row.status === 'failed')
        .at(-1)
    : undefined;

  const PHASE_TEXT: Record<CardPhase, ReactNode> = {
    computing: t`Computing`,
    userInput: t`Waiting for your input`,
    adminReview: t`Waiting for admin review`,
    adminConfirm: t`Waiting for admin confirmation`,
    error: t`Error interrupted`,
    stopped: t`Stopped`,
    completed: t`Completed`,
  };

  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      w="100%"
      maw={720}
      // Results hold long sequences: they scroll inside the card, not the whole message window.
      style={{
        overflowX: 'auto',
        ...(selected ? { borderColor: 'var(--mantine-primary-color-filled)' } : {}),
      }}
      data-testid="mission-card"
      data-mission-id={missionId}
      data-phase={phase}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <Text fw={600} size="sm" truncate>
              {title}
            </Text>
            <Text size="xs" c="dimmed">
              {code}
            </Text>
          </Group>
          <Badge
            color={COLORS[phase]}
            variant="light"
            leftSection={phase === 'computing' ? <Loader size={10} color="blue" /> : null}
            data-testid="mission-card-status"
          >
            {PHASE_TEXT[phase]}
          </Badge>
        </Group>
        {phase === 'userInput' ? (
          <Alert color="orange" variant="light" p="xs" data-testid="mission-card-question">
            {question ? (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {question}
              </Text>
            ) : null}
            <Text size="xs" c="dimmed">
              {t`Answer in the input box below; the mission goes on with your answer.`}
            </Text>
          </Alert>
        ) : null}
        {phase === 'adminReview' || phase === 'adminConfirm' ? (
          <Text size="sm" c="dimmed">
            {phase === 'adminReview'
              ? t`An administrator reviews this step before the mission goes on.`
              : t`An administrator confirms this step before the mission goes on.`}
          </Text>
        ) : null}
        {phase === 'error' ? (
          <Alert color="red" variant="light" p="xs" data-testid="mission-card-error">
            <Text size="sm">{view?.error || t`The mission stopped on an error.`}</Text>
            {actions.rerun && failed ? (
              <Group mt="xs">
                <RerunButton
                  missionId={missionId}
                  nodeId={failed.nodeId}
                  nodeLabel={(lang === 'en' ? failed.nodeNameEn : failed.nodeName) || failed.nodeId}
                  onDone={() => void live.refresh()}
                />
              </Group>
            ) : null}
          </Alert>
        ) : null}
        {phase === 'completed' && view ? (
          <Suspense fallback={<Loader size="xs" />}>
            <MissionResults mission={view} logs={live.logs} tab={resultTab} onTab={setResultTab} />
          </Suspense>
        ) : null}
        <Group gap="xs">
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconHierarchy2 size={14} />}
            onClick={() => onShowFlowchart(missionId)}
            data-testid="mission-card-flowchart"
          >
            {t`Flowchart`}
          </Button>
          <Anchor
            component={AppLink}
            to={`/mission/info?id=${missionId}`}
            size="xs"
            data-testid="mission-card-details"
          >
            <Group gap={2}>
              {t`Details`}
              <IconExternalLink size={12} />
            </Group>
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );
}
