import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Card, Group, Stack, Text, Timeline, Title } from '@mantine/core';
import type { PlaygroundAgentRunView, PlaygroundRunStatus } from '@platform/contracts';
import { IconCode, IconRobot, IconTool } from '@tabler/icons-react';

import { ResultView } from '../../mission';

const COLORS: Record<PlaygroundRunStatus, string> = {
  success: 'green',
  failed: 'red',
  needs_input: 'orange',
};

const STEP_ICONS = { tool: IconTool, function: IconCode, model: IconRobot };

/** One agent run of the playground: how it ended, each step it took, and its output as a scientist reads it. */
export function AgentRunResult({ run }: { run: PlaygroundAgentRunView }) {
  const { t, i18n } = useLingui();
  const lang = i18n.locale === 'en' ? 'en' : 'zh';
  const agent = (lang === 'en' && run.agentNameEn) || run.agentName;
  const statusLabel: Record<PlaygroundRunStatus, string> = {
    success: t`Succeeded`,
    failed: t`Failed`,
    needs_input: t`Needs input`,
  };
  const kindLabel = { tool: t`Tool`, function: t`Function`, model: t`Model` };
  const seconds = (run.durationMs / 1000).toFixed(1);
  return (
    <Card withBorder data-testid="agent-run-result" data-status={run.status}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <Title order={2} size="h5">
              {agent}
            </Title>
            <Badge color={COLORS[run.status]} data-testid="agent-run-status">
              {statusLabel[run.status]}
            </Badge>
            <Badge variant="outline" color="gray" tt="none">
              {run.mode === 'model' ? t`Language model` : t`Tools in order`}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            <Trans>{seconds} s</Trans>
          </Text>
        </Group>
        {run.status === 'needs_input' ? (
          <Alert color="orange" data-testid="agent-run-question">
            <Text size="sm">{run.question || run.error}</Text>
            <Text size="xs" mt={4}>
              <Trans>Add it to the request and run again.</Trans>
            </Text>
          </Alert>
        ) : null}
        {run.status === 'failed' ? (
          <Alert color="red" data-testid="agent-run-error">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {run.error}
            </Text>
          </Alert>
        ) : null}
        {run.steps.length ? (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              <Trans>Steps</Trans>
            </Text>
            <Timeline active={run.steps.length - 1} bulletSize={22} lineWidth={2}>
              {run.steps.map((step, index) => {
                const Icon = STEP_ICONS[step.kind] ?? IconTool;
                return (
                  <Timeline.Item
                    key={index}
                    bullet={<Icon size={12} />}
                    title={
                      <Group gap={6}>
                        <Text size="sm" fw={500}>
                          {step.name}
                        </Text>
                        <Badge size="xs" variant="light" tt="none">
                          {kindLabel[step.kind] ?? step.kind}
                        </Badge>
                      </Group>
                    }
                    data-testid="agent-run-step"
                  >
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
                      {step.summary[lang] || step.summary.en}
                    </Text>
                  </Timeline.Item>
                );
              })}
            </Timeline>
          </Stack>
        ) : null}
        {run.output ? (
          <Stack gap={4} data-testid="agent-run-output">
            <Text size="sm" fw={600}>
              <Trans>Output</Trans>
            </Text>
            <ResultView data={run.output} name={`playground-${run.agentNameEn || run.agentId}`} />
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}
