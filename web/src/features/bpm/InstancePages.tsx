import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Badge } from '@mantine/core';
import type { BpmTaskView, ProcessInstanceView } from '@platform/contracts';

import { AppLink } from '../../components/AppLink';
import { type Column, CrudPage } from '../../components/CrudPage';
import { formatTime } from '../../lib/format';
import { BPM_URLS } from './bpm.api';
import { InstanceDetail } from './InstanceDetail';
import { StatusBadge, useStatusOptions, useUserNames } from './parts';
import { useSearchParam } from './useSearchParam';

export const detailPath = (processInstanceId: string) =>
  `/bpm/process-instance/detail?id=${encodeURIComponent(processInstanceId)}`;

/** /bpm/process-instance/detail?id=: one instance's progress. */
export function InstanceDetailPage() {
  const id = useSearchParam('id');
  if (!id) {
    return (
      <Alert color="yellow" data-testid="instance-missing">
        <Trans>No process instance was named.</Trans>
      </Alert>
    );
  }
  return <InstanceDetail id={id} />;
}

/** My processes: the instances the reader started, filterable by name and status. */
export function MyProcessesPage() {
  const { t, i18n } = useLingui();
  const statuses = useStatusOptions();
  const columns: Column<ProcessInstanceView & Record<string, unknown>>[] = [
    {
      key: 'name',
      title: t`Process`,
      render: (row) => (
        <Anchor component={AppLink} to={detailPath(row.id)} data-testid="open-instance">
          {row.name}
        </Anchor>
      ),
    },
    { key: 'status', title: t`Status`, render: (row) => <StatusBadge status={row.status} /> },
    { key: 'reason', title: t`Reason` },
    {
      key: 'createTime',
      title: t`Started`,
      render: (row) => formatTime(row.createTime, i18n.locale),
    },
    { key: 'endTime', title: t`Ended`, render: (row) => formatTime(row.endTime, i18n.locale) },
  ];
  return (
    <CrudPage
      config={{
        testId: 'bpm-my-processes',
        listUrl: BPM_URLS.myInstances,
        idKey: 'id',
        columns,
        filters: [
          { name: 'name', label: t`Process` },
          { name: 'status', label: t`Status`, type: 'select', options: statuses },
        ],
        permissions: {},
      }}
    />
  );
}

function TaskList({ testId, url, done }: { testId: string; url: string; done: boolean }) {
  const { t, i18n } = useLingui();
  const { name } = useUserNames();
  const columns: Column<BpmTaskView & Record<string, unknown>>[] = [
    {
      key: 'name',
      title: t`Task`,
      render: (row) => (
        <Anchor component={AppLink} to={detailPath(row.processInstanceId)} data-testid="open-task">
          {row.name ?? row.taskDefinitionKey}
        </Anchor>
      ),
    },
    { key: 'processInstanceName', title: t`Process` },
    { key: 'startUserId', title: t`Initiator`, render: (row) => name(row.startUserId) },
    {
      key: 'delegationState',
      title: t`Delegation`,
      render: (row) =>
        row.delegationState === 'PENDING' ? (
          <Badge variant="light" tt="none">
            <Trans>Delegated to you</Trans>
          </Badge>
        ) : null,
    },
    {
      key: 'createTime',
      title: t`Created`,
      render: (row) => formatTime(row.createTime, i18n.locale),
    },
    ...(done
      ? [
          {
            key: 'endTime',
            title: t`Completed`,
            render: (row: BpmTaskView) => formatTime(row.endTime, i18n.locale),
          },
        ]
      : []),
  ];
  return (
    <CrudPage
      config={{
        testId,
        listUrl: url,
        idKey: 'id',
        columns,
        filters: [{ name: 'name', label: t`Task` }],
        permissions: {},
      }}
    />
  );
}

/** To do: tasks assigned to the reader or offered to them and not yet taken. */
export function TodoPage() {
  return <TaskList testId="bpm-todo" url={BPM_URLS.todo} done={false} />;
}

/** Done: tasks the reader completed. */
export function DonePage() {
  return <TaskList testId="bpm-done" url={BPM_URLS.done} done />;
}
