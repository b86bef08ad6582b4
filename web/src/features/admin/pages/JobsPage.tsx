import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button } from '@mantine/core';
import {
  type JobHandlerView,
  type JobLogView,
  type JobView,
  PERMISSIONS as P,
} from '@platform/contracts';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';

import { AppLink } from '../../../components/AppLink';
import { CrudPage } from '../../../components/CrudPage';
import { IconButton } from '../../../components/IconButton';
import { HasPermi } from '../../../components/Permission';
import { dictOptions, DictTag, useDict } from '../../../hooks/useDict';
import { fetchData, putData } from '../../../lib/crud.api';
import { notify } from '../../../lib/notify';
import type { PageProps } from '../../../lib/page-props';
import { when } from '../format';

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
            optionsLoading: handlers.isPending,
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
            <IconButton
              label={t`Run once`}
              variant="subtle"
              data-testid="run"
              onClick={async () => {
                await putData('/monitor/job/run', { jobId: row.jobId });
                notify('success', t`The job has been queued to run`);
                void queryClient.invalidateQueries({ queryKey: ['job-log'] });
              }}
            >
              <IconPlayerPlay size={16} />
            </IconButton>
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
