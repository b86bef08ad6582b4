import { useLingui } from '@lingui/react/macro';
import { Alert, Box, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';

import { MissionStatusTag, useMissionLive } from '../../mission';
import { ProcessViewer } from '../../workflow';

/**
 * The flowchart view: the mission's diagram in the process viewer, its nodes marked live (running,
 * done, failed) from the mission log and the socket's pushes. Its own chunk: bpmn-js loads with the
 * first flowchart, not with the chat.
 */
export function ChatFlowchart({ missionId }: { missionId: number | null }) {
  const { t } = useLingui();
  return (
    <Paper withBorder radius="md" h="100%" p="xs" data-testid="chat-flowchart">
      {missionId === null ? (
        <Center h="100%">
          <Text size="sm" c="dimmed" ta="center" maw={360} data-testid="chat-flowchart-empty">
            {t`No mission in this conversation yet. When the assistant starts one, its flowchart shows here and follows it live.`}
          </Text>
        </Center>
      ) : (
        <MissionDiagram missionId={missionId} />
      )}
    </Paper>
  );
}

function MissionDiagram({ missionId }: { missionId: number }) {
  const { t } = useLingui();
  const live = useMissionLive(missionId);
  if (live.loading)
    return (
      <Center h="100%">
        <Loader />
      </Center>
    );
  if (!live.mission)
    return (
      <Alert color="red" variant="light">
        {t`The mission could not be loaded.`}
      </Alert>
    );
  const { mission } = live;
  return (
    <Stack h="100%" gap="xs">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600} truncate>
          {mission.name} · {mission.code}
        </Text>
        {live.status ? <MissionStatusTag status={live.status} /> : null}
      </Group>
      {mission.diagram ? (
        <Box flex={1} mih={0}>
          <ProcessViewer
            missionId={missionId}
            xml={mission.diagram}
            activityData={live.marks}
            height="100%"
          />
        </Box>
      ) : (
        <Text size="sm" c="dimmed">
          {t`This mission has no diagram.`}
        </Text>
      )}
    </Stack>
  );
}
