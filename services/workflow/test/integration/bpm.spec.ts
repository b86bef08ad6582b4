import { TASK_ASSIGN_TYPES } from '@platform/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { agentChain, dataOf, startWorkflowStack, type WorkflowStack } from '../support';

interface RuleRow {
  id: number | null;
  taskDefinitionKey: string;
  taskDefinitionName: string;
  type: string | null;
  options: (number | string)[];
}

describe('process models, task assignment rules, forms and work groups', () => {
  let s: WorkflowStack;

  beforeAll(async () => {
    s = await startWorkflowStack();
  });
  afterAll(() => s.close());

  const createModel = async (key: string, tasks = ['Review']) =>
    dataOf<{ id: number }>(
      await s.post('/bpm/model', {
        key,
        name: `模型 ${key}`,
        bpmnXml: agentChain(key, key, tasks),
      }),
    ).id;

  it('should create, read, list, update and delete a model', async () => {
    const form = dataOf<{ id: number }>(await s.post('/bpm/form', { name: '请假单' }));
    const created = dataOf<{ id: number }>(
      await s.post('/bpm/model', {
        key: 'leave',
        name: '请假',
        category: 'oa',
        description: '请假审批',
        formId: form.id,
        bpmnXml: agentChain('leave'),
      }),
    );
    expect(dataOf(await s.get(`/bpm/model/${created.id}`))).toMatchObject({
      key: 'leave',
      name: '请假',
      category: 'oa',
      formId: form.id,
    });
    // The seeded leave example (oa_leave) is in category oa too.
    const list = await s.get('/bpm/model/list?category=oa&key=lea');
    expect(list.body).toMatchObject({ total: 2, rows: [{ key: 'leave' }, { key: 'oa_leave' }] });
    expect(list.body.rows[0]).not.toHaveProperty('bpmnXml');

    const updated = dataOf(
      await s.put('/bpm/model', { id: created.id, key: 'leave', name: '请假 2', formId: null }),
    );
    expect(updated).toMatchObject({ name: '请假 2', formId: null, category: 'oa' });
    const rekey = await s.put('/bpm/model', { id: created.id, key: 'other', name: 'x' });
    expect(rekey.body.msg).toBe('已有流程的 key 不能修改（原为 leave）');

    expect((await s.del(`/bpm/model/${created.id}`)).body.code).toBe(200);
    expect((await s.get(`/bpm/model/${created.id}`)).body).toMatchObject({
      code: 404,
      msg: '流程模型不存在',
    });
  });

  it('should apply the key rules to models', async () => {
    const bad = await s.post('/bpm/model', { key: '9lives', name: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('key 只能使用英文数字命名');
    await createModel('unique_model');
    expect((await s.post('/bpm/model', { key: 'unique_model', name: 'x' })).body.msg).toBe(
      'Key值已存在,不允许使用相同的key值。',
    );
    const mismatch = await s.post('/bpm/model', {
      key: 'model_a',
      name: 'x',
      bpmnXml: agentChain('model_b'),
    });
    expect(mismatch.body.msg).toBe('流程图的 key（model_b）与模型的 key（model_a）不一致');
    expect((await s.post('/bpm/model', { key: 'm_form', name: 'x', formId: 9999 })).body.msg).toBe(
      '流程表单不存在',
    );
  });

  it('should keep one assignment rule per user task in each of the 7 dimensions', async () => {
    const tasks = TASK_ASSIGN_TYPES.map((_, i) => `T${i}`);
    const modelId = await createModel('assign', tasks);
    const group = dataOf<{ id: number }>(
      await s.post('/bpm/user-group', { name: '评审组', memberUserIds: [1, 2] }),
    );
    const before = dataOf<RuleRow[]>(await s.get(`/bpm/task-assign-rule/list?modelId=${modelId}`));
    expect(before.map((r) => [r.taskDefinitionKey, r.taskDefinitionName, r.id, r.type])).toEqual(
      tasks.map((t, i) => [`Task_${i + 1}`, `任务${i + 1}`, null, null]),
    );

    const options: Record<string, (number | string)[]> = {
      role: [1, 2],
      deptLeader: [100],
      deptMember: [100, 101],
      post: [3],
      user: [1],
      userGroup: [group.id],
      script: ['starter'],
    };
    for (const [i, type] of TASK_ASSIGN_TYPES.entries()) {
      const created = dataOf(
        await s.post('/bpm/task-assign-rule', {
          modelId,
          taskDefinitionKey: `Task_${i + 1}`,
          type,
          options: options[type],
        }),
      );
      expect(created).toMatchObject({
        type,
        options: options[type],
        taskDefinitionName: `任务${i + 1}`,
      });
    }
    const after = dataOf<RuleRow[]>(await s.get(`/bpm/task-assign-rule/list?modelId=${modelId}`));
    expect(after.map((r) => r.type)).toEqual([...TASK_ASSIGN_TYPES]);

    const again = await s.post('/bpm/task-assign-rule', {
      modelId,
      taskDefinitionKey: 'Task_1',
      type: 'user',
      options: [1],
    });
    expect(again.body.msg).toBe('用户任务 Task_1 已有分配规则');

    const changed = dataOf(
      await s.put('/bpm/task-assign-rule', {
        id: after[0].id,
        modelId,
        taskDefinitionKey: 'Task_1',
        type: 'script',
        options: ['starterDeptLeader'],
      }),
    );
    expect(changed).toMatchObject({ type: 'script', options: ['starterDeptLeader'] });
    expect((await s.del(`/bpm/task-assign-rule/${after[0].id}`)).body.code).toBe(200);
    const last = dataOf<RuleRow[]>(await s.get(`/bpm/task-assign-rule/list?modelId=${modelId}`));
    expect(last[0]).toMatchObject({ id: null, type: null });
  });

  it('should refuse rules for unknown tasks and values that do not fit the dimension', async () => {
    const modelId = await createModel('assign_bad');
    const post = (body: object, lang: 'zh' | 'en' = 'zh') =>
      s.post('/bpm/task-assign-rule', { modelId, taskDefinitionKey: 'Task_1', ...body }, lang);
    expect((await post({ taskDefinitionKey: 'Nope', type: 'user', options: [1] })).body.msg).toBe(
      '流程模型中没有用户任务 Nope',
    );
    expect((await post({ type: 'user', options: [] })).body.msg).toBe('请选择分配规则的取值');
    expect((await post({ type: 'script', options: ['rm -rf'] })).body.msg).toBe(
      '分配规则的取值 rm -rf 无效',
    );
    expect((await post({ type: 'role', options: ['admin'] })).body.msg).toBe(
      '分配规则的取值 admin 无效',
    );
    expect((await post({ type: 'userGroup', options: [4040] }, 'en')).body.msg).toBe(
      'User group 4040 does not exist',
    );
    expect((await post({ type: 'everyone', options: [1] })).status).toBe(400);
    expect((await s.get('/bpm/task-assign-rule/list?modelId=98765')).body.code).toBe(404);
  });

  it('should manage forms and refuse to delete one a model uses', async () => {
    const form = dataOf<{ id: number }>(
      await s.post('/bpm/form', {
        name: '报销单',
        fields: [{ type: 'input', field: 'amount', title: '金额' }],
        conf: '{"labelWidth":100}',
        remark: 'finance',
      }),
    );
    expect(dataOf(await s.get(`/bpm/form/${form.id}`))).toMatchObject({
      fields: [{ type: 'input', field: 'amount', title: '金额' }],
      conf: '{"labelWidth":100}',
      status: '0',
    });
    expect((await s.get('/bpm/form/list?name=报销')).body.total).toBe(1);
    expect(dataOf(await s.get('/bpm/form/listSimple'))).toContainEqual({
      id: form.id,
      name: '报销单',
    });
    expect(
      dataOf(await s.put('/bpm/form', { id: form.id, name: '报销单 2', status: '1' })),
    ).toMatchObject({
      name: '报销单 2',
      status: '1',
      remark: 'finance',
    });
    const model = dataOf<{ id: number }>(
      await s.post('/bpm/model', { key: 'expense', name: '报销', formId: form.id }),
    );
    expect((await s.del(`/bpm/form/${form.id}`)).body.msg).toBe(
      '表单已被流程模型“报销”使用，不能删除',
    );
    dataOf(await s.del(`/bpm/model/${model.id}`));
    expect((await s.del(`/bpm/form/${form.id}`)).body.code).toBe(200);
    expect((await s.get(`/bpm/form/${form.id}`)).body.code).toBe(404);
  });

  it('should keep a form-js schema beside the field list, validated on save', async () => {
    const schema = {
      type: 'default',
      id: 'Form',
      components: [
        {
          type: 'textfield',
          id: 'Field_1',
          key: 'reason',
          label: '原因',
          validate: { required: true },
          properties: { labelEn: 'Reason' },
        },
        { type: 'group', id: 'Group_1', components: [{ type: 'number', key: 'days' }] },
      ],
    };
    const fields = [{ id: 'old', label: '旧', type: 'string', required: false }];
    const form = dataOf<{ id: number }>(
      await s.post('/bpm/form', { name: '构建器表单', fields, schema }),
    );
    expect(dataOf(await s.get(`/bpm/form/${form.id}`))).toMatchObject({ schema, fields });
    // A client that knows only field lists keeps the schema; null drops it.
    await s.put('/bpm/form', { id: form.id, name: '构建器表单', fields: [] });
    expect(dataOf(await s.get(`/bpm/form/${form.id}`))).toMatchObject({ schema, fields: [] });
    dataOf(await s.put('/bpm/form', { id: form.id, name: '构建器表单', schema: null }));
    expect(dataOf(await s.get(`/bpm/form/${form.id}`))).toMatchObject({ schema: null });

    const legacy = dataOf<{ id: number }>(await s.post('/bpm/form', { name: '旧表单', fields }));
    expect(dataOf(await s.get(`/bpm/form/${legacy.id}`))).toMatchObject({ schema: null, fields });

    const iframe = {
      type: 'default',
      components: [{ type: 'group', components: [{ type: 'iframe', url: 'https://x.test' }] }],
    };
    const unknown = await s.post('/bpm/form', { name: 'x', schema: iframe }, 'en');
    expect(unknown.body.msg).toMatch(/^The form cannot hold a component of type "iframe"/);
    const notSchema = await s.put('/bpm/form', { id: legacy.id, name: 'x', schema: { a: 1 } });
    expect(notSchema.body.msg).toBe('表单设计不是有效的 form-js 表单');
    expect((await s.post('/bpm/form', { name: 'x', schema: 'text' })).status).toBe(400);
    const huge = {
      type: 'default',
      components: [{ type: 'text', text: 'x'.repeat(200_001) }],
    };
    expect((await s.post('/bpm/form', { name: 'x', schema: huge })).body.msg).toMatch(
      /表单设计过大/,
    );
    expect(dataOf(await s.get(`/bpm/form/${legacy.id}`))).toMatchObject({ name: '旧表单' });
    dataOf(await s.del(`/bpm/form/${form.id},${legacy.id}`));
  });

  it('should manage work groups and refuse to delete one a rule uses', async () => {
    const group = dataOf<{ id: number }>(
      await s.post('/bpm/user-group', {
        name: '法务',
        description: 'legal',
        memberUserIds: [1, 1, 3],
      }),
    );
    expect(dataOf(await s.get(`/bpm/user-group/${group.id}`))).toMatchObject({
      memberUserIds: [1, 3],
      status: '0',
    });
    expect((await s.get('/bpm/user-group/list?name=法')).body.total).toBe(1);
    expect(dataOf(await s.get('/bpm/user-group/listSimple'))).toContainEqual({
      id: group.id,
      name: '法务',
    });
    expect(
      dataOf(await s.put('/bpm/user-group', { id: group.id, name: '法务部', memberUserIds: [2] })),
    ).toMatchObject({ name: '法务部', memberUserIds: [2], description: 'legal' });
    expect((await s.post('/bpm/user-group', { name: '空组', memberUserIds: [] })).status).toBe(400);

    const modelId = await createModel('group_use');
    dataOf(
      await s.post('/bpm/task-assign-rule', {
        modelId,
        taskDefinitionKey: 'Task_1',
        type: 'userGroup',
        options: [group.id],
      }),
    );
    expect((await s.del(`/bpm/user-group/${group.id}`)).body.msg).toBe(
      '用户组已被任务分配规则使用，不能删除',
    );
    dataOf(await s.del(`/bpm/model/${modelId}`));
    expect((await s.del(`/bpm/user-group/${group.id}`)).body.code).toBe(200);
  });
});
