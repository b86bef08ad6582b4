import { useLingui } from '@lingui/react/macro';
import { Badge, Card, Group, SimpleGrid, Title } from '@mantine/core';
import type { ServerInfoView } from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';

import { fetchData } from '../../../lib/crud.api';
import { KeyValueTable } from '../components/KeyValueTable';

const mb = (bytes?: number) =>
  bytes === undefined ? '' : `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** monitor/server/index: CPU, memory, heap, disk and uptime of each service. */
export function ServerPage() {
  const { t } = useLingui();
  const servers = useQuery({
    queryKey: ['server-info'],
    queryFn: () => fetchData<ServerInfoView[]>('/monitor/server'),
    refetchInterval: 10_000,
  });
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} data-testid="server-page">
      {(servers.data ?? []).map((s) => (
        <Card key={s.service} withBorder>
          <Group justify="space-between" mb="xs">
            <Title order={2} size="h5">
              {s.service}
            </Title>
            <Badge color={s.status === 'UP' ? 'green' : 'red'}>{s.status}</Badge>
          </Group>
          {s.status === 'UP' ? (
            <KeyValueTable
              rows={[
                [t`Host`, `${s.host} (pid ${s.pid})`],
                [t`Node.js`, s.nodeVersion ?? ''],
                [t`Uptime`, `${Math.round((s.uptimeSeconds ?? 0) / 60)} min`],
                [
                  t`CPU`,
                  `${s.cpu?.cores} × ${s.cpu?.model} · ${t`process`} ${s.cpu?.processPercent}% · ${t`load`} ${s.cpu?.loadAverage.join(' / ')}`,
                ],
                [t`Memory`, `${mb(s.memory?.usedBytes)} / ${mb(s.memory?.totalBytes)}`],
                [
                  t`Heap`,
                  `${mb(s.heap?.usedBytes)} / ${mb(s.heap?.totalBytes)} (RSS ${mb(s.heap?.rssBytes)})`,
                ],
                ...(s.disks ?? []).map((d): [string, string] => [
                  `${t`Disk`} ${d.path}`,
                  `${mb(d.usedBytes)} / ${mb(d.totalBytes)}`,
                ]),
              ]}
            />
          ) : null}
        </Card>
      ))}
    </SimpleGrid>
  );
}
