import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  asUser,
  bpmEngineEnv,
  department,
  type Person,
  person,
  setDeptLeader,
} from '../bpm-people';
import { dataOf, startWorkflowStack, type WorkflowStack } from '../support';

// The leave example (issue 29): the seeded leave process, deployed by the administrator; the head of
// the applicant's department approves (found by rule, never named in the diagram), then HR for more
// than three days; the request's status follows its instance.

interface LeaveView {
  id: number;
  status: string;
  days: number;
  processInstanceId: string;
  startTime: string;
}

describe('the leave example', () => {
  let s: WorkflowStack;
  let applicant: Person;
  let head: Person;
  let hr: Person;

  const leave = async (startTime: string, endTime: string) =>
    dataOf<number>(
      await asUser(s, applicant).post('/bpm/oa/leave/create', {
        type: 'personal',
        startTime,
        endTime,
        reason: '回老家',
      }),
    );

  const leaveOf = async (id: number) =>
    dataOf<LeaveView>(await asUser(s, applicant).get(`/bpm/oa/leave/get?id=${id}`));

  /** Approves (or rejects) the request's open task as `who`, found in their to-do list. */
  const act = async (
    who: Person,
    request: LeaveView,
    verb: 'approve' | 'reject',
    reason: string,
  ) => {
    const rows = (await asUser(s, who).get('/bpm/task/todo-page?pageSize=100')).body.rows as {
      id: string;
      processInstanceId: string;
    }[];
    const task = rows.find((row) => row.processInstanceId === request.processInstanceId);
    if (!task) throw new Error(`no task of leave ${request.id} for user ${who.id}`);
    dataOf(await asUser(s, who).put(`/bpm/task/${verb}`, { id: task.id, reason }));
  };

  /** Whom workflow.bpm.task_assigned went to for the instance, in order (the outbox's rows). */
  const announcedTo = async (processInstanceId: string) => {
    const [rows] = await s.stack.dbs.workflow.query(
      `SELECT payload FROM event_outbox WHERE event_type = 'workflow.bpm.task_assigned' ORDER BY id`,
    );
    return (rows as { payload: string | Record<string, unknown> }[])
      .map((row) => (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload))
      .filter((payload) => payload.processInstanceId === processInstanceId)
      .map((payload) => Number(payload.userId));
  };

  beforeAll(async () => {
    s = await startWorkflowStack(bpmEngineEnv());
    const sales = await department(s);
    applicant = await person(s, sales);
    head = await person(s, sales);
    hr = await person(s, await department(s));
    await setDeptLeader(s, sales, head.id);
  }, 120_000);
  afterAll(() => s?.close());

  it('should refuse a request before the administrator deploys the process', async () => {
    const res = await asUser(s, applicant).post('/bpm/oa/leave/create', {
      type: 'personal',
      startTime: '2026-12-01 09:00:00',
      endTime: '2026-12-02 09:00:00',
      reason: '回老家',
    });
    expect(res.body).toMatchObject({ code: 500, msg: '请假流程还没有部署，请联系管理员' });
  });

  it('should run five days through the head and HR to approved, two through the head alone', async () => {
    const model = (await s.get('/bpm/model/list?key=oa_leave')).body.rows[0] as { id: number };
    dataOf(await s.post(`/bpm/model/deploy?id=${model.id}`));
    // HR is the seeded work group; the administrator puts the HR person in it.
    const group = (await s.get('/bpm/user-group/list?name=HR')).body.rows[0] as { id: number };
    dataOf(
      await s.put('/bpm/user-group', { id: group.id, name: '人事 HR', memberUserIds: [hr.id] }),
    );

    const five = await leaveOf(await leave('2026-12-01 09:00:00', '2026-12-06 09:00:00'));
    expect(five).toMatchObject({ days: 5, status: 'running', startTime: '2026-12-01 09:00:00' });
    // The head hears of it (an in-app message and a socket push, through the notification service).
    expect(await announcedTo(five.processInstanceId)).toEqual([head.id]);
    await act(head, five, 'approve', '同意');
    expect(await announcedTo(five.processInstanceId)).toEqual([head.id, hr.id]);
    expect((await leaveOf(five.id)).status).toBe('running');
    await act(hr, five, 'approve', '准假');
    expect((await leaveOf(five.id)).status).toBe('approved');

    const two = await leaveOf(await leave('2026-12-10 09:00:00', '2026-12-12 09:00:00'));
    expect(two.days).toBe(2);
    await act(head, two, 'approve', '同意');
    expect((await leaveOf(two.id)).status).toBe('approved');

    const page = await asUser(s, applicant).get('/bpm/oa/leave/page?status=approved');
    expect(page.body).toMatchObject({ code: 200, total: 2 });
  });

  it('should end rejected when the head rejects, with the reason on the instance', async () => {
    const request = await leaveOf(await leave('2026-12-20 09:00:00', '2026-12-25 09:00:00'));
    await act(head, request, 'reject', '年底太忙');
    expect((await leaveOf(request.id)).status).toBe('rejected');
    const detail = dataOf<{ reason: string }>(
      await asUser(s, applicant).get(`/bpm/process-instance/get?id=${request.processInstanceId}`),
    );
    expect(detail.reason).toBe('年底太忙');
    // Someone outside the process may not read the request.
    const stranger = await asUser(s, hr).get(`/bpm/oa/leave/get?id=${request.id}`);
    expect(stranger.body.code).toBe(403);
  });

  it('should refuse an end before the start, in the caller’s language', async () => {
    const res = await asUser(s, applicant).post('/bpm/oa/leave/create', {
      type: 'personal',
      startTime: '2026-12-02 09:00:00',
      endTime: '2026-12-01 09:00:00',
      reason: 'x',
    });
    expect(res.body.msg).toBe('结束时间必须晚于开始时间');
    const bad = await asUser(s, applicant).post('/bpm/oa/leave/create', {
      type: 'personal',
      startTime: '2026-12-02',
      endTime: '2026-12-03 09:00:00',
      reason: 'x',
    });
    expect(bad.status).toBe(400);
  });
});
