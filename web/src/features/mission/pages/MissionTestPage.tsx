import { Trans, useLingui } from '@lingui/react/macro';
import { Card, Grid, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { type MissionStartedView, WORKFLOW_STATUS } from '@platform/contracts';
import { useState } from 'react';

import { EXAMPLE_ANTIBODIES, EXAMPLE_ANTIGEN } from '../../antibody/examples';
import { MissionCard } from '../components/MissionCard';
import { type SampleInput, StartMissionForm } from '../components/StartMissionForm';

/** The first `count` FASTA records of a text. */
const firstRecords = (fasta: string, count: number) =>
  fasta
    .split(/(?=^>)/m)
    .slice(0, count)
    .join('');

/** Murine rituximab VH and VL: what a humanization test run starts from. */
const MURINE = EXAMPLE_ANTIBODIES.split(/(?=^>)/m)
  .filter((record) => record.includes('murine'))
  .join('');

/**
 * wujie/playground/mission, "Task test" (administrators): run a workflow that is still in testing
 * (or an online one) with sample inputs and watch the runs it started on this page.
 */
export function MissionTestPage() {
  const { t } = useLingui();
  const [status, setStatus] = useState<string>(WORKFLOW_STATUS.testing);
  const [started, setStarted] = useState<MissionStartedView[]>([]);
  const samples: SampleInput[] = [
    {
      label: <Trans>Humanize murine antibody</Trans>,
      text: `${t`Humanize this antibody`}\n${MURINE}`,
    },
    {
      label: <Trans>Risk sites of trastuzumab</Trans>,
      text: `${t`Find the risk sites of this antibody`}\n${firstRecords(EXAMPLE_ANTIBODIES, 2)}`,
    },
    {
      label: <Trans>Epitopes of lysozyme</Trans>,
      text: `${t`Predict the epitopes of this antigen`}\n${EXAMPLE_ANTIGEN}`,
    },
    {
      label: <Trans>CDR library from trastuzumab VH</Trans>,
      text: `${t`Design a CDR3 library of 20 variants`}\n${firstRecords(EXAMPLE_ANTIBODIES, 1)}`,
    },
  ];
  return (
    <Grid data-testid="mission-test-page">
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <Card withBorder>
          <Stack gap="sm">
            <Title order={5}>
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
          <Title order={5}>
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
