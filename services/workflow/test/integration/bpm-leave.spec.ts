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

  it('should offer the leave types of the dictionary in the caller’s language', async () => {
    const labels = async (lang: string) =>
      (
        await asUser(s, applicant).get('/system/dict/data/type/bpm_oa_leave_type', lang)
      ).body.data.map((entry: { dictValue: string; dictLabel: string }) => [
        entry.dictValue,
        entry.dictLabel,
      ]);
    expect(await labels('zh')).toEqual([
      ['annual', '年假'],
      ['sick', '病假'],
      ['personal', '事假'],
      ['marriage', '婚假'],
    ]);
    expect((await labels('en'))[1]).toEqual(['sick', 'Sick leave']);
  });

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
    const detail = dataOf<{ reason: string; bpmnXml: string | null }>(
      await asUser(s, applicant).get(`/bpm/process-instance/get?id=${request.processInstanceId}`),
    );
    expect(detail.reason).toBe('年底太忙');
    // The applicant, who may not read process models, gets the diagram its markers go on.
    expect(detail.bpmnXml).toContain('<bpmn:userTask id="deptLeader"');
    expect((await asUser(s, applicant).get('/bpm/model/list?key=oa_leave')).body.code).toBe(403);
    // Someone outside the process may not read the request.
    const stranger = await asUser(s, hr).get(`/bpm/oa/leave/get?id=${request.id}`);
    expect(stranger.body.code).toBe(403);
  });

  it('should refuse a request while the leave process is suspended, and write none', async () => {
    const model = (await s.get('/bpm/model/list?key=oa_leave')).body.rows[0] as { id: number };
    const count = async () => {
      const [rows] = await s.stack.dbs.workflow.query(
        'SELECT COUNT(*) AS n FROM bpm_oa_leave WHERE user_id = ?',
        [applicant.id],
      );
      return Number((rows as { n: number }[])[0]!.n);
    };
    const before = await count();
    dataOf(await s.put('/bpm/model/update-state', { id: model.id, state: 2 }));
    const refused = await asUser(s, applicant).post('/bpm/oa/leave/create', {
      type: 'personal',
      startTime: '2027-01-04 09:00:00',
      endTime: '2027-01-05 09:00:00',
      reason: '回老家',
    });
    expect(refused.body).toMatchObject({
      code: 500,
      msg: '流程“请假申请 Leave request”已挂起，暂不能发起，请联系管理员',
    });
    expect(await count()).toBe(before);
    dataOf(await s.put('/bpm/model/update-state', { id: model.id, state: 1 }));
    const accepted = await leaveOf(await leave('2027-01-04 09:00:00', '2027-01-05 09:00:00'));
    expect(accepted.status).toBe('running');
    expect(await count()).toBe(before + 1);
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
