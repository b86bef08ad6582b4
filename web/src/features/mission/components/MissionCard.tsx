import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Card, Group, Loader, Stack, Text } from '@mantine/core';
import type { MissionLogView } from '@platform/contracts';

import { AppLink } from '../../../components/AppLink';
import { formatDuration } from '../../../lib/format';
import { currentRunLogs, nodeStates } from '../mission-marks';
import { useMissionLive } from '../useMissionLive';
import { MissionActionsBar } from './MissionActionsBar';
import { MissionStatusTag } from './MissionStatusTag';

export const missionPath = (id: number) => `/mission/info?id=${id}`;

const nameOf = (row: MissionLogView, language: string) =>
  (language === 'en' && row.nodeNameEn) || row.nodeName || row.nodeId;

/**
 * A mission in a few lines, kept live (for the chat's messages): name and status, how many nodes are
 * done, which run now, the error if it stopped on one, the actions the user may take (none when
 * `readOnly`, as the console's conversation history shows it), and a link to its detail page.
 */
export function MissionCard({
  missionId,
  readOnly = false,
}: {
  missionId: number;
  readOnly?: boolean;
}) {
  const { i18n } = useLingui();
  const live = useMissionLive(missionId);
  const mission = live.mission;
  if (live.error) {
    return (
      <Alert color="red" data-testid="mission-card-error">
        <Trans>Loading failed</Trans>
      </Alert>
    );
  }
  if (!mission) return <Loader size="sm" />;
  const states = nodeStates({
    status: live.status ?? mission.status,
    currentRunId: mission.currentRunId,
    currentNodes: mission.currentNodes,
    logs: live.logs,
  });
  const done = [...states.values()].filter((s) => s === 'success').length;
  const rows = currentRunLogs(live.logs, mission.currentRunId);
  const running = [...states]
    .filter(([, s]) => s === 'running')
    .map(([id]) => {
      const row = rows.find((r) => r.nodeId === id);
      return row ? nameOf(row, i18n.locale) : id;
    });
  return (
    <Card withBorder padding="sm" data-testid="mission-card" data-status={live.status}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Anchor component={AppLink} to={missionPath(mission.id)} fw={600}>
            {mission.name}
          </Anchor>
          <MissionStatusTag status={live.status ?? mission.status} />
        </Group>
        <Text size="xs" c="dimmed">
          {mission.code} · {formatDuration(mission.startedAt, mission.endedAt)}
        </Text>
        <Text size="sm" data-testid="mission-card-progress">
          <Trans>{done} nodes done</Trans>
          {running.length ? (
            <>
              {' · '}
              <Trans>running: {running.join(', ')}</Trans>
            </>
          ) : null}
        </Text>
        {mission.error ? (
          <Text size="sm" c="red">
            {mission.error}
          </Text>
        ) : null}
        {readOnly ? null : (
          <MissionActionsBar
            missionId={mission.id}
            ownerUserId={mission.ownerUserId}
            status={live.status}
            onDone={() => void live.refresh()}
            size="xs"
          />
        )}
      </Stack>
    </Card>
  );
}
