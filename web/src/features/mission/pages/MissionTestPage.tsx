import { Trans, useLingui } from '@lingui/react/macro';
import { Card, Grid, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { type MissionStartedView, WORKFLOW_STATUS } from '@platform/contracts';
import { useState } from 'react';

import { MissionCard } from '../components/MissionCard';
import { StartMissionForm } from '../components/StartMissionForm';
import { useSampleInputs } from '../mission-samples';

/**
 * wujie/playground/mission, "Task test" (administrators): run a workflow that is still in testing
 * (or an online one) with sample inputs and watch the runs it started on this page.
 */
export function MissionTestPage() {
  const { t } = useLingui();
  const [status, setStatus] = useState<string>(WORKFLOW_STATUS.testing);
  const [started, setStarted] = useState<MissionStartedView[]>([]);
  const samples = useSampleInputs();
  return (
    <Grid data-testid="mission-test-page">
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <Card withBorder>
          <Stack gap="sm">
            <Title order={2} size="h5">
              <Trans>Test a workflow</Trans>
            </Title>
            <Text size="sm" c="dimmed">
              <Trans>
                Start a mission on a workflow in testing, which users cannot start yet, with sample
                inputs. It runs like any mission and is listed under your missions.
              </Trans>
            </Text>
            <SegmentedControl
              value={status}
              onChange={setStatus}
              data={[
                { value: WORKFLOW_STATUS.testing, label: t`In testing` },
                { value: WORKFLOW_STATUS.online, label: t`Online` },
              ]}
              data-testid="test-workflow-status"
            />
            <StartMissionForm
              key={status}
              workflowStatus={status}
              samples={samples}
              onStarted={(mission) => setStarted((list) => [mission, ...list])}
            />
          </Stack>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <Stack gap="sm" data-testid="test-runs">
          <Title order={2} size="h5">
            <Trans>Test runs</Trans>
          </Title>
          {started.length ? (
            started.map((mission) => <MissionCard key={mission.id} missionId={mission.id} />)
          ) : (
            <Text size="sm" c="dimmed">
              <Trans>The missions you start here appear here, live.</Trans>
            </Text>
          )}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
