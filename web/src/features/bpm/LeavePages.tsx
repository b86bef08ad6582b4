import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Anchor,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { OaLeaveView } from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';

import { AppLink } from '../../components/AppLink';
import { type Column, CrudPage } from '../../components/CrudPage';
import { LoadState } from '../../components/LoadState';
import { dictOptions, useDict } from '../../hooks/useDict';
import { formatTime } from '../../lib/format';
import { notify } from '../../lib/notify';
import { BPM_URLS, bpmApi } from './bpm.api';
import { InstanceDetail } from './InstanceDetail';
import { apiDateTime, leaveDays } from './leave';
import { StatusBadge, useStatusOptions } from './parts';
import { useSearchParam } from './useSearchParam';

/** Leave types when the dictionary bpm_oa_leave_type is not filled in. */
const DEFAULT_TYPES = {
  annual: msg`Annual leave`,
  sick: msg`Sick leave`,
  personal: msg`Personal leave`,
} as const;

const LEAVE_TYPE_DICT = 'bpm_oa_leave_type';

function useLeaveTypes() {
  const { i18n } = useLingui();
  const dict = useDict(LEAVE_TYPE_DICT);
  if (dict.length) return dictOptions(dict);
  return Object.entries(DEFAULT_TYPES).map(([value, label]) => ({ value, label: i18n._(label) }));
}

const leaveDetailPath = (id: number) => `/bpm/oa/leave/detail?id=${id}`;

/** /bpm/oa/leave/create: the leave request, its days counted as the server counts them. */
export function LeaveCreatePage() {
  const { t } = useLingui();
  const router = useRouter();
  const types = useLeaveTypes();
  const [type, setType] = useState<string | null>(null);
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const days = leaveDays(start, end);
  const problems = {
    type: !type ? t`Choose a leave type` : null,
    start: !start ? t`Enter the start` : null,
    end: !end
      ? t`Enter the end`
      : start && days === null
        ? t`The end must be after the start`
        : null,
    reason: !reason.trim() ? t`Give a reason` : null,
  };
  const submit = async () => {
    setTried(true);
    if (Object.values(problems).some(Boolean)) return;
    setBusy(true);
    try {
      const id = await bpmApi.createLeave({
        type: type!,
        startTime: apiDateTime(start),
        endTime: apiDateTime(end),
        reason: reason.trim(),
      });
      notify('success', t`Leave request submitted`);
      router.history.push(leaveDetailPath(id));
    } finally {
      setBusy(false);
    }
  };
  const shown = (problem: string | null) => (tried ? (problem ?? undefined) : undefined);
  return (
    <Card withBorder maw={640} data-testid="leave-create">
      <Stack gap="sm">
        <Title order={2} size="h4">
          <Trans>Leave request</Trans>
        </Title>
        <Select
          label={t`Leave type`}
          required
          data={types}
          value={type}
          onChange={setType}
          error={shown(problems.type)}
          data-testid="leave-type"
        />
        <Group grow align="flex-start">
          <TextInput
            type="datetime-local"
            label={t`Start`}
            required
            value={start}
            onChange={(event) => setStart(event.currentTarget.value)}
            error={shown(problems.start)}
            data-testid="leave-start"
          />
          <TextInput
            type="datetime-local"
            label={t`End`}
            required
            value={end}
            onChange={(event) => setEnd(event.currentTarget.value)}
            error={shown(problems.end)}
            data-testid="leave-end"
          />
        </Group>
        <Text size="sm" data-testid="leave-days">
          <Trans>Days: {days ?? '—'}</Trans>
        </Text>
        <Textarea
          label={t`Reason`}
          required
          autosize
          minRows={3}
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={shown(problems.reason)}
          data-testid="leave-reason"
        />
        <Group>
          <Button loading={busy} onClick={() => void submit()} data-testid="leave-submit">
            <Trans>Submit</Trans>
          </Button>
          <Anchor component={AppLink} to="/bpm/oa/leave">
            <Trans>My leave requests</Trans>
          </Anchor>
        </Group>
      </Stack>
    </Card>
  );
}

/** /bpm/oa/leave/detail?id=: the request and its process's progress. */
export function LeaveDetailPage() {
  const { t, i18n } = useLingui();
  const id = Number(useSearchParam('id'));
  const valid = Number.isInteger(id) && id > 0;
  const types = useLeaveTypes();
  const leave = useQuery({
    queryKey: ['bpm-leave', id],
    queryFn: () => bpmApi.leave(id),
    enabled: valid,
  });
  if (!valid) {
    return (
      <Text c="dimmed" data-testid="leave-missing">
        <Trans>No leave request was named.</Trans>
      </Text>
    );
  }
  return (
    <LoadState loading={leave.isPending} error={leave.error} onRetry={() => void leave.refetch()}>
      {leave.data ? (
        <Stack gap="md" data-testid="leave-detail">
          <Card withBorder>
            <Group gap="sm" mb="xs">
              <Title order={2} size="h4">
                <Trans>Leave request</Trans>
              </Title>
              <StatusBadge status={leave.data.status} />
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              <Text size="sm">
                {t`Leave type`}:{' '}
                {types.find((o) => o.value === leave.data.type)?.label ?? leave.data.type}
              </Text>
              <Text size="sm">
                {t`Days`}: {leave.data.days}
              </Text>
              <Text size="sm">
                {t`Start`}: {leave.data.startTime}
              </Text>
              <Text size="sm">
                {t`End`}: {leave.data.endTime}
              </Text>
              <Text size="sm">
                {t`Reason`}: {leave.data.reason}
              </Text>
              <Text size="sm">
                {t`Submitted`}: {formatTime(leave.data.createTime, i18n.locale)}
              </Text>
            </SimpleGrid>
          </Card>
          {leave.data.processInstanceId ? (
            <InstanceDetail id={leave.data.processInstanceId} />
          ) : null}
        </Stack>
      ) : null}
    </LoadState>
  );
}

/** The reader's leave requests, filterable by status and type. */
export function LeaveListPage() {
  const { t, i18n } = useLingui();
  const types = useLeaveTypes();
  const statuses = useStatusOptions();
  const columns: Column<OaLeaveView & Record<string, unknown>>[] = [
    {
      key: 'type',
      title: t`Leave type`,
      render: (row) => (
        <Anchor component={AppLink} to={leaveDetailPath(row.id)} data-testid="open-leave">
          {types.find((o) => o.value === row.type)?.label ?? row.type}
        </Anchor>
      ),
    },
    { key: 'startTime', title: t`Start` },
    { key: 'endTime', title: t`End` },
    { key: 'days', title: t`Days` },
    { key: 'status', title: t`Status`, render: (row) => <StatusBadge status={row.status} /> },
    {
      key: 'createTime',
      title: t`Submitted`,
      render: (row) => formatTime(row.createTime, i18n.locale),
    },
  ];
  return (
    <CrudPage
      config={{
        testId: 'bpm-leaves',
        listUrl: BPM_URLS.leaves,
        idKey: 'id',
        columns,
        filters: [
          { name: 'status', label: t`Status`, type: 'select', options: statuses },
          { name: 'type', label: t`Leave type`, type: 'select', options: types },
        ],
        permissions: {},
        toolbar: () => (
          <Button component={AppLink} to="/bpm/oa/leave/create" size="xs" data-testid="new-leave">
            <Trans>New leave request</Trans>
          </Button>
        ),
      }}
    />
  );
}
