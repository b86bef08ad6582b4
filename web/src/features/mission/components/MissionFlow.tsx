import { Trans } from '@lingui/react/macro';
import { Box, Card, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

import { ProcessViewer, type ShownElement } from '../../workflow';
import { type MissionLive, useMissionLive } from '../useMissionLive';
import { NodeRunPanel } from './NodeRunPanel';
import { useMissionActions } from './useMissionActions';

const LEGEND = [
  { key: 'todo', color: '#e6a23c', label: <Trans>Running</Trans> },
  { key: 'highlight', color: '#67c23a', label: <Trans>Done</Trans> },
  { key: 'reject', color: '#f56c6c', label: <Trans>Failed</Trans> },
];

/** What the three markers mean, in the viewer's colours. */
export function MarkerLegend() {
  return (
    <Group gap="md" data-testid="marker-legend">
      {LEGEND.map((item) => (
        <Group key={item.key} gap={6}>
          <Box w={14} h={10} style={{ border: `2px solid ${item.color}`, borderRadius: 3 }} />
          <Text size="xs" c="dimmed">
            {item.label}
          </Text>
        </Group>
      ))}
    </Group>
  );
}

/**
 * A mission on its flowchart with live markers (todo running, highlight done, reject failed); a click
 * on an agent or branch opens what that node took and returned in the current run, with "rerun from
 * here". Give it a `live` from useMissionLive when the page already follows the mission.
 */
export function MissionFlowView({ live, height = 520 }: { live: MissionLive; height?: number }) {
  const [shown, setShown] = useState<ShownElement | null>(null);
  const actions = useMissionActions(live.status, live.mission?.ownerUserId);
  const panel = useRef<HTMLDivElement>(null);
  const shownId = shown?.id;
  useEffect(() => {
    if (shownId) panel.current?.scrollIntoView?.({ behavior: 'smooth', block: 'nearest' });
  }, [shownId]);
  const mission = live.mission;
  if (!mission) return null;
  if (!mission.diagram.trim()) {
    return (
      <Card withBorder data-testid="mission-no-diagram">
        <Text c="dimmed" ta="center">
          <Trans>This mission's workflow version has no flowchart.</Trans>
        </Text>
      </Card>
    );
  }
  // The node's results come below the diagram, at full width (their tables are wide), and are
  // scrolled into view; the diagram keeps its width, so it stays fitted.
  return (
    <Stack gap="sm" data-testid="mission-flow">
      <Stack gap={6}>
        <Card withBorder p={0}>
          <ProcessViewer
            missionId={mission.id}
            xml={mission.diagram}
            activityData={live.marks}
            onShow={setShown}
            height={height}
          />
        </Card>
        <Group justify="space-between">
          <MarkerLegend />
          <Text size="xs" c="dimmed">
            <Trans>Click an agent or a branch to see its inputs and outputs.</Trans>
          </Text>
        </Group>
      </Stack>
      {shown ? (
        <div ref={panel}>
          <NodeRunPanel
            key={shown.id}
            element={shown}
            logs={live.logs}
            currentRunId={mission.currentRunId}
            missionId={mission.id}
            canRerun={actions.rerun}
            onClose={() => setShown(null)}
            onRerun={() => void live.refresh()}
          />
        </div>
      ) : null}
    </Stack>
  );
}

/** The flowchart view of one mission, following it by itself (for the chat's split screen). */
export function MissionFlow({ missionId, height }: { missionId: number; height?: number }) {
  const live = useMissionLive(missionId);
  return <MissionFlowView live={live} height={height} />;
}
