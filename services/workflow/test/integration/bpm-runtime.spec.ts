import { CamundaRestClient } from '@platform/engine-client';
import { freePort } from '@platform/test-support';
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
  let modelId: number;
  let engine: CamundaRestClient;
  let applicant: Person;
  let head: Person;
  let hr: Person;
  let outsider: Person;

  const asUser = (who: Person) => asUserOf(s, who);
  const person = (deptId: number) => personOf(s, deptId);
  const department = () => departmentOf(s);

  // The reason holds an emoji: Operaton refused it as a String variable (its utf8 columns), so the
  // platform sends it as Json (toTypedVariables). Run with BPM_TEST_ENGINE_URL to see it on Operaton.
  const start = async (days: number, who = applicant) =>
    dataOf<string>(
      await asUser(who).post('/bpm/process-instance/create', {
        processDefinitionId: definitionId,
        variables: { days, reason: '家里有事 🏠', type: 'personal' },
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
    // The engine's REST API too (embedded on a port of its own, or the Operaton given), to see
    // what the platform leaves there for Tasklist and Cockpit.
    const env = bpmEngineEnv();
    if (!env.ENGINE_URL) {
      Object.assign(env, {
        ENGINE_PORT: String(await freePort()),
        ENGINE_USER: 'bpm-runtime',
        ENGINE_PASSWORD: 'Bpm-runtime-engine-password-0123456789',
      });
    }
    s = await startWorkflowStack(env);
    engine = new CamundaRestClient({
      baseUrl: env.ENGINE_URL ?? `http://127.0.0.1:${env.ENGINE_PORT}/engine-rest`,
      auth: { user: env.ENGINE_USER, password: env.ENGINE_PASSWORD },
    });
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
    modelId = model.id;
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

  it("should give whoever may start a definition its start form's schema", async () => {
    const schema = {
      type: 'default',
      components: [
        {
          type: 'textfield',
          key: 'city',
          label: '城市',
          validate: { required: true },
          properties: { labelEn: 'City' },
        },
      ],
    };
    const form = dataOf<{ id: number }>(await s.post('/bpm/form', { name: '出差单', schema }));
    const key = definitionId.split(':')[0];
    const setForm = (formId: number | null) =>
      s.put('/bpm/model', { id: modelId, key, name: '请假流程', formId });
    dataOf(await setForm(form.id));
    try {
      const detail = await asUser(applicant).get(
        `/bpm/process-definition/get?id=${encodeURIComponent(definitionId)}`,
      );
      expect(dataOf(detail)).toMatchObject({
        id: definitionId,
        formId: form.id,
        form: { id: form.id, name: '出差单', schema, fields: [] },
      });
      // The form API itself stays with form and model editors.
      expect((await asUser(applicant).get(`/bpm/form/${form.id}`)).body.code).toBe(403);
      const unknown = await asUser(applicant).get('/bpm/process-definition/get?id=nope:1:0');
      expect(unknown.body).toMatchObject({ code: 404, msg: '流程定义不存在或未部署' });
      expect((await asUser(applicant).get('/bpm/process-definition/get')).status).toBe(400);
    } finally {
      dataOf(await setForm(null));
    }
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
      variables: { days: 5, reason: '家里有事 🏠' },
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

  it('should let whoever may see a task comment it, in the timeline and in the engine', async () => {
    const id = await start(5);
    const task = await taskOf(head, id);
    const comment = (who: Person, taskId: string, reason: string) =>
      asUser(who).put('/bpm/task/comment', { id: taskId, reason });
    dataOf(await comment(head, task.id, '请补充病假证明'));
    // The initiator sees the instance, so may comment its task too.
    dataOf(await comment(applicant, task.id, '已补充'));
    const foreign = await comment(outsider, task.id, '路过');
    expect([foreign.status, foreign.body.code]).toEqual([403, 403]);
    expect((await comment(head, 'nope', 'x')).body).toMatchObject({
      code: 404,
      msg: '任务不存在或已处理',
    });
    expect((await comment(head, task.id, '   ')).status).toBe(400);

    // A comment does not move the task.
    expect(await taskOf(head, id)).toMatchObject({ id: task.id, assigneeUserId: head.id });
    const [entry] = dataOf<{ result: string; actions: Record<string, unknown>[] }[]>(
      await asUser(applicant).get(`/bpm/task/list-by-process-instance-id?processInstanceId=${id}`),
    );
    expect(entry.result).toBe('running');
    expect(entry.actions).toMatchObject([
      { action: 'comment', userId: head.id, targetUserId: null, reason: '请补充病假证明' },
      { action: 'comment', userId: applicant.id, reason: '已补充' },
    ]);
    // The engine keeps them with the task and its instance (Tasklist and Cockpit show them).
    const kept = (await engine.taskComments(task.id)).map((c) => c.message).sort();
    expect(kept).toEqual(['已补充', '请补充病假证明'].sort());
    expect((await engine.processInstanceComments(id)).map((c) => c.taskId)).toEqual([
      task.id,
      task.id,
    ]);

    // An ended task may still be commented by those who see it.
    dataOf(await asUser(head).put('/bpm/task/approve', { id: task.id, reason: '同意' }));
    dataOf(await comment(applicant, task.id, '谢谢'));
    expect(await engine.taskComments(task.id)).toHaveLength(3);
  });

  it('should start nothing from a suspended definition while its running instances go on', async () => {
    const running = await start(1);
    const setState = (state: number) => s.put('/bpm/model/update-state', { id: modelId, state });
    const byState = async (suspensionState: number) =>
      (
        await asUser(applicant).get(
          `/bpm/process-definition/page?suspensionState=${suspensionState}`,
        )
      ).body.rows as { id: string; suspended: boolean }[];

    const forbidden = await asUser(head).put('/bpm/model/update-state', { id: modelId, state: 2 });
    expect([forbidden.status, forbidden.body.code]).toEqual([403, 403]);
    expect((await s.put('/bpm/model/update-state', { id: modelId, state: 3 })).status).toBe(400);
    expect((await s.put('/bpm/model/update-state', { id: 987654, state: 2 })).body.code).toBe(404);

    dataOf(await setState(2));
    expect(await byState(2)).toContainEqual(
      expect.objectContaining({ id: definitionId, suspended: true }),
    );
    expect((await byState(1)).map((d) => d.id)).not.toContain(definitionId);
    const refused = await asUser(applicant).post('/bpm/process-instance/create', {
      processDefinitionId: definitionId,
      variables: { days: 1 },
    });
    expect(refused.body).toMatchObject({
      code: 500,
      msg: '流程“请假流程”已挂起，暂不能发起，请联系管理员',
    });
    const en = await asUser(applicant)
      .post('/bpm/process-instance/create?lang=en', { processDefinitionId: definitionId })
      .set('lang', 'en');
    expect(en.body.msg).toBe(
      'The process "请假流程" is suspended and cannot be started; please contact the administrator',
    );
    // Suspending the definition leaves its running instance alone: its task can still be approved.
    const task = await taskOf(head, running);
    dataOf(await asUser(head).put('/bpm/task/approve', { id: task.id, reason: '同意' }));
    expect(await myInstance(running)).toMatchObject({ status: 'approved' });

    dataOf(await setState(1));
    expect(await byState(1)).toContainEqual(
      expect.objectContaining({ id: definitionId, suspended: false }),
    );
    expect(await start(1)).toEqual(expect.any(String));
  });

  it('should page the to-do, done and my-processes lists in the engine, with their totals', async () => {
    const team = await department();
    const asker = await person(team);
    const boss = await person(team);
    const key = `pages_${Date.now().toString(36)}`;
    const model = dataOf<{ id: number }>(
      await s.post('/bpm/model', { key, name: '分页流程', bpmnXml: approvalXml(key, boss.id, []) }),
    );
    const { processDefinitionId } = dataOf<{ processDefinitionId: string }>(
      await s.post(`/bpm/model/deploy?id=${model.id}`),
    );
    const started: string[] = [];
    for (let n = 0; n < 3; n++) {
      started.push(
        dataOf<string>(
          await asUser(asker).post('/bpm/process-instance/create', {
            processDefinitionId,
            variables: { days: 1 },
          }),
        ),
      );
      // Distinct creation times: the lists are newest first.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const page = async (who: Person, path: string) => {
      const res = await asUser(who).get(path);
      expect(res.body.code).toBe(200);
      return {
        total: res.body.total as number,
        ids: (res.body.rows as { processInstanceId?: string; id: string }[]).map(
          (row) => row.processInstanceId ?? row.id,
        ),
      };
    };

    expect(await page(boss, '/bpm/task/todo-page?pageNum=2&pageSize=1')).toEqual({
      total: 3,
      ids: [started[1]],
    });
    expect(await page(boss, '/bpm/task/todo-page?pageNum=2&pageSize=2')).toEqual({
      total: 3,
      ids: [started[0]],
    });
    expect(await page(boss, '/bpm/task/todo-page?pageNum=1&pageSize=2&name=负责人')).toEqual({
      total: 3,
      ids: [started[2], started[1]],
    });
    expect((await page(boss, '/bpm/task/todo-page?name=nothing-like-it')).total).toBe(0);

    for (const id of started) {
      const task = await taskOf(boss, id);
      dataOf(await asUser(boss).put('/bpm/task/approve', { id: task.id, reason: '同意' }));
    }
    expect(await page(boss, '/bpm/task/todo-page')).toEqual({ total: 0, ids: [] });
    // Last finished first: the first approved is alone on page 2.
    expect(await page(boss, '/bpm/task/done-page?pageNum=2&pageSize=2')).toEqual({
      total: 3,
      ids: [started[0]],
    });
    expect(await page(asker, '/bpm/process-instance/my-page?pageNum=2&pageSize=1')).toEqual({
      total: 3,
      ids: [started[1]],
    });
  });

  it('should open a step with its own form, check its required fields, and keep only its values', async () => {
    const team = await department();
    const asker = await person(team);
    const boss = await person(team);
    const schema = {
      type: 'default',
      components: [
        {
          type: 'textfield',
          key: 'opinion',
          label: '审批意见',
          properties: { labelEn: 'Opinion' },
          validate: { required: true },
        },
        { type: 'number', key: 'extraDays', label: '追加天数' },
      ],
    };
    const form = dataOf<{ id: number }>(await s.post('/bpm/form', { name: '审批单', schema }));
    const key = `stepform_${Date.now().toString(36)}`;
    const xml = approvalXml(key, boss.id, []).replace(
      '<bpmn:userTask id="head" name="部门负责人审批"',
      `<bpmn:userTask id="head" name="部门负责人审批" camunda:formKey="bpm-form:${form.id}"`,
    );
    const model = dataOf<{ id: number }>(
      await s.post('/bpm/model', { key, name: '带表单的审批', bpmnXml: xml }),
    );
    const { processDefinitionId } = dataOf<{ processDefinitionId: string }>(
      await s.post(`/bpm/model/deploy?id=${model.id}`),
    );
    const id = dataOf<string>(
      await asUser(asker).post('/bpm/process-instance/create', {
        processDefinitionId,
        variables: { days: 1, reason: '年假' },
      }),
    );
    const timelineOf = async () =>
      dataOf<
        {
          taskDefinitionKey: string;
          result: string;
          form: { id: number; schema: unknown } | null;
        }[]
      >(await asUser(boss).get(`/bpm/task/list-by-process-instance-id?processInstanceId=${id}`));
    const [open] = await timelineOf();
    expect(open).toMatchObject({ taskDefinitionKey: 'head', result: 'running' });
    expect(open.form).toMatchObject({ id: form.id, schema });
    const task = await taskOf(boss, id);

    const empty = await asUser(boss).put('/bpm/task/approve', {
      id: task.id,
      reason: '同意',
      variables: { opinion: '  ', extraDays: 1 },
    });
    expect(empty.body).toMatchObject({ code: 500, msg: '请填写“审批意见”' });
    const en = await asUser(boss)
      .put('/bpm/task/approve?lang=en', { id: task.id, reason: 'ok', variables: {} })
      .set('lang', 'en');
    expect(en.body.msg).toBe('Please fill in "Opinion"');
    expect((await taskOf(boss, id)).id).toBe(task.id);

    dataOf(
      await asUser(boss).put('/bpm/task/approve', {
        id: task.id,
        reason: '同意',
        // Only the form's own fields become variables: the initiator stays who started it.
        variables: { opinion: '准了', extraDays: 2, initiator: String(boss.id), days: 9 },
      }),
    );
    const detail = dataOf<{ status: string; variables: Record<string, unknown> }>(
      await asUser(asker).get(`/bpm/process-instance/get?id=${id}`),
    );
    expect(detail.status).toBe('approved');
    expect(detail.variables).toEqual({ days: 1, reason: '年假', opinion: '准了', extraDays: 2 });
    const [done] = await timelineOf();
    expect(done).toMatchObject({ result: 'approved', form: { id: form.id } });
    // The approval with the form's values completed the engine's task: the instance ran to its end.
    const [history] = await engine.historicProcessInstances({ processInstanceId: id });
    expect(history.state).toBe('COMPLETED');
  });
});
