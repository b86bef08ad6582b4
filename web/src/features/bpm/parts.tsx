import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Badge,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Text,
  Textarea,
  Timeline,
} from '@mantine/core';
import {
  type BpmTaskTimelineView,
  PERMISSIONS,
  type ProcessInstanceStatus,
} from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';

import { ownerLabel, simpleUsersQuery } from '../../hooks/useOwners';
import { hasPermi, useActor } from '../../lib/auth';
import { formatTime } from '../../lib/format';

// Pieces the process pages share: status tags, the user picker, the reason dialog and the timeline.

const STATUS = {
  running: { label: msg`Running`, color: 'blue' },
  approved: { label: msg`Approved`, color: 'green' },
  rejected: { label: msg`Rejected`, color: 'red' },
  cancelled: { label: msg`Cancelled`, color: 'gray' },
} as const;

export const STATUS_VALUES = Object.keys(STATUS) as ProcessInstanceStatus[];

export function useStatusOptions() {
  const { i18n } = useLingui();
  return STATUS_VALUES.map((value) => ({ value, label: i18n._(STATUS[value].label) }));
}

export function StatusBadge({ status }: { status: string }) {
  const { i18n } = useLingui();
  const known = STATUS[status as ProcessInstanceStatus];
  return (
    <Badge variant="light" tt="none" color={known?.color ?? 'gray'} data-testid="instance-status">
      {known ? i18n._(known.label) : status}
    </Badge>
  );
}

/** Names users from the console's user list when the reader may read it, else by `#id`. */
export function useUserNames() {
  const { permissions } = useActor();
  const users = useQuery({
    ...simpleUsersQuery(),
    enabled: hasPermi(permissions, PERMISSIONS.system.user.list),
  }).data;
  return { users, name: (id: number | null | undefined) => (id ? ownerLabel(users, id) : '') };
}

/** A searchable user select, or the user's id typed in when the reader may not list users. */
export function UserPicker({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  const { users } = useUserNames();
  if (!users) {
    return (
      <NumberInput
        label={label}
        required
        allowDecimal={false}
        min={1}
        value={value ?? ''}
        onChange={(next) => onChange(typeof next === 'number' ? next : null)}
        data-testid="user-picker"
      />
    );
  }
  return (
    <Select
      label={label}
      required
      searchable
      data={users.map((user) => ({
        value: String(user.userId),
        label: ownerLabel(users, user.userId),
      }))}
      value={value ? String(value) : null}
      onChange={(next) => onChange(next ? Number(next) : null)}
      data-testid="user-picker"
    />
  );
}

/**
 * A dialog asking for a reason (required when `reasonRequired`) and, for a transfer or delegation,
 * the user; `onConfirm` runs the action and closes the dialog when it succeeds.
 */
export function ReasonDialog({
  opened,
  title,
  reasonRequired,
  withUser,
  textLabel,
  textMissing,
  confirmLabel,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  title: string;
  reasonRequired: boolean;
  withUser?: string;
  /** The text's label and its "missing" message, when it is not a reason (a comment). */
  textLabel?: string;
  textMissing?: string;
  confirmLabel: ReactNode;
  onClose: () => void;
  onConfirm: (reason: string, userId: number | null) => Promise<void>;
}) {
  const { t } = useLingui();
  const [reason, setReason] = useState('');
  const [userId, setUserId] = useState<number | null>(null);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const reasonMissing = reasonRequired && !reason.trim();
  const userMissing = Boolean(withUser) && !userId;
  const confirm = async () => {
    setTried(true);
    if (reasonMissing || userMissing) return;
    setBusy(true);
    try {
      await onConfirm(reason.trim(), userId);
      setReason('');
      setUserId(null);
      setTried(false);
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={title} data-testid="reason-dialog">
      <Stack gap="sm">
        {withUser ? (
          <div>
            <UserPicker label={withUser} value={userId} onChange={setUserId} />
            {tried && userMissing ? (
              <Text c="red" size="sm" role="alert">
                <Trans>Choose a user</Trans>
              </Text>
            ) : null}
          </div>
        ) : null}
        <Textarea
          label={textLabel ?? t`Reason`}
          required={reasonRequired}
          autosize
          minRows={3}
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={tried && reasonMissing ? (textMissing ?? t`Give a reason`) : undefined}
          data-testid="reason"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button loading={busy} onClick={() => void confirm()} data-testid="reason-confirm">
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

const RESULT = {
  running: { label: msg`In progress`, color: 'blue' },
  approved: { label: msg`Approved`, color: 'green' },
  rejected: { label: msg`Rejected`, color: 'red' },
  cancelled: { label: msg`Cancelled`, color: 'gray' },
} as const;

const ACTION = {
  approve: msg`approved`,
  reject: msg`rejected`,
  transfer: msg`transferred to`,
  delegate: msg`delegated to`,
  resolve: msg`handed back`,
  comment: msg`commented`,
} as const;

/** The instance's tasks in order, with who holds or held each, what they did, and when. */
export function TaskTimeline({ tasks }: { tasks: BpmTaskTimelineView[] }) {
  const { t, i18n } = useLingui();
  const { name } = useUserNames();
  if (!tasks.length) {
    return (
      <Text c="dimmed" data-testid="timeline-empty">
        <Trans>No tasks yet.</Trans>
      </Text>
    );
  }
  return (
    <Timeline bulletSize={14} lineWidth={2} data-testid="task-timeline">
      {tasks.map((task) => {
        const result = RESULT[task.result] ?? RESULT.running;
        const holder = task.assigneeUserId
          ? name(task.assigneeUserId)
          : task.candidateUserIds.map((id) => name(id)).join(', ');
        return (
          <Timeline.Item
            key={task.id}
            color={result.color}
            title={
              <Group gap="xs">
                <Text fw={600}>{task.name ?? task.taskDefinitionKey}</Text>
                <Badge size="sm" variant="light" tt="none" color={result.color}>
                  {i18n._(result.label)}
                </Badge>
              </Group>
            }
            data-testid={`timeline-${task.taskDefinitionKey}`}
          >
            <Text size="sm">
              {task.assigneeUserId ? t`Assignee` : t`Candidates`}: {holder || '—'}
            </Text>
            <Text size="sm" c="dimmed">
              {formatTime(task.createTime, i18n.locale)}
              {task.endTime ? ` → ${formatTime(task.endTime, i18n.locale)}` : ''}
            </Text>
            {task.note ? (
              <Text size="sm" c="orange.9">
                {task.note}
              </Text>
            ) : null}
            {task.actions.map((action, index) => (
              <Text size="sm" key={index}>
                {name(action.userId)} {i18n._(ACTION[action.action])}
                {action.targetUserId ? ` ${name(action.targetUserId)}` : ''}
                {action.reason ? `: ${action.reason}` : ''}
                {' · '}
                {formatTime(action.time, i18n.locale)}
              </Text>
            ))}
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
