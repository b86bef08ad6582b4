import { Trans, useLingui } from '@lingui/react/macro';
import { Accordion, Alert, Badge, Card, Group, Loader, Stack, Text } from '@mantine/core';
import type { MissionLogView } from '@platform/contracts';

import { formatDuration } from '../../../lib/format';
import { NoContent, NodeStatusTag, ResultView } from '../../mission';

const nodeName = (row: MissionLogView, language: string) =>
  (language === 'en' && row.nodeNameEn) || row.nodeName || row.nodeId;

/**
 * The steps of a mission's current run as they start and end (one row per node run, retries as
 * further attempts): which agent, its status and time, and, opened, its output or why it failed.
 */
export function PlaygroundSteps({
  steps,
  missionCode,
}: {
  steps: readonly MissionLogView[];
  missionCode: string;
}) {
  const { i18n } = useLingui();
  return (
    <Card withBorder data-testid="playground-steps">
      <Stack gap="xs">
        <Text fw={600} size="sm">
          <Trans>Steps</Trans>
        </Text>
        {steps.length ? (
          <Accordion multiple variant="separated" chevronPosition="left">
            {steps.map((row) => (
              <Accordion.Item
                key={row.id}
                value={String(row.id)}
                data-testid="playground-step"
                data-node-id={row.nodeId}
                data-status={row.status}
              >
                <Accordion.Control>
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm" fw={500} data-testid="playground-step-name">
                      {nodeName(row, i18n.locale)}
                    </Text>
                    <NodeStatusTag status={row.status} />
                    {row.attempt > 1 ? (
                      <Badge size="xs" variant="outline" color="gray" tt="none">
                        <Trans>attempt {row.attempt}</Trans>
                      </Badge>
                    ) : null}
                    <Text size="xs" c="dimmed">
                      {row.agent ? `${row.agent} · ` : ''}
                      {formatDuration(row.startedAt, row.endedAt)}
                    </Text>
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  {row.error ? (
                    <Alert color="red" mb="xs" data-testid="playground-step-error">
                      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                        {row.error}
                      </Text>
                    </Alert>
                  ) : null}
                  {row.outputs ? (
                    <ResultView data={row.outputs} name={`${missionCode}-${row.nodeId}`} />
                  ) : row.status === 'running' ? (
                    <Loader size="sm" type="dots" />
                  ) : (
                    <NoContent />
                  )}
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        ) : (
          <Text size="sm" c="dimmed" data-testid="playground-no-steps">
            <Trans>No node has run yet.</Trans>
          </Text>
        )}
      </Stack>
    </Card>
  );
}
