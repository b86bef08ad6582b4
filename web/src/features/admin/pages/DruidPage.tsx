import { Trans, useLingui } from '@lingui/react/macro';
import {
  Badge,
  Button,
  Card,
  Code,
  Group,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { DbServerStatusView, ServiceDbView, StatementView } from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';

import { LoadState } from '../../../components/LoadState';
import { fetchData } from '../../../lib/crud.api';
import { KeyValueTable } from '../components/KeyValueTable';

/** How often the monitor asks while it runs (each service answers from memory). */
const REFRESH_MS = 3000;

/**
 * monitor/druid/index: each service's connection pools, statements per second, slowest recent
 * statements (literals shown as ?) and errors, and the MariaDB server's status; live, with a pause.
 */
export function DruidPage() {
  const [paused, setPaused] = useState(false);
  const monitor = useQuery({
    queryKey: ['druid'],
    queryFn: () => fetchData<ServiceDbView[]>('/monitor/druid'),
    refetchInterval: paused ? false : REFRESH_MS,
  });
  const services = monitor.data ?? [];
  const server = services.find((s) => s.server)?.server ?? null;
  return (
    <Stack data-testid="druid-page">
      <Group justify="space-between">
        <Text size="sm" c="dimmed" data-testid="druid-updated">
          {monitor.dataUpdatedAt ? (
            <Trans>Updated {new Date(monitor.dataUpdatedAt).toLocaleTimeString()}</Trans>
          ) : null}
        </Text>
        <Button
          variant="light"
          onClick={() => setPaused((p) => !p)}
          data-testid="druid-pause"
          aria-pressed={paused}
        >
          {paused ? <Trans>Resume</Trans> : <Trans>Pause</Trans>}
        </Button>
      </Group>
      <LoadState
        loading={monitor.isPending}
        error={monitor.data ? null : monitor.error}
        onRetry={() => void monitor.refetch()}
      >
        {server ? <ServerStatus server={server} /> : null}
        {services.map((service) => (
          <ServiceCard key={service.service} view={service} />
        ))}
      </LoadState>
    </Stack>
  );
}

function ServerStatus({ server }: { server: DbServerStatusView }) {
  const { t } = useLingui();
  const hitRate =
    server.bufferPoolHitRate === null ? '—' : `${(server.bufferPoolHitRate * 100).toFixed(2)}%`;
  return (
    <Card withBorder data-testid="druid-server">
      <Title order={2} size="h5" mb="xs">
        <Trans>MariaDB server</Trans>
      </Title>
      <KeyValueTable
        rows={[
          [t`Threads connected / running`, `${server.threadsConnected} / ${server.threadsRunning}`],
          [t`Most connections at once`, String(server.maxUsedConnections)],
          [t`Connection attempts`, String(server.connections)],
          [t`Buffer pool hit rate`, hitRate],
          [t`Slow queries`, String(server.slowQueries)],
          [t`Statements`, String(server.questions)],
          [t`Uptime`, `${Math.round(server.uptimeSeconds / 60)} min`],
        ]}
      />
    </Card>
  );
}

function ServiceCard({ view }: { view: ServiceDbView }) {
  return (
    <Card withBorder data-testid={`pool-${view.service}`}>
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h5">
          {view.service}
        </Title>
        <Badge color={view.status === 'UP' ? 'green' : 'red'}>{view.status}</Badge>
      </Group>
      {view.status === 'UP' ? (
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Figure label={<Trans>Statements</Trans>} value={view.queries} />
            <Figure label={<Trans>Per second</Trans>} value={view.qps.toFixed(1)} />
            <Figure label={<Trans>Errors</Trans>} value={view.errors} />
          </SimpleGrid>
          <Pools view={view} />
          <Statements
            title={<Trans>Slowest recent statements (over {view.slowThresholdMs} ms)</Trans>}
            rows={view.slowest}
            testId={`slowest-${view.service}`}
          />
          {view.recentErrors.length ? (
            <Statements
              title={<Trans>Recent errors</Trans>}
              rows={view.recentErrors}
              testId={`errors-${view.service}`}
            />
          ) : null}
        </Stack>
      ) : (
        <Text c="dimmed" size="sm">
          <Trans>The service did not answer.</Trans>
        </Text>
      )}
    </Card>
  );
}

function Figure({ label, value }: { label: ReactNode; value: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="lg">
        {value}
      </Text>
    </div>
  );
}

function Pools({ view }: { view: ServiceDbView }) {
  const { t } = useLingui();
  return (
    <Table withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>
            <Trans>Database</Trans>
          </Table.Th>
          <Table.Th>
            <Trans>Active / size</Trans>
          </Table.Th>
          <Table.Th>
            <Trans>Open</Trans>
          </Table.Th>
          <Table.Th>
            <Trans>Idle</Trans>
          </Table.Th>
          <Table.Th>
            <Trans>Waiting</Trans>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {view.pools.map((pool) => (
          <Table.Tr key={pool.database}>
            <Table.Td>{pool.database}</Table.Td>
            <Table.Td>
              <Text size="sm" data-testid={`pool-active-${view.service}`}>
                {pool.active} / {pool.limit}
              </Text>
              <Progress
                value={pool.limit ? (pool.active / pool.limit) * 100 : 0}
                size="sm"
                aria-label={t`Connections lent out of the pool's size`}
              />
            </Table.Td>
            <Table.Td>{pool.open}</Table.Td>
            <Table.Td>{pool.idle}</Table.Td>
            <Table.Td>{pool.waiting}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Statements({
  title,
  rows,
  testId,
}: {
  title: ReactNode;
  rows: (StatementView & { message?: string })[];
  testId: string;
}) {
  return (
    <div data-testid={testId}>
      <Text fw={600} size="sm" mb={4}>
        {title}
      </Text>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          <Trans>None yet.</Trans>
        </Text>
      ) : (
        <Table withTableBorder>
          <Table.Tbody>
            {rows.map((row, i) => (
              <Table.Tr key={`${row.at}-${i}`}>
                <Table.Td w={90}>{row.ms} ms</Table.Td>
                <Table.Td>
                  <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                    {row.sql}
                  </Code>
                  {row.message ? (
                    <Text size="xs" c="red">
                      {row.message}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td w={110}>{new Date(row.at).toLocaleTimeString()}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </div>
  );
}
