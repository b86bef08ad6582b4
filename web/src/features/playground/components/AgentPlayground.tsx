import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, Grid, Select, Stack, Text, Title } from '@mantine/core';
import { hasMissionInput, type PlaygroundAgentRunView } from '@platform/contracts';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { playgroundAgentsQuery, playgroundApi } from '../playground.api';
import { playgroundInputs } from '../playground-inputs';
import { AgentRunResult } from './AgentRunResult';
import { PlaygroundInputs, type PlaygroundInputValues } from './PlaygroundInputs';

/**
 * /playground/info: try one agent — pick it, give free inputs, run it once in an agent worker (as a
 * mission's node would run, nothing stored) and read each step and the output.
 */
export function AgentPlayground() {
  const { t, i18n } = useLingui();
  const agents = useQuery(playgroundAgentsQuery());
  const [agentId, setAgentId] = useState<string | null>(null);
  const [inputs, setInputs] = useState<PlaygroundInputValues>({ text: '', patch: '' });
  const [tried, setTried] = useState(false);
  const [runs, setRuns] = useState<PlaygroundAgentRunView[]>([]);
  const run = useMutation({
    mutationFn: () =>
      playgroundApi.runAgent(Number(agentId), playgroundInputs(inputs.text, inputs.patch)),
    onSuccess: (result) => setRuns((list) => [result, ...list].slice(0, 5)),
  });
  const empty = !hasMissionInput(inputs);
  const options = (agents.data ?? []).map((agent) => ({
    value: String(agent.id),
    label: (i18n.locale === 'en' && agent.nameEn) || agent.name,
  }));

  const start = () => {
    setTried(true);
    if (!agentId || empty) return;
    run.mutate();
  };

  return (
    <Grid data-testid="agent-playground">
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <Card withBorder>
          <Stack gap="sm">
            <Title order={2} size="h5">
              <Trans>Try an agent</Trans>
            </Title>
            <Text size="sm" c="dimmed">
              <Trans>
                The agent runs once on your inputs, with its skills' tools (or the language model
                when one is configured), exactly as in a mission. Nothing is stored.
              </Trans>
            </Text>
            <Select
              label={t`Agent`}
              withAsterisk
              searchable
              data={options}
              value={agentId}
              onChange={setAgentId}
              nothingFoundMessage={t`No agent`}
              placeholder={agents.isLoading ? t`Loading…` : undefined}
              error={tried && !agentId ? t`Choose an agent` : undefined}
              data-testid="playground-agent"
            />
            <PlaygroundInputs value={inputs} onChange={setInputs} empty={tried && empty} />
            <Button
              leftSection={<IconPlayerPlay size={16} />}
              loading={run.isPending}
              onClick={start}
              data-testid="playground-run-agent"
            >
              <Trans>Run</Trans>
            </Button>
          </Stack>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <Stack gap="sm" data-testid="agent-runs">
          {runs.length ? (
            runs.map((result, index) => (
              <AgentRunResult key={`${result.startedAt}-${index}`} run={result} />
            ))
          ) : (
            <Text size="sm" c="dimmed">
              <Trans>The agent's steps and output appear here.</Trans>
            </Text>
          )}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
