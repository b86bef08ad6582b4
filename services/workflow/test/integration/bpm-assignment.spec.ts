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

// Task assignment rules applied when a user task is created (issue 29): each of the seven
// dimensions names people from identity's current data, who become the engine's assignee (one
// person) or candidate users (several); a rule naming nobody gives the task to the administrators.

interface TimelineRow {
  taskDefinitionKey: string;
  assigneeUserId: number | null;
  candidateUserIds: number[];
  note: string;
}

/** One user task, `approve`, with nobody drawn on it: only its rule says who does it. */
function oneStepXml(key: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="d_${key}" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="${key}" name="审批 ${key}" isExecutable="true" camunda:historyTimeToLive="P30D">
    <bpmn:startEvent id="start" />
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="approve" />
    <bpmn:userTask id="approve" name="审批" />
    <bpmn:sequenceFlow id="f2" sourceRef="approve" targetRef="end" />
    <bpmn:endEvent id="end" />
  </bpmn:process>
</bpmn:definitions>`;
}

describe('task assignment rules applied when a task is created', () => {
  let s: WorkflowStack;
  let sales: number;
  let lab: number;
  let starter: Person;
  let head: Person;
  let nextHead: Person;
  let labA: Person;
  let labB: Person;
  let modelSeq = 0;

  /** A deployed one-step model whose task follows the rule; its definition id. */
  const ruled = async (type: string, options: (number | string)[]) => {
    modelSeq += 1;
    const key = `rule_${type.toLowerCase()}_${modelSeq}_${Date.now().toString(36)}`;
    const model = dataOf<{ id: number }>(
      await s.post('/bpm/model', { key, name: `规则 ${type}`, bpmnXml: oneStepXml(key) }),
    );
    dataOf(
      await s.post('/bpm/task-assign-rule', {
        modelId: model.id,
        taskDefinitionKey: 'approve',
        type,
        options,
      }),
    );
    return dataOf<{ processDefinitionId: string }>(await s.post(`/bpm/model/deploy?id=${model.id}`))
      .processDefinitionId;
  };

  /** Starts the definition as the starter and reads who holds or may take its task. */
  const taskOf = async (definitionId: string, lang = 'zh') => {
    const id = dataOf<string>(
      await asUser(s, starter).post('/bpm/process-instance/create', {
        processDefinitionId: definitionId,
        variables: { days: 1 },
      }),
    );
    const [task] = dataOf<TimelineRow[]>(
      await asUser(s, starter).get(
        `/bpm/task/list-by-process-instance-id?processInstanceId=${id}`,
        lang,
      ),
    );
    return { ...task, candidateUserIds: [...task.candidateUserIds].sort((a, b) => a - b) };
  };

  const todoIds = async (who: Person) =>
    ((await asUser(s, who).get('/bpm/task/todo-page?pageSize=100')).body.rows as { id: string }[])
      .map((row) => row.id)
      .sort();

  beforeAll(async () => {
    s = await startWorkflowStack(bpmEngineEnv());
    sales = await department(s);
    lab = await department(s);
    starter = await person(s, sales);
    head = await person(s, sales);
    nextHead = await person(s, sales);
    labA = await person(s, lab);
    labB = await person(s, lab);
    await setDeptLeader(s, sales, head.id);
  }, 120_000);
  afterAll(() => s?.close());

  it("role: the role's users are the candidates", async () => {
    const role = dataOf<{ roleId: number }>(
      await s.post('/system/role', {
        roleName: `审批角色${Date.now()}`,
        roleKey: `approver${Date.now()}`,
        roleSort: 5,
        menuIds: [],
      }),
    ).roleId;
    const elsewhere = await department(s);
    const one = await person(s, elsewhere, { roleIds: [role] });
    const two = await person(s, sales, { roleIds: [role] });
    const task = await taskOf(await ruled('role', [role]));
    expect(task).toMatchObject({ assigneeUserId: null, note: '' });
    expect(task.candidateUserIds).toEqual([one.id, two.id].sort((a, b) => a - b));
  });

  it("department head: the department's head is the assignee, the current one each time", async () => {
    const definition = await ruled('deptLeader', [sales]);
    expect(await taskOf(definition)).toMatchObject({ assigneeUserId: head.id });
    await setDeptLeader(s, sales, nextHead.id);
    expect(await taskOf(definition)).toMatchObject({ assigneeUserId: nextHead.id });
    await setDeptLeader(s, sales, head.id);
    // The head is picked among the users: an unknown one is refused.
    const dept = dataOf<Record<string, unknown>>(await s.get(`/system/dept/${sales}`));
    const unknown = await s.put('/system/dept', { ...dept, leaderUserId: 987654 }, 'en');
    expect(unknown.body.msg).toBe("The department's head must be an enabled user");
  });

  it("department members: the department's users are the candidates", async () => {
    const task = await taskOf(await ruled('deptMember', [lab]));
    expect(task.candidateUserIds).toEqual([labA.id, labB.id]);
    // Offered to both: each finds it in to-do until one of them takes it.
    const both = await Promise.all([todoIds(labA), todoIds(labB)]);
    expect(both[0]).toEqual(both[1]);
  });

  it("post: the post's holder is the assignee", async () => {
    const post = dataOf<{ postId: number }>(
      await s.post('/system/post', {
        postCode: `hr${Date.now()}`,
        postName: `人事${Date.now()}`,
        postSort: 1,
      }),
    ).postId;
    const holder = await person(s, await department(s), { postIds: [post] });
    expect(await taskOf(await ruled('post', [post]))).toMatchObject({
      assigneeUserId: holder.id,
      candidateUserIds: [],
    });
  });

  it("user group: the group's members are the candidates", async () => {
    const group = dataOf<{ id: number }>(
      await s.post('/bpm/user-group', {
        name: `组${Date.now()}`,
        memberUserIds: [labB.id, head.id],
      }),
    ).id;
    const task = await taskOf(await ruled('userGroup', [group]));
    expect(task.candidateUserIds).toEqual([labB.id, head.id].sort((a, b) => a - b));
  });

  it('specific users: one named user is the assignee', async () => {
    expect(await taskOf(await ruled('user', [labA.id]))).toMatchObject({
      assigneeUserId: labA.id,
    });
  });

  it("script: the head of the starter's department, resolved from the starter", async () => {
    expect(await taskOf(await ruled('script', ['starterDeptLeader']))).toMatchObject({
      assigneeUserId: head.id,
    });
    expect(await taskOf(await ruled('script', ['starter']))).toMatchObject({
      assigneeUserId: starter.id,
    });
  });

  it('a rule naming nobody gives the task to the administrators, saying why', async () => {
    const emptyDept = await department(s);
    const definition = await ruled('deptMember', [emptyDept]);
    const task = await taskOf(definition);
    expect(task.assigneeUserId).toBeNull();
    expect(task.candidateUserIds).toContain(1);
    expect(task.note).toBe('分配规则（deptMember）没有匹配到任何人，任务已交给管理员');
    const en = await taskOf(definition, 'en');
    expect(en.note).toBe(
      'The assignment rule (deptMember) matched nobody, so the task went to the administrators',
    );
    // The administrator finds it in to-do.
    const adminTodo = await s.get('/bpm/task/todo-page?pageSize=100');
    expect(adminTodo.body.total).toBeGreaterThan(0);
  });
});
