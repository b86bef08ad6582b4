import { Trans } from '@lingui/react/macro';
import { Card, Center, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One panel of the dashboard: its title, then the chart, or why there is none. */
export function FigureCard({
  title,
  unavailable = false,
  empty = false,
  testId,
  children,
}: {
  title: ReactNode;
  /** The owner service did not answer. */
  unavailable?: boolean;
  /** It answered, with nothing to draw. */
  empty?: boolean;
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <Card withBorder data-testid={testId}>
      <Title order={4} mb="sm">
        {title}
      </Title>
      {unavailable ? (
        <Center mih={120} data-testid="figure-unavailable">
          <Text c="dimmed" size="sm">
            <Trans>This figure is unavailable: its service did not answer.</Trans>
          </Text>
        </Center>
      ) : empty ? (
        <Center mih={120} data-testid="figure-empty">
          <Text c="dimmed" size="sm">
            <Trans>No data yet.</Trans>
          </Text>
        </Center>
      ) : (
        children
      )}
    </Card>
  );
}

/** A single figure in large type. */
export function Stat({
  label,
  value,
  testId,
}: {
  label: ReactNode;
  value: ReactNode;
  testId?: string;
}) {
  return (
    <Card withBorder data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={32} fw={700} data-testid={testId ? `${testId}-value` : undefined}>
        {value}
      </Text>
    </Card>
  );
}
