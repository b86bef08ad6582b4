import type { BpmTaskTimelineView, ProcessInstanceDetailView } from '@platform/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';

import { json, useApiServer } from '../../../test-utils/api-server';
import { render } from '../../../test-utils/render';
import { sessionStore } from '../../lib/auth';
import { InstanceDetail } from './InstanceDetail';

const api = useApiServer();

const instance: ProcessInstanceDetailView = {
  id: 'pi-1',
  processDefinitionId: 'leave:1:abc',
  processDefinitionKey: 'leave',
  name: 'Leave',
  category: 'oa',
  startUserId: 5,
  status: 'running',
  reason: '',
  createTime: '2026-11-28T08:31:00.000Z',
  endTime: null,
  variables: {},
  bpmnXml: null,
  finishedActivityIds: ['start'],
  activeActivityIds: ['head'],
  rejectedActivityIds: [],
};

const headTask = (actions: BpmTaskTimelineView['actions']): BpmTaskTimelineView => ({
  id: 'task-1',
  name: 'Head approval',
  taskDefinitionKey: 'head',
  processInstanceId: 'pi-1',
  processInstanceName: 'Leave',
  startUserId: 5,
  assigneeUserId: 9,
  ownerUserId: null,
  delegationState: null,
  createTime: '2026-11-28T08:31:00.000Z',
  endTime: null,
  result: 'running',
  actions,
  candidateUserIds: [],
  note: '',
  form: null,
});

/** Signed in as the initiator (user 5), who holds no task of the instance. */
const asInitiator = () =>
  sessionStore.set({
    user: { userId: 5, userName: 'applicant' } as never,
    roles: [],
    permissions: [],
    routes: [],
  });

afterEach(() => sessionStore.set({ user: null, roles: [], permissions: [], routes: [] }));

describe(InstanceDetail.name, () => {
  it('should let a reader without a task comment the current step, and show the comment in the timeline', async () => {
    asInitiator();
    const comments: BpmTaskTimelineView['actions'] = [];
    api().on('/bpm/process-instance/get', (_req, res) =>
      json(res, { code: 200, msg: 'ok', data: instance }),
    );
    api().on('/bpm/task/list-by-process-instance-id', (_req, res) =>
      json(res, { code: 200, msg: 'ok', data: [headTask(comments)] }),
    );
    api().on('/bpm/task/comment', (req, res) => {
      const { reason } = JSON.parse(req.body) as { reason: string };
      comments.push({
        action: 'comment',
        userId: 5,
        targetUserId: null,
        reason,
        time: '2026-11-28T09:00:00.000Z',
      });
      json(res, { code: 200, msg: 'ok', data: true });
    });
    render(<InstanceDetail id="pi-1" />);
    await screen.findByTestId('instance-detail');
    // Not the head's task: no approval, but a comment.
    expect(screen.queryByTestId('my-task')).toBeNull();
    await userEvent.click(screen.getByTestId('task-comment'));
    const dialog = await screen.findByRole('dialog', { name: 'Comment on Head approval' });

    // An empty comment is not sent.
    await userEvent.click(within(dialog).getByTestId('reason-confirm'));
    expect(within(dialog).getByText('Write a comment')).toBeTruthy();
    expect(api().seen.some((r) => r.url.startsWith('/prod-api/bpm/task/comment'))).toBe(false);

    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Your comment/ }),
      'Sick note sent',
    );
    await userEvent.click(within(dialog).getByTestId('reason-confirm'));
    const timeline = await screen.findByTestId('timeline-head');
    expect(await within(timeline).findByText(/commented: Sick note sent/)).toBeTruthy();
    const sent = api().seen.find((r) => r.url.startsWith('/prod-api/bpm/task/comment'))!;
    expect(sent.method).toBe('PUT');
    expect(JSON.parse(sent.body)).toEqual({ id: 'task-1', reason: 'Sick note sent' });
  });

  it('should take the diagram from the instance, not from the process models the reader may not read', async () => {
    asInitiator();
    api().on('/bpm/process-instance/get', (_req, res) =>
      json(res, { code: 200, msg: 'ok', data: instance }),
    );
    api().on('/bpm/task/list-by-process-instance-id', (_req, res) =>
      json(res, { code: 200, msg: 'ok', data: [headTask([])] }),
    );
    render(<InstanceDetail id="pi-1" />);
    await screen.findByTestId('instance-detail');
    // The engine no longer has the version (bpmnXml null): said so, and no model list asked for.
    expect(screen.getByTestId('diagram-unavailable')).toBeTruthy();
    expect(api().seen.some((r) => r.url.startsWith('/prod-api/bpm/model'))).toBe(false);
  });

  it('should offer no comment once nothing runs', async () => {
    asInitiator();
    api().on('/bpm/process-instance/get', (_req, res) =>
      json(res, {
        code: 200,
        msg: 'ok',
        data: { ...instance, status: 'approved', endTime: '2026-11-28T10:00:00.000Z' },
      }),
    );
    api().on('/bpm/task/list-by-process-instance-id', (_req, res) =>
      json(res, {
        code: 200,
        msg: 'ok',
        data: [{ ...headTask([]), result: 'approved', endTime: '2026-11-28T10:00:00.000Z' }],
      }),
    );
    render(<InstanceDetail id="pi-1" />);
    await screen.findByTestId('instance-detail');
    expect(screen.queryByTestId('task-comment')).toBeNull();
  });

  it('should show the start form read-only with the values, and the other values as a table', async () => {
    asInitiator();
    api().on('/bpm/process-instance/get', (_req, res) =>
      json(res, {
        code: 200,
        msg: 'ok',
        data: { ...instance, variables: { city: 'Lyon', initiator: 5 } },
      }),
    );
    api().on('/bpm/task/list-by-process-instance-id', (_req, res) =>
      json(res, { code: 200, msg: 'ok', data: [headTask([])] }),
    );
    api().on('/bpm/process-definition/get', (req, res) =>
      json(res, {
        code: 200,
        msg: 'ok',
        data: req.url.includes('id=leave%3A1%3Aabc')
          ? {
              form: {
                id: 5,
                name: 'Trip',
                conf: '',
                fields: [],
                schema: {
                  type: 'default',
                  components: [
                    {
                      type: 'textfield',
                      id: 'Field_city',
                      key: 'city',
                      label: '城市',
                      properties: { labelEn: 'City' },
                    },
                  ],
                },
              },
            }
          : null,
      }),
    );
    render(<InstanceDetail id="pi-1" />);
    const city = (await screen.findByLabelText(
      'City',
      {},
      { timeout: 15_000 },
    )) as HTMLInputElement;
    expect(city.value).toBe('Lyon');
    expect(city.readOnly || city.disabled).toBe(true);
    const table = screen.getByTestId('instance-variables');
    expect(within(table).getByText('initiator')).toBeTruthy();
    expect(within(table).queryByText('city')).toBeNull();
  });

  it("should open the reader's task with its form to fill in, send its values with the approval, and show a done step's form read-only", async () => {
    // Signed in as the head (user 9), who holds the task.
    sessionStore.set({
      user: { userId: 9, userName: 'head' } as never,
      roles: [],
      permissions: [],
      routes: [],
    });
    const opinionForm = {
      id: 7,
      name: 'Opinion',
      conf: '',
      fields: [],
      schema: {
        type: 'default' as const,
        components: [
          {
            type: 'textfield',
            id: 'Field_opinion',
            key: 'opinion',
            label: '意见',
            properties: { labelEn: 'Opinion' },
            validate: { required: true },
          },
        ],
      },
    };
    const remarkForm = {
      id: 8,
      name: 'Remark',
      conf: '',
      fields: [{ id: 'remark', label: '备注', labelEn: 'Remark', type: 'string' }],
      schema: null,
    };
    api().on('/bpm/process-instance/get', (_req, res) =>
      json(res, { code: 200, msg: 'ok', data: { ...instance, variables: { remark: 'On file' } } }),
    );
    api().on('/bpm/task/list-by-process-instance-id', (_req, res) =>
      json(res, {
        code: 200,
        msg: 'ok',
        data: [
          {
            ...headTask([]),
            id: 'task-0',
            taskDefinitionKey: 'check',
            result: 'approved',
            endTime: '2026-11-28T08:40:00.000Z',
            form: remarkForm,
          },
          { ...headTask([]), form: opinionForm },
        ],
      }),
    );
    api().on('/bpm/task/approve', (_req, res) => json(res, { code: 200, msg: 'ok', data: true }));
    render(<InstanceDetail id="pi-1" />);

    // The done step's form, read-only with its value; it is not repeated in the values table.
    const done = await screen.findByTestId('step-form-8');
    const remark = (await within(done).findByLabelText(
      'Remark',
      {},
      { timeout: 15_000 },
    )) as HTMLInputElement;
    expect(remark.value).toBe('On file');
    expect(remark.readOnly || remark.disabled).toBe(true);
    expect(screen.queryByTestId('instance-variables')).toBeNull();

    // The task's own form, to fill in: nothing is sent while its required field is empty.
    const form = screen.getByTestId('task-form');
    const opinion = (await within(form).findByLabelText(
      /Opinion/,
      {},
      { timeout: 15_000 },
    )) as HTMLInputElement;
    expect(opinion.readOnly || opinion.disabled).toBe(false);
    await userEvent.click(screen.getByTestId('task-approve'));
    expect((await screen.findByRole('alert')).textContent).toBe("Fill in this step's form first");
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.type(opinion, 'Fine by me');
    await userEvent.click(screen.getByTestId('task-approve'));
    const dialog = await screen.findByRole('dialog', { name: 'Approve' });
    await userEvent.click(within(dialog).getByTestId('reason-confirm'));
    await waitFor(() =>
      expect(api().seen.some((r) => r.url.startsWith('/prod-api/bpm/task/approve'))).toBe(true),
    );
    const sent = api().seen.find((r) => r.url.startsWith('/prod-api/bpm/task/approve'))!;
    expect(JSON.parse(sent.body)).toEqual({
      id: 'task-1',
      reason: '',
      variables: { opinion: 'Fine by me' },
    });
  });
});
