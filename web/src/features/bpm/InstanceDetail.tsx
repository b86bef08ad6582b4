import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  type BpmTaskTimelineView,
  type ProcessInstanceDetailView,
  schemaOfForm,
} from '@platform/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type Ref, useRef, useState } from 'react';

import { LoadState } from '../../components/LoadState';
import { useActor } from '../../lib/auth';
import { formatTime } from '../../lib/format';
import { notify } from '../../lib/notify';
import {
  FormJsViewer,
  type FormJsViewerHandle,
  formVariablesOf,
  schemaKeys,
  useLocalizedSchema,
} from '../formjs';
import { type ActivityMark, ProcessViewer } from '../workflow';
import { bpmApi } from './bpm.api';
import { ReasonDialog, StatusBadge, TaskTimeline, useUserNames } from './parts';

/** The diagram's markers: done nodes highlighted, waiting ones as to-do, the rejected one red. */
export function activityMarks(instance: ProcessInstanceDetailView): ActivityMark[] {
  return [
    ...instance.finishedActivityIds.map((key) => ({ key, isend: true })),
    ...instance.activeActivityIds.map((key) => ({ key, activity: true })),
    ...instance.rejectedActivityIds.map((key) => ({ key, iserror: true })),
  ];
}

/** The open task the reader may act on: held by them, or offered to them and not yet taken. */
export function myOpenTask(
  tasks: readonly BpmTaskTimelineView[],
  userId: number,
): BpmTaskTimelineView | undefined {
  return tasks.find(
    (task) =>
      task.result === 'running' &&
      (task.assigneeUserId === userId ||
        (task.assigneeUserId === null && task.candidateUserIds.includes(userId))),
  );
}

const shown = (value: unknown) =>
  value === null || value === undefined
    ? ''
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

type StepForm = NonNullable<BpmTaskTimelineView['form']>;

/** The forms of the steps done, once each (a step run twice shows its form once). */
export function doneStepForms(tasks: readonly BpmTaskTimelineView[]): StepForm[] {
  const forms = new Map<number, StepForm>();
  for (const task of tasks) {
    if (task.form && task.result !== 'running') forms.set(task.form.id, task.form);
  }
  return [...forms.values()];
}

/** A step's form: for filling in on the reader's task, read-only for a step done. */
function StepFormView({
  form,
  values,
  readOnly,
  formRef,
}: {
  form: StepForm;
  values: Record<string, unknown>;
  readOnly: boolean;
  formRef?: Ref<FormJsViewerHandle>;
}) {
  const localized = useLocalizedSchema(form);
  if (!localized.schema) return <Loader size="sm" />;
  return <FormJsViewer schema={localized.schema} data={values} readOnly={readOnly} ref={formRef} />;
}

type Dialog = 'approve' | 'reject' | 'transfer' | 'delegate' | 'cancel' | 'comment' | null;

/**
 * One process instance: its status, the diagram with its progress, its values (read-only), the task
 * timeline, the reader's open task with its actions, and cancel for the initiator or an administrator.
 */
export function InstanceDetail({ id }: { id: string }) {
  const { t, i18n } = useLingui();
  const { userId, admin } = useActor();
  const { name } = useUserNames();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  const taskForm = useRef<FormJsViewerHandle>(null);
  // The step form's values, checked when Approve was pressed, sent with the approval.
  const [stepValues, setStepValues] = useState<Record<string, unknown> | undefined>();
  const [formIncomplete, setFormIncomplete] = useState(false);
  const instance = useQuery({ queryKey: ['bpm-instance', id], queryFn: () => bpmApi.instance(id) });
  const timeline = useQuery({ queryKey: ['bpm-timeline', id], queryFn: () => bpmApi.timeline(id) });
  // The start form, read-only with the instance's values (a suspended or unknown definition has none
  // to show: the values stay a table).
  const definitionId = instance.data?.processDefinitionId;
  const startForm = useQuery({
    queryKey: ['bpm-definition-form', definitionId],
    queryFn: () => bpmApi.definition(definitionId!),
    enabled: Boolean(definitionId),
    select: (detail) => detail?.form ?? undefined,
    retry: false,
  });
  const localized = useLocalizedSchema(startForm.data);
  const startKeys = localized.schema ? schemaKeys(localized.schema) : [];
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['bpm-instance', id] });
    void queryClient.invalidateQueries({ queryKey: ['bpm-timeline', id] });
  };

  return (
    <LoadState
      loading={instance.isPending || timeline.isPending}
      error={instance.error ?? timeline.error}
      onRetry={refresh}
    >
      {instance.data && timeline.data
        ? (() => {
            const data = instance.data;
            const task = myOpenTask(timeline.data, userId);
            // Whoever sees the instance may comment its current step (the reader's own task first).
            const commented = task ?? timeline.data.find((entry) => entry.result === 'running');
            const mayCancel = data.status === 'running' && (data.startUserId === userId || admin);
            const stepForms = doneStepForms(timeline.data);
            // Values a form shows are not repeated in the table below the forms.
            const formKeys = [
              ...startKeys,
              ...stepForms.flatMap((form) => schemaKeys(schemaOfForm(form))),
            ];
            const approve = () => {
              if (task?.form) {
                const filled = taskForm.current?.submit();
                // form-js marks the fields in question; the line under the form says why nothing opened.
                const incomplete = !filled || Object.keys(filled.errors).length > 0;
                setFormIncomplete(incomplete);
                if (incomplete) return;
                setStepValues(formVariablesOf(filled.data));
              }
              setDialog('approve');
            };
            const act = async (action: () => Promise<unknown>, done: string) => {
              await action();
              notify('success', done);
              refresh();
            };
            return (
              <Stack gap="md" data-testid="instance-detail">
                <Group justify="space-between">
                  <Group gap="sm">
                    <Title order={2} size="h4">
                      {data.name}
                    </Title>
                    <StatusBadge status={data.status} />
                  </Group>
                  {mayCancel ? (
                    <Button
                      color="red"
                      variant="light"
                      onClick={() => setDialog('cancel')}
                      data-testid="cancel-instance"
                    >
                      <Trans>Cancel process</Trans>
                    </Button>
                  ) : null}
                </Group>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
                  <Text size="sm">
                    <Trans>Initiator</Trans>: {name(data.startUserId)}
                  </Text>
                  <Text size="sm">
                    <Trans>Started</Trans>: {formatTime(data.createTime, i18n.locale)}
                  </Text>
                  <Text size="sm">
                    <Trans>Ended</Trans>: {formatTime(data.endTime, i18n.locale) || '—'}
                  </Text>
                  {data.reason ? (
                    <Text size="sm" data-testid="instance-reason">
                      <Trans>Reason</Trans>: {data.reason}
                    </Text>
                  ) : null}
                </SimpleGrid>

                {task ? (
                  <Card withBorder data-testid="my-task">
                    <Stack gap="xs">
                      <Text fw={600}>
                        <Trans>Your task: {task.name ?? task.taskDefinitionKey}</Trans>
                      </Text>
                      {task.form ? (
                        <div data-testid="task-form">
                          <StepFormView
                            form={task.form}
                            values={data.variables}
                            readOnly={false}
                            formRef={taskForm}
                          />
                          {formIncomplete ? (
                            <Text c="red" size="sm" role="alert">
                              <Trans>Fill in this step's form first</Trans>
                            </Text>
                          ) : null}
                        </div>
                      ) : null}
                      <Group gap="xs">
                        <Button onClick={approve} data-testid="task-approve">
                          <Trans>Approve</Trans>
                        </Button>
                        <Button
                          color="red"
                          variant="light"
                          onClick={() => setDialog('reject')}
                          data-testid="task-reject"
                        >
                          <Trans>Reject</Trans>
                        </Button>
                        <Button
                          variant="default"
                          onClick={() => setDialog('transfer')}
                          data-testid="task-transfer"
                        >
                          <Trans>Transfer</Trans>
                        </Button>
                        <Button
                          variant="default"
                          onClick={() => setDialog('delegate')}
                          data-testid="task-delegate"
                        >
                          <Trans>Delegate</Trans>
                        </Button>
                      </Group>
                    </Stack>
                  </Card>
                ) : null}

                <Card withBorder>
                  <Title order={3} size="h5" mb="xs">
                    <Trans>Diagram</Trans>
                  </Title>
                  {data.bpmnXml ? (
                    <ProcessViewer xml={data.bpmnXml} activityData={activityMarks(data)} />
                  ) : (
                    <Text c="dimmed" data-testid="diagram-unavailable">
                      <Trans>The diagram is not available to you.</Trans>
                    </Text>
                  )}
                </Card>

                <Card withBorder>
                  <Title order={3} size="h5" mb="xs">
                    <Trans>Form values</Trans>
                  </Title>
                  {startKeys.length && localized.schema ? (
                    <FormJsViewer schema={localized.schema} data={data.variables} readOnly />
                  ) : null}
                  {stepForms.map((form) => (
                    <div key={form.id} data-testid={`step-form-${form.id}`}>
                      <Text size="sm" fw={600} mt="sm">
                        {form.name}
                      </Text>
                      <StepFormView form={form} values={data.variables} readOnly />
                    </div>
                  ))}
                  {Object.keys(data.variables).some((key) => !formKeys.includes(key)) ? (
                    <Table data-testid="instance-variables">
                      <Table.Tbody>
                        {Object.entries(data.variables)
                          .filter(([key]) => !formKeys.includes(key))
                          .map(([key, value]) => (
                            <Table.Tr key={key}>
                              <Table.Th scope="row" w={200}>
                                {key}
                              </Table.Th>
                              <Table.Td>{shown(value)}</Table.Td>
                            </Table.Tr>
                          ))}
                      </Table.Tbody>
                    </Table>
                  ) : formKeys.length ? null : (
                    <Text c="dimmed">
                      <Trans>No values.</Trans>
                    </Text>
                  )}
                </Card>

                <Card withBorder>
                  <Group justify="space-between" mb="xs">
                    <Title order={3} size="h5">
                      <Trans>Timeline</Trans>
                    </Title>
                    {commented ? (
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => setDialog('comment')}
                        data-testid="task-comment"
                      >
                        <Trans>Add a comment</Trans>
                      </Button>
                    ) : null}
                  </Group>
                  <TaskTimeline tasks={timeline.data} />
                </Card>

                {data.status === 'running' && !task && !mayCancel ? (
                  <Alert color="gray" variant="light">
                    <Trans>Nothing here waits for you.</Trans>
                  </Alert>
                ) : null}

                <ReasonDialog
                  opened={dialog === 'approve'}
                  title={t`Approve`}
                  reasonRequired={false}
                  confirmLabel={<Trans>Approve</Trans>}
                  onClose={() => setDialog(null)}
                  onConfirm={(reason) =>
                    act(
                      () => bpmApi.approve(task!.id, reason, task?.form ? stepValues : undefined),
                      t`Approved`,
                    )
                  }
                />
                <ReasonDialog
                  opened={dialog === 'reject'}
                  title={t`Reject`}
                  reasonRequired
                  confirmLabel={<Trans>Reject</Trans>}
                  onClose={() => setDialog(null)}
                  onConfirm={(reason) => act(() => bpmApi.reject(task!.id, reason), t`Rejected`)}
                />
                <ReasonDialog
                  opened={dialog === 'transfer'}
                  title={t`Transfer`}
                  reasonRequired={false}
                  withUser={t`New assignee`}
                  confirmLabel={<Trans>Transfer</Trans>}
                  onClose={() => setDialog(null)}
                  onConfirm={(reason, user) =>
                    act(() => bpmApi.transfer(task!.id, user!, reason), t`Transferred`)
                  }
                />
                <ReasonDialog
                  opened={dialog === 'delegate'}
                  title={t`Delegate`}
                  reasonRequired={false}
                  withUser={t`Delegate to`}
                  confirmLabel={<Trans>Delegate</Trans>}
                  onClose={() => setDialog(null)}
                  onConfirm={(reason, user) =>
                    act(() => bpmApi.delegate(task!.id, user!, reason), t`Delegated`)
                  }
                />
                <ReasonDialog
                  opened={dialog === 'comment'}
                  title={t`Comment on ${commented?.name ?? commented?.taskDefinitionKey ?? ''}`}
                  reasonRequired
                  textLabel={t`Your comment`}
                  textMissing={t`Write a comment`}
                  confirmLabel={<Trans>Add a comment</Trans>}
                  onClose={() => setDialog(null)}
                  onConfirm={(text) => act(() => bpmApi.comment(commented!.id, text), t`Commented`)}
                />
                <ReasonDialog
                  opened={dialog === 'cancel'}
                  title={t`Cancel process`}
                  reasonRequired
                  confirmLabel={<Trans>Cancel process</Trans>}
                  onClose={() => setDialog(null)}
                  onConfirm={(reason) => act(() => bpmApi.cancelInstance(id, reason), t`Cancelled`)}
                />
              </Stack>
            );
          })()
        : null}
    </LoadState>
  );
}
