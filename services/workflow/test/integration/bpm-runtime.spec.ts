import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  asUser as asUserOf,
  bpmEngineEnv,
  department as departmentOf,
  type Person,
  person as personOf,
} from '../bpm-people';
import { dataOf, startWorkflowStack, type WorkflowStack } from '../support';

// People's processes on the engine (issue 29): definitions, instances and tasks through the gateway
// as RuoYi-Vue-Pro's BPM module calls them, each person signed in as themselves.

interface TaskRow {
  id: string;
  name: string;
  taskDefinitionKey: string;
  processInstanceId: string;
  assigneeUserId: number | null;
  delegationState: string | null;
}

/**
 * The approval: the head (a literal assignee), then, for more than three days, anyone of the HR
 * candidates; step 2 of the issue replaces both with assignment rules.
 */
function approvalXml(key: string, head: number, hr: number[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="d_${key}" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="${key}" name="请假 ${key}" isExecutable="true" camunda:historyTimeToLive="P30D">
    <bpmn:startEvent id="start" />
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="head" />
    <bpmn:userTask id="head" name="部门负责人审批" camunda:assignee="${head}" />
    <bpmn:sequenceFlow id="f2" sourceRef="head" targetRef="long" />
    <bpmn:exclusiveGateway id="long" default="short" />
    <bpmn:sequenceFlow id="longer" sourceRef="long" targetRef="hr">
      <bpmn:conditionExpression xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="bpmn:tFormalExpression">\${days &gt; 3}</bpmn:conditionExpression>
    </bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="short" sourceRef="long" targetRef="end" />
    <bpmn:userTask id="hr" name="人事审批" camunda:candidateUsers="${hr.join(',')}" />
    <bpmn:sequenceFlow id="f3" sourceRef="hr" targetRef="end" />
    <bpmn:endEvent id="end" />
  </bpmn:process>
</bpmn:definitions>`;
}

describe("people's processes: definitions, instances and tasks", () => {
  let s: WorkflowStack;
  let definitionId: string;
  let applicant: Person;
  let head: Person;
  let hr: Person;
  let outsider: Person;

  const asUser = (who: Person) => asUserOf(s, who);
  const person = (deptId: number) => personOf(s, deptId);
  const department = () => departmentOf(s);

  const start = async (days: number, who = applicant) =>
    dataOf<string>(
      await asUser(who).post('/bpm/process-instance/create', {
        processDefinitionId: definitionId,
        variables: { days, reason: '家里有事', type: 'personal' },
      }),
    );

  const todo = async (who: Person): Promise<TaskRow[]> => {
    const res = await asUser(who).get('/bpm/task/todo-page?pageSize=100');
    expect(res.body.code).toBe(200);
    return res.body.rows as TaskRow[];
  };

  const taskOf = async (who: Person, instanceId: string) => {
    const task = (await todo(who)).find((t) => t.processInstanceId === instanceId);
    if (!task) throw new Error(`no task of ${instanceId} for user ${who.id}`);
    return task;
  };

  const myInstance = async (instanceId: string) => {
    const page = await asUser(applicant).get('/bpm/process-instance/my-page?pageSize=100');
    return (page.body.rows as { id: string; status: string; reason: string }[]).find(
      (row) => row.id === instanceId,
    );
  };

  beforeAll(async () => {
    s = await startWorkflowStack(bpmEngineEnv());
    const sales = await department();
    const other = await department();
    applicant = await person(sales);
    head = await person(sales);
    hr = await person(other);
    outsider = await person(other);
    const key = `leave_${Date.now().toString(36)}`;
    const model = dataOf<{ id: number }>(
      await s.post('/bpm/model', {
        key,
        name: '请假流程',
        category: 'oa',
        bpmnXml: approvalXml(key, head.id, [hr.id]),
      }),
    );
    const deployed = dataOf<{ processDefinitionId: string }>(
      await s.post(`/bpm/model/deploy?id=${model.id}`),
    );
    definitionId = deployed.processDefinitionId;
  }, 120_000);
  afterAll(() => s?.close());

  it('should list the deployed definition for anyone signed in', async () => {
    const page = await asUser(applicant).get('/bpm/process-definition/page?category=oa');
    expect(page.body.code).toBe(200);
    expect(page.body.rows).toContainEqual(
      expect.objectContaining({ id: definitionId, name: '请假流程', suspended: false, version: 1 }),
    );
    const unknown = await asUser(applicant).post('/bpm/process-instance/create', {
      processDefinitionId: 'nope:1:0',
    });
    expect(unknown.body).toMatchObject({ code: 404, msg: '流程定义不存在或未部署' });
  });

  it('should run an instance through the head and HR to approved, with its timeline', async () => {
    const id = await start(5);
    expect(await todo(applicant)).toEqual([]);
    const headTask = await taskOf(head, id);
    expect(headTask).toMatchObject({ name: '部门负责人审批', assigneeUserId: head.id });
    // People drawn in the diagram hear of their tasks too (workflow.bpm.task_assigned).
    const [news] = await s.stack.dbs.workflow.query(
      "SELECT payload FROM event_outbox WHERE event_type = 'workflow.bpm.task_assigned'",
    );
    const told = (news as { payload: Record<string, unknown> | string }[]).map((row) =>
      typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
    );
    expect(told).toContainEqual(
      expect.objectContaining({ userId: head.id, taskId: headTask.id, processInstanceId: id }),
    );
    expect(await myInstance(id)).toMatchObject({ status: 'running' });

    dataOf(await asUser(head).put('/bpm/task/approve', { id: headTask.id, reason: '同意' }));
    // Offered to HR as a candidate: approving claims it.
    const hrTask = await taskOf(hr, id);
    expect(hrTask).toMatchObject({ taskDefinitionKey: 'hr', assigneeUserId: null });
    dataOf(await asUser(hr).put('/bpm/task/approve', { id: hrTask.id, reason: '准假' }));

    expect(await myInstance(id)).toMatchObject({ status: 'approved' });
    const detail = dataOf<Record<string, unknown>>(
      await asUser(applicant).get(`/bpm/process-instance/get?id=${id}`),
    );
    expect(detail).toMatchObject({
      status: 'approved',
      startUserId: applicant.id,
      variables: { days: 5, reason: '家里有事' },
      activeActivityIds: [],
      rejectedActivityIds: [],
    });
    expect(detail.finishedActivityIds).toEqual(
      expect.arrayContaining(['start', 'head', 'hr', 'end']),
    );
    const timeline = dataOf<Record<string, unknown>[]>(
      await asUser(applicant).get(`/bpm/task/list-by-process-instance-id?processInstanceId=${id}`),
    );
    expect(timeline).toMatchObject([
      {
        taskDefinitionKey: 'head',
        assigneeUserId: head.id,
        result: 'approved',
        actions: [{ action: 'approve', userId: head.id, reason: '同意' }],
      },
      {
        taskDefinitionKey: 'hr',
        assigneeUserId: hr.id,
        result: 'approved',
        actions: [{ action: 'approve', userId: hr.id, reason: '准假' }],
      },
    ]);
    const done = await asUser(head).get('/bpm/task/done-page');
    expect(done.body.rows).toContainEqual(expect.objectContaining({ id: headTask.id }));
  });

  it('should end a rejected instance rejected, with the reason and the rejected node', async () => {
    const id = await start(1);
    const task = await taskOf(head, id);
    dataOf(await asUser(head).put('/bpm/task/reject', { id: task.id, reason: '项目上线期间' }));
    expect(await myInstance(id)).toMatchObject({ status: 'rejected', reason: '项目上线期间' });
    const detail = dataOf<Record<string, unknown>>(
      await asUser(applicant).get(`/bpm/process-instance/get?id=${id}`),
    );
    expect(detail).toMatchObject({ rejectedActivityIds: ['head'], activeActivityIds: [] });
    expect(await todo(head)).not.toContainEqual(expect.objectContaining({ id: task.id }));
  });

  it('should move a task by transfer and by delegation, and record both', async () => {
    const id = await start(2);
    const task = await taskOf(head, id);
    const nobody = await asUser(head).put('/bpm/task/transfer', {
      id: task.id,
      assigneeUserId: 987654,
      reason: '出差中',
    });
    expect(nobody.body).toMatchObject({ code: 404, msg: '目标用户不存在' });
    dataOf(
      await asUser(head).put('/bpm/task/transfer', {
        id: task.id,
        assigneeUserId: hr.id,
        reason: '出差中',
      }),
    );
    expect(await todo(head)).not.toContainEqual(expect.objectContaining({ id: task.id }));
    expect(await taskOf(hr, id)).toMatchObject({ id: task.id, assigneeUserId: hr.id });

    dataOf(
      await asUser(hr).put('/bpm/task/delegate', {
        id: task.id,
        delegateUserId: outsider.id,
        reason: '请帮忙核对',
      }),
    );
    expect(await taskOf(outsider, id)).toMatchObject({ delegationState: 'PENDING' });
    // The delegate's approval hands the task back to its owner (resolve) ...
    dataOf(await asUser(outsider).put('/bpm/task/approve', { id: task.id, reason: '已核对' }));
    expect(await taskOf(hr, id)).toMatchObject({ delegationState: 'RESOLVED' });
    // ... whose own approval completes it.
    dataOf(await asUser(hr).put('/bpm/task/approve', { id: task.id, reason: '同意' }));
    expect(await myInstance(id)).toMatchObject({ status: 'approved' });

    const [timeline] = dataOf<{ actions: { action: string; userId: number }[] }[]>(
      await asUser(applicant).get(`/bpm/task/list-by-process-instance-id?processInstanceId=${id}`),
    );
    expect(timeline.actions.map((a) => [a.action, a.userId])).toEqual([
      ['transfer', head.id],
      ['delegate', hr.id],
      ['resolve', outsider.id],
      ['approve', hr.id],
    ]);
  });

  it("should refuse every task and instance call on someone else's ids", async () => {
    const id = await start(5);
    const task = await taskOf(head, id);
    const them = asUser(outsider);
    const refused: [string, Promise<Response>][] = [
      ['approve', them.put('/bpm/task/approve', { id: task.id, reason: 'x' })],
      ['reject', them.put('/bpm/task/reject', { id: task.id, reason: 'x' })],
      [
        'transfer',
        them.put('/bpm/task/transfer', { id: task.id, assigneeUserId: outsider.id, reason: 'x' }),
      ],
      [
        'delegate',
        them.put('/bpm/task/delegate', { id: task.id, delegateUserId: outsider.id, reason: 'x' }),
      ],
      ['timeline', them.get(`/bpm/task/list-by-process-instance-id?processInstanceId=${id}`)],
      ['instance', them.get(`/bpm/process-instance/get?id=${id}`)],
      ['cancel', them.del('/bpm/process-instance/cancel', { id, reason: 'x' })],
    ];
    for (const [call, answer] of refused) {
      const res = await answer;
      expect([call, res.status, res.body.code]).toEqual([call, 403, 403]);
    }
    expect(await todo(outsider)).not.toContainEqual(expect.objectContaining({ id: task.id }));
    // The applicant is not the head either.
    const own = await asUser(applicant).put('/bpm/task/approve', { id: task.id, reason: 'x' });
    expect(own.body).toMatchObject({ code: 403, msg: '该任务不是你的待办，不能操作' });
    const en = await asUser(applicant)
      .get(`/bpm/process-instance/get?id=nope`, 'en')
      .then((r) => r.body);
    expect(en).toMatchObject({ code: 404, msg: 'The process instance does not exist' });
    const unknownTask = await them.put('/bpm/task/approve', { id: 'nope', reason: 'x' });
    expect(unknownTask.body).toMatchObject({ code: 404, msg: '任务不存在或已处理' });
    // HR becomes a candidate only when the instance reaches its step: until then, refused too.
    const early = await asUser(hr).get(`/bpm/process-instance/get?id=${id}`);
    expect(early.body.code).toBe(403);
    dataOf(await asUser(head).put('/bpm/task/approve', { id: task.id, reason: '同意' }));
    expect(dataOf(await asUser(hr).get(`/bpm/process-instance/get?id=${id}`))).toMatchObject({
      activeActivityIds: ['hr'],
    });
    const hrTask = await taskOf(hr, id);
    const stolen = await them.put('/bpm/task/approve', { id: hrTask.id, reason: 'x' });
    expect(stolen.body.code).toBe(403);
  });

  it('should let the initiator cancel a running instance with a reason, once', async () => {
    const id = await start(5);
    const cancel = await asUser(applicant).del('/bpm/process-instance/cancel', {
      id,
      reason: '不请了',
    });
    expect(cancel.body.code).toBe(200);
    expect(await myInstance(id)).toMatchObject({ status: 'cancelled', reason: '不请了' });
    expect(await todo(head)).not.toContainEqual(expect.objectContaining({ processInstanceId: id }));
    const again = await asUser(applicant).del('/bpm/process-instance/cancel', {
      id,
      reason: '不请了',
    });
    expect(again.body.msg).toBe('流程实例已结束，不能再操作');
    const noReason = await asUser(applicant).del('/bpm/process-instance/cancel', { id });
    expect(noReason.status).toBe(400);
  });
});
