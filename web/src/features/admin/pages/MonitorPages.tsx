import { Trans, useLingui } from '@lingui/react/macro';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Code,
  Grid,
  Group,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  type CacheInfoView,
  type CacheNameView,
  type CacheValueView,
  type JobHandlerView,
  type JobLogView,
  type JobView,
  type LoginLogView,
  type OnlineView,
  type OperLogView,
  PERMISSIONS as P,
  type ServerInfoView,
} from '@platform/contracts';
import { IconLockOpen, IconPlayerPlay, IconPower, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { AppLink } from '../../../components/AppLink';
import { HasPermi } from '../../../components/Permission';
import { notify } from '../../../lib/notify';
import type { PageProps } from '../../menu/page-props';
import { deleteEntity, fetchData, putData } from '../admin.api';
import { ConfirmButton } from '../components/ConfirmButton';
import { CrudPage } from '../components/CrudPage';
import { dictOptions, DictTag, useDict } from '../useDict';
import { KeyValueTable } from './SystemPages';

const when = (value: string | number) => new Date(value).toLocaleString();

function CleanButton({ url, refresh }: { url: string; refresh: () => void }) {
  const { t } = useLingui();
  return (
    <ConfirmButton
      icon={<IconTrash size={16} />}
      label={t`Clean`}
      testId="clean"
      message={t`Delete all entries?`}
      onConfirm={async () => {
        await deleteEntity(url);
        notify('success', t`Cleaned`);
        refresh();
      }}
    />
  );
}

/** monitor/operlog/index. */
export function OperLogPage() {
  const { t, i18n } = useLingui();
  const types = dictOptions(useDict('sys_oper_type'));
  const outcome = dictOptions(useDict('sys_common_status'));
  return (
    <CrudPage<OperLogView & Record<string, unknown>>
      config={{
        testId: 'operlog-page',
        listUrl: '/monitor/operlog/list',
        baseUrl: '/monitor/operlog',
        idKey: 'operId',
        filters: [
          { name: 'title', label: t`Module` },
          { name: 'operName', label: t`Operator` },
          { name: 'businessType', label: t`Type`, type: 'select', options: types },
          { name: 'status', label: t`Status`, type: 'select', options: outcome },
        ],
        columns: [
          { key: 'operId', title: t`ID` },
          {
            key: 'title',
            title: t`Module`,
            render: (r) => (i18n.locale === 'en' ? r.titleEn : r.title),
          },
          {
            key: 'businessType',
            title: t`Type`,
            render: (r) => <DictTag type="sys_oper_type" value={r.businessType} />,
          },
          { key: 'operName', title: t`Operator` },
          { key: 'operIp', title: t`IP` },
          { key: 'operUrl', title: t`URL` },
          {
            key: 'status',
            title: t`Status`,
            render: (r) => <DictTag type="sys_common_status" value={r.status} />,
          },
          { key: 'operTime', title: t`Time`, render: (r) => when(r.operTime) },
          { key: 'costTime', title: t`Duration (ms)` },
        ],
        permissions: { remove: P.monitor.operlog.remove, export: P.monitor.operlog.export },
        exportUrl: '/monitor/operlog/export',
        toolbar: (refresh) => (
          <HasPermi value={P.monitor.operlog.remove}>
            <CleanButton url="/monitor/operlog/clean" refresh={refresh} />
          </HasPermi>
        ),
      }}
    />
  );
}

/** monitor/logininfor/index (unlock a locked account from here). */
export function LoginLogPage() {
  const { t } = useLingui();
  const outcome = dictOptions(useDict('sys_common_status'));
  return (
    <CrudPage<LoginLogView & Record<string, unknown>>
      config={{
        testId: 'logininfor-page',
        listUrl: '/monitor/logininfor/list',
        baseUrl: '/monitor/logininfor',
        idKey: 'infoId',
        filters: [
          { name: 'userName', label: t`Account` },
          { name: 'ipaddr', label: t`IP` },
          { name: 'status', label: t`Status`, type: 'select', options: outcome },
        ],
        columns: [
          { key: 'infoId', title: t`ID` },
          { key: 'userName', title: t`Account` },
          { key: 'ipaddr', title: t`IP` },
          { key: 'browser', title: t`Browser` },
          { key: 'os', title: t`OS` },
          {
            key: 'status',
            title: t`Status`,
            render: (r) => <DictTag type="sys_common_status" value={r.status} />,
          },
          { key: 'msg', title: t`Message` },
          { key: 'loginTime', title: t`Time`, render: (r) => when(r.loginTime) },
        ],
        permissions: { remove: P.monitor.logininfor.remove, export: P.monitor.logininfor.export },
        exportUrl: '/monitor/logininfor/export',
        rowActions: (row) => (
          <HasPermi value={P.monitor.logininfor.unlock}>
            <Tooltip label={t`Unlock account`}>
              <ActionIcon
                variant="subtle"
                data-testid="unlock"
                onClick={async () => {
                  await fetchData(`/monitor/logininfor/unlock/${encodeURIComponent(row.userName)}`);
                  notify('success', t`Account unlocked`);
                }}
              >
                <IconLockOpen size={16} />
              </ActionIcon>
            </Tooltip>
          </HasPermi>
        ),
        toolbar: (refresh) => (
          <HasPermi value={P.monitor.logininfor.remove}>
            <CleanButton url="/monitor/logininfor/clean" refresh={refresh} />
          </HasPermi>
        ),
      }}
    />
  );
}

/** monitor/online/index. */
export function OnlinePage() {
  const { t } = useLingui();
  return (
    <CrudPage<OnlineView & Record<string, unknown>>
      config={{
        testId: 'online-page',
        listUrl: '/monitor/online/list',
        idKey: 'tokenId',
        filters: [
          { name: 'ipaddr', label: t`IP` },
          { name: 'userName', label: t`Account` },
        ],
        columns: [
          { key: 'userName', title: t`Account` },
          { key: 'deptName', title: t`Department` },
          { key: 'ipaddr', title: t`IP` },
          { key: 'browser', title: t`Browser` },
          { key: 'os', title: t`OS` },
          { key: 'loginTime', title: t`Signed in`, render: (r) => when(r.loginTime) },
        ],
        permissions: {},
        rowActions: (row, refresh) => (
          <HasPermi value={P.monitor.online.forceLogout}>
            <ConfirmButton
              icon={<IconPower size={16} />}
              label={t`Force logout`}
              testId="force-logout"
              message={t`Sign ${row.userName} out now?`}
              onConfirm={async () => {
                await deleteEntity(`/monitor/online/${row.tokenId}`);
                refresh();
              }}
            />
          </HasPermi>
        ),
      }}
    />
  );
}

/** monitor/job/index: jobs naming a handler of the registry. */
export function JobsPage() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const status = dictOptions(useDict('sys_job_status'));
  const groups = dictOptions(useDict('sys_job_group'));
  const handlers = useQuery({
    queryKey: ['job-handlers'],
    queryFn: () => fetchData<JobHandlerView[]>('/monitor/job/handlers'),
  });
  const handlerOptions = (handlers.data ?? []).map((h) => ({
    value: h.name,
    label: `${h.name} — ${i18n.locale === 'en' ? h.description.en : h.description.zh}`,
  }));
  const misfire = [
    { value: '1', label: t`Run now` },
    { value: '2', label: t`Run once` },
    { value: '3', label: t`Do nothing` },
  ];
  const concurrent = [
    { value: '0', label: t`Allowed` },
    { value: '1', label: t`Forbidden` },
  ];
  return (
    <CrudPage<JobView & Record<string, unknown>>
      config={{
        testId: 'jobs-page',
        listUrl: '/monitor/job/list',
        baseUrl: '/monitor/job',
        idKey: 'jobId',
        filters: [
          { name: 'jobName', label: t`Job name` },
          { name: 'jobGroup', label: t`Group`, type: 'select', options: groups },
          { name: 'status', label: t`Status`, type: 'select', options: status },
        ],
        columns: [
          { key: 'jobId', title: t`ID` },
          { key: 'jobName', title: t`Job name` },
          {
            key: 'jobGroup',
            title: t`Group`,
            render: (r) => <DictTag type="sys_job_group" value={r.jobGroup} />,
          },
          { key: 'handler', title: t`Handler` },
          { key: 'cronExpression', title: t`Cron expression` },
          {
            key: 'status',
            title: t`Status`,
            render: (r) => <DictTag type="sys_job_status" value={r.status} />,
          },
          {
            key: 'nextValidTime',
            title: t`Next run`,
            render: (r) => (r.nextValidTime ? when(r.nextValidTime) : ''),
          },
        ],
        form: [
          { name: 'jobName', label: t`Job name`, required: true },
          { name: 'jobGroup', label: t`Group`, type: 'select', options: groups, required: true },
          {
            name: 'handler',
            label: t`Handler`,
            type: 'select',
            options: handlerOptions,
            required: true,
          },
          { name: 'params', label: t`Parameters` },
          { name: 'cronExpression', label: t`Cron expression`, required: true },
          { name: 'misfirePolicy', label: t`Misfire policy`, type: 'select', options: misfire },
          { name: 'concurrent', label: t`Concurrent`, type: 'select', options: concurrent },
          { name: 'status', label: t`Status`, type: 'select', options: status },
          { name: 'remark', label: t`Remark`, type: 'textarea' },
        ],
        defaults: { jobGroup: 'DEFAULT', misfirePolicy: '1', concurrent: '1', status: '1' },
        permissions: {
          // Creating or changing a job also needs its own permission (the server asks for both).
          add: P.monitor.job.manage,
          edit: P.monitor.job.manage,
          remove: P.monitor.job.remove,
          export: P.monitor.job.export,
        },
        exportUrl: '/monitor/job/export',
        rowActions: (row, refresh) => (
          <HasPermi value={P.monitor.job.changeStatus}>
            <Tooltip label={t`Run once`}>
              <ActionIcon
                variant="subtle"
                data-testid="run"
                onClick={async () => {
                  await putData('/monitor/job/run', { jobId: row.jobId });
                  notify('success', t`The job has been queued to run`);
                  void queryClient.invalidateQueries({ queryKey: ['job-log'] });
                }}
              >
                <IconPlayerPlay size={16} />
              </ActionIcon>
            </Tooltip>
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={async () => {
                await putData('/monitor/job/changeStatus', {
                  jobId: row.jobId,
                  status: row.status === '0' ? '1' : '0',
                });
                refresh();
              }}
            >
              {row.status === '0' ? t`Pause` : t`Resume`}
            </Button>
            <Button
              component={AppLink}
              to={`/monitor/job-log/index/${row.jobId}`}
              size="compact-xs"
              variant="subtle"
            >
              <Trans>Log</Trans>
            </Button>
          </HasPermi>
        ),
      }}
    />
  );
}

/** /monitor/job-log/index/:jobId. */
export function JobLogPage({ params }: PageProps) {
  const { t } = useLingui();
  return (
    <CrudPage<JobLogView & Record<string, unknown>>
      config={{
        testId: 'job-log-page',
        listUrl: '/monitor/jobLog/list',
        baseUrl: '/monitor/jobLog',
        idKey: 'jobLogId',
        fixed: { jobId: Number(params.jobId) || undefined },
        columns: [
          { key: 'jobLogId', title: t`ID` },
          { key: 'jobName', title: t`Job name` },
          { key: 'handler', title: t`Handler` },
          { key: 'jobMessage', title: t`Message` },
          {
            key: 'status',
            title: t`Status`,
            render: (r) => (
              <Badge color={r.status === '0' ? 'green' : r.status === '1' ? 'red' : 'gray'}>
                {r.status === '0' ? t`Success` : r.status === '1' ? t`Failure` : t`Skipped`}
              </Badge>
            ),
          },
          { key: 'exceptionInfo', title: t`Error` },
          { key: 'startTime', title: t`Started`, render: (r) => when(r.startTime) },
        ],
        permissions: { remove: P.monitor.job.remove },
      }}
    />
  );
}

/** monitor/cache/index: Redis figures, key counts by prefix, keys and values. */
export function CachePage() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [name, setName] = useState<string>();
  const [key, setKey] = useState<string>();
  const info = useQuery({
    queryKey: ['cache-info'],
    queryFn: () => fetchData<CacheInfoView>('/monitor/cache'),
  });
  const names = useQuery({
    queryKey: ['cache-names'],
    queryFn: () => fetchData<CacheNameView[]>('/monitor/cache/getNames'),
  });
  const keys = useQuery({
    queryKey: ['cache-keys', name],
    queryFn: () => fetchData<string[]>(`/monitor/cache/getKeys/${name}`),
    enabled: !!name,
  });
  const value = useQuery({
    queryKey: ['cache-value', key],
    queryFn: () =>
      fetchData<CacheValueView>(`/monitor/cache/getValue/${name}/${encodeURIComponent(key ?? '')}`),
    enabled: !!key && !!name,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['cache-names'] });
  const data = info.data?.info ?? {};
  return (
    <Stack data-testid="cache-page">
      <KeyValueTable
        rows={[
          [t`Redis version`, data.redis_version ?? ''],
          [t`Uptime (days)`, data.uptime_in_days ?? ''],
          [t`Connected clients`, data.connected_clients ?? ''],
          [t`Memory used`, data.used_memory_human ?? ''],
          [t`Keys`, String(info.data?.dbSize ?? '')],
        ]}
      />
      <Grid>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card withBorder>
            <Group justify="space-between">
              <Title order={5}>
                <Trans>Caches</Trans>
              </Title>
              <Button
                size="compact-xs"
                variant="light"
                color="red"
                onClick={async () => {
                  await deleteEntity('/monitor/cache/clearCacheAll');
                  refresh();
                }}
              >
                <Trans>Clear all</Trans>
              </Button>
            </Group>
            {(names.data ?? []).map((n) => (
              <Group key={n.cacheName} justify="space-between" mt={4}>
                <Button
                  variant={name === n.cacheName ? 'light' : 'subtle'}
                  size="compact-sm"
                  onClick={() => {
                    setName(n.cacheName);
                    setKey(undefined);
                  }}
                >
                  {i18n.locale === 'en' ? n.remark.en : n.remark.zh} ({n.keyCount})
                </Button>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  onClick={async () => {
                    await deleteEntity(`/monitor/cache/clearCacheName/${n.cacheName}`);
                    refresh();
                  }}
                >
                  <IconTrash size={14} />
                </ActionIcon>
              </Group>
            ))}
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card withBorder>
            <Title order={5}>
              <Trans>Keys</Trans>
            </Title>
            <ScrollArea h={360}>
              {(keys.data ?? []).map((k) => (
                <Text
                  key={k}
                  size="sm"
                  style={{ cursor: 'pointer' }}
                  c={k === key ? 'blue' : undefined}
                  onClick={() => setKey(k)}
                >
                  {k}
                </Text>
              ))}
            </ScrollArea>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card withBorder>
            <Title order={5}>
              <Trans>Value</Trans>
            </Title>
            {value.data ? (
              <Stack gap={4}>
                <Text size="sm">{value.data.cacheKey}</Text>
                <Text size="xs" c="dimmed">
                  {value.data.type} · TTL {value.data.ttlSeconds}
                </Text>
                <Code block>{value.data.cacheValue}</Code>
                <Button
                  size="compact-xs"
                  color="red"
                  variant="light"
                  onClick={async () => {
                    await deleteEntity(
                      `/monitor/cache/clearCacheKey/${encodeURIComponent(value.data.cacheKey)}`,
                    );
                    setKey(undefined);
                    refresh();
                  }}
                >
                  <Trans>Delete key</Trans>
                </Button>
              </Stack>
            ) : null}
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

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
            <Title order={5}>{s.service}</Title>
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

interface OpenApiDoc {
  info: { title: string; version: string };
  paths: Record<
    string,
    Record<string, { summary?: string; tags?: string[]; 'x-access'?: unknown }>
  >;
}

/** tool/swagger/index: the gateway's OpenAPI document, route by route. */
export function SwaggerPage() {
  const { t } = useLingui();
  const doc = useQuery({
    queryKey: ['openapi'],
    queryFn: () => fetchData<OpenApiDoc>('/v3/api-docs'),
  });
  const [filter, setFilter] = useState('');
  const routes = Object.entries(doc.data?.paths ?? {}).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ path, method, op })),
  );
  return (
    <Stack data-testid="swagger-page">
      <Title order={4}>
        {doc.data?.info.title} {doc.data?.info.version}
      </Title>
      <input
        placeholder={t`Filter`}
        value={filter}
        onChange={(e) => setFilter(e.currentTarget.value)}
        style={{ padding: 6 }}
      />
      <KeyValueTable
        rows={routes
          .filter((r) => r.path.includes(filter))
          .map((r): [string, string] => [
            `${r.method.toUpperCase()} ${r.path}`,
            JSON.stringify(r.op['x-access'] ?? ''),
          ])}
      />
    </Stack>
  );
}
