import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { MISSION_STATUS } from '@platform/contracts';

import { AppLink } from '../../../components/AppLink';
import { formatDuration } from '../../../lib/format';
import {
  currentRunLogs,
  MissionActionsBar,
  MissionFlowView,
  missionPath,
  MissionStatusTag,
  ResultView,
  useMissionLive,
} from '../../mission';
import { PlaygroundSteps } from './PlaygroundSteps';

/**
 * A workflow tried in the playground, live: the mission's flowchart with its markers (a click on a
 * node opens what it took and returned), each step of the current run as it starts and ends with
 * its output, the actions the status allows (reply when an agent asks, stop, review) and the result.
 */
export function PlaygroundMissionRun({ missionId }: { missionId: number }) {
  const { i18n } = useLingui();
  const live = useMissionLive(missionId);
  const mission = live.mission;
  if (live.error) {
    return (
      <Alert color="red" data-testid="playground-run-error">
        <Trans>Loading failed</Trans>
      </Alert>
    );
  }
  if (!mission) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  const status = live.status ?? mission.status;
  const steps = currentRunLogs(live.logs, mission.currentRunId);
  const waiting = mission.waiting;
  const question = waiting
    ? (i18n.locale === 'en' && waiting.questionEn) || waiting.question || waiting.questionEn
    : '';
  return (
    <Stack gap="sm" data-testid="playground-mission-run" data-status={status}>
      <Card withBorder>
        <Group justify="space-between" wrap="wrap">
          <Group gap="sm">
            <Title order={2} size="h5">
              {mission.name}
            </Title>
            <MissionStatusTag status={status} />
            <Anchor
              component={AppLink}
              to={missionPath(mission.id)}
              size="sm"
              ff="monospace"
              data-testid="playground-mission-link"
            >
              {mission.code}
            </Anchor>
            <Text size="xs" c="dimmed">
              {formatDuration(mission.startedAt, mission.endedAt)}
            </Text>
          </Group>
          <MissionActionsBar
            missionId={mission.id}
            ownerUserId={mission.ownerUserId}
            status={status}
            onDone={() => void live.refresh()}
          />
        </Group>
        {question ? (
          <Alert color="orange" mt="sm" data-testid="playground-question">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {question}
            </Text>
          </Alert>
        ) : null}
        {status === MISSION_STATUS.error && mission.error ? (
          <Alert color="red" mt="sm">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {mission.error}
            </Text>
          </Alert>
        ) : null}
      </Card>
      <MissionFlowView live={live} height={420} />
      <PlaygroundSteps steps={steps} missionCode={mission.code} />
      {status === MISSION_STATUS.completed ? (
        <Card withBorder data-testid="playground-result">
          <Stack gap="xs">
            <Text fw={600} size="sm">
              <Trans>Result</Trans>
            </Text>
            <ResultView data={mission.result} name={`${mission.code}-result`} />
          </Stack>
        </Card>
      ) : null}
    </Stack>
  );
}
