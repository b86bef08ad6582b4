import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Card, Chip, Group, Select, Stack, Text, Title } from '@mantine/core';
import { hasMissionInput, type MissionStartedView, WORKFLOW_STATUS } from '@platform/contracts';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { notify } from '../../../lib/notify';
import { missionApi } from '../../mission';
import { playgroundWorkflowsQuery } from '../playground.api';
import { playgroundInputs } from '../playground-inputs';
import { PlaygroundInputs, type PlaygroundInputValues } from './PlaygroundInputs';
import { PlaygroundMissionRun } from './PlaygroundMissionRun';

/**
 * /playground/mission: try one workflow — online ones, and for administrators those in testing —
 * with free inputs. It starts a mission (listed under the user's missions) and shows each step live.
 */
export function WorkflowPlayground() {
  const { t, i18n } = useLingui();
  const workflows = useQuery(playgroundWorkflowsQuery());
  const [workflowId, setWorkflowId] = useState<string | null>(null);
  const [inputs, setInputs] = useState<PlaygroundInputValues>({ text: '', patch: '' });
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [started, setStarted] = useState<MissionStartedView[]>([]);
  const [shown, setShown] = useState<number | null>(null);
  const empty = !hasMissionInput(inputs);
  const list = workflows.data ?? [];
  const label = (w: (typeof list)[number]) =>
    w.status === WORKFLOW_STATUS.testing ? t`${w.name} (in testing)` : w.name;
  const chosen = list.find((w) => String(w.id) === workflowId);
  const description = chosen
    ? (i18n.locale === 'en' && chosen.descriptionEn) || chosen.description
    : '';

  const start = async () => {
    setTried(true);
    if (!workflowId || empty) return;
    setBusy(true);
    try {
      const mission = await missionApi.start({
        workflowId: Number(workflowId),
        inputs: playgroundInputs(inputs.text, inputs.patch),
      });
      notify('success', t`Mission ${mission.code} started`);
      setStarted((runs) => [mission, ...runs]);
      setShown(mission.id);
    } catch {
      // the request layer has shown why
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md" data-testid="workflow-playground">
      <Card withBorder>
        <Stack gap="sm">
          <Title order={2} size="h5">
            <Trans>Try a workflow</Trans>
          </Title>
          <Text size="sm" c="dimmed">
            <Trans>
              The workflow runs as a mission of yours on these inputs; follow each step here or on
              its detail page.
            </Trans>
          </Text>
          <Select
            label={t`Workflow`}
            withAsterisk
            searchable
            data={list.map((w) => ({ value: String(w.id), label: label(w) }))}
            value={workflowId}
            onChange={setWorkflowId}
            nothingFoundMessage={t`No workflow`}
            placeholder={workflows.isLoading ? t`Loading…` : undefined}
            error={tried && !workflowId ? t`Workflow cannot be empty` : undefined}
            data-testid="playground-workflow"
          />
          {description ? (
            <Text size="xs" c="dimmed" data-testid="playground-workflow-description">
              {description}
            </Text>
          ) : null}
          <PlaygroundInputs value={inputs} onChange={setInputs} empty={tried && empty} />
          <Group>
            <Button
              leftSection={<IconPlayerPlay size={16} />}
              loading={busy}
              onClick={() => void start()}
              data-testid="playground-start"
            >
              <Trans>Start</Trans>
            </Button>
            {chosen?.status === WORKFLOW_STATUS.testing ? (
              <Badge color="orange" variant="light">
                <Trans>In testing</Trans>
              </Badge>
            ) : null}
          </Group>
        </Stack>
      </Card>
      {started.length > 1 ? (
        <Chip.Group value={String(shown)} onChange={(value) => setShown(Number(value))}>
          <Group gap="xs" data-testid="playground-runs">
            {started.map((mission) => (
              <Chip key={mission.id} value={String(mission.id)} size="xs">
                {mission.code}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      ) : null}
      {shown !== null ? <PlaygroundMissionRun key={shown} missionId={shown} /> : null}
    </Stack>
  );
}
