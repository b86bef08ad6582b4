import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { dataOf, startWorkflowStack, type WorkflowStack } from '../support';

describe('agents and skills', () => {
  let s: WorkflowStack;
  let functionId: number;

  beforeAll(async () => {
    s = await startWorkflowStack();
    functionId = dataOf<{ id: number }>(
      await s.post('/wujie/functions', {
        name: 'numberChains',
        tags: ['antibody'],
        code: 'function numberChains() { return 1; }',
      }),
    ).id;
  });
  afterAll(() => s.close());

  it('should create, read, list, update and delete a skill with functions', async () => {
    const skill = dataOf<{ id: number }>(
      await s.post('/wujie/skill', {
        name: '编号',
        nameEn: 'Numbering',
        description: '抗体编号',
        instruction: 'Number the chains',
        functionIds: [functionId, functionId],
      }),
    );
    expect(dataOf(await s.get(`/wujie/skill/${skill.id}`))).toMatchObject({
      name: '编号',
      nameEn: 'Numbering',
      functionIds: [functionId],
      instruction: 'Number the chains',
    });
    // By either name (the seeded "Antibody numbering" matches too).
    const list = await s.get('/wujie/skill/list?name=Number');
    expect(list.body.code).toBe(200);
    expect(list.body.rows.map((r: { id: number }) => r.id)).toContain(skill.id);
    for (const row of list.body.rows as { name: string; nameEn: string }[]) {
      expect(`${row.name} ${row.nameEn}`).toMatch(/number/i);
    }
    expect(dataOf(await s.get('/wujie/skill/listSimple'))).toContainEqual({
      id: skill.id,
      name: '编号',
      nameEn: 'Numbering',
    });
    const updated = dataOf(
      await s.put('/wujie/skill', { id: skill.id, name: '编号 2', functionIds: [] }),
    );
    expect(updated).toMatchObject({ name: '编号 2', nameEn: 'Numbering', functionIds: [] });
    expect((await s.del(`/wujie/skill/${skill.id}`)).body.code).toBe(200);
    expect((await s.get(`/wujie/skill/${skill.id}`)).body).toMatchObject({
      code: 404,
      msg: '技能不存在',
    });
  });

  it('should keep the built-in tools a skill grants, each once, and leave them when not sent', async () => {
    const skill = dataOf<{ id: number; tools: string[] }>(
      await s.post('/wujie/skill', {
        name: '编号与风险',
        tools: ['antibody.number', 'antibody.liabilities', 'antibody.number'],
      }),
    );
    expect(skill.tools).toEqual(['antibody.number', 'antibody.liabilities']);
    const renamed = dataOf(await s.put('/wujie/skill', { id: skill.id, name: '编号与风险 2' }));
    expect(renamed).toMatchObject({ tools: ['antibody.number', 'antibody.liabilities'] });
    const cleared = dataOf(
      await s.put('/wujie/skill', { id: skill.id, name: '编号与风险 3', tools: [] }),
    );
    expect(cleared).toMatchObject({ tools: [] });
    const plain = dataOf<{ tools: string[] }>(await s.post('/wujie/skill', { name: '无工具' }));
    expect(plain.tools).toEqual([]);
    const listed = await s.get('/wujie/skill/list?name=编号与风险');
    expect(listed.body.rows[0]).toMatchObject({ id: skill.id, tools: [] });
  });

  it("should refuse a tool that is not built in, in the caller's language", async () => {
    const known =
      'antibody.number, antibody.liabilities, antibody.humanize, antibody.epitopes, antibody.design, antibody.structure';
    const zh = await s.post('/wujie/skill', {
      name: '坏工具',
      tools: ['antibody.number', 'rm -rf'],
    });
    expect(zh.status).toBe(400);
    expect(zh.body.msg).toBe(`工具只能是内置工具：${known}`);
    const en = await s.post('/wujie/skill', { name: 'bad', tools: ['antibody.fold'] }, 'en');
    expect(en.body.msg).toBe(`Tools must be built-in tools: ${known}`);
    expect((await s.post('/wujie/skill', { name: 'bad', tools: [7] })).status).toBe(400);
    expect((await s.post('/wujie/skill', { name: 'bad', tools: 'antibody.number' })).status).toBe(
      400,
    );
    const skill = dataOf<{ id: number }>(await s.post('/wujie/skill', { name: '好工具' }));
    const update = await s.put(
      '/wujie/skill',
      { id: skill.id, name: '好工具', tools: ['x'] },
      'en',
    );
    expect(update.body.msg).toBe(`Tools must be built-in tools: ${known}`);
    expect(dataOf(await s.get(`/wujie/skill/${skill.id}`))).toMatchObject({ tools: [] });
  });

  it('should refuse a skill with a function that does not exist', async () => {
    const res = await s.post('/wujie/skill', { name: '坏', functionIds: [424242] }, 'en');
    expect(res.body).toMatchObject({ code: 500, msg: 'Function 424242 does not exist' });
  });

  it('should create, read, list, update and delete an agent with skills', async () => {
    const skill = dataOf<{ id: number }>(await s.post('/wujie/skill', { name: '人源化技能' }));
    const agent = dataOf<{ id: number; type: string; status: string }>(
      await s.post('/wujie/agent', {
        name: '人源化专家',
        nameEn: 'Humanizer',
        description: '负责人源化',
        descriptionEn: 'Does humanization',
        instruction: 'Humanize',
        skillIds: [skill.id],
      }),
    );
    expect(agent).toMatchObject({ type: 'Agent', status: '0', skillIds: [skill.id] });
    expect(dataOf(await s.get(`/wujie/agent/${agent.id}`))).toMatchObject({
      nameEn: 'Humanizer',
      descriptionEn: 'Does humanization',
    });
    // By the English name too (the seeded humanization agents match as well).
    const byEnglish = await s.get('/wujie/agent/list?name=Humaniz&type=Agent&status=0');
    expect(byEnglish.body.rows[0]).toMatchObject({ id: agent.id });
    for (const row of byEnglish.body.rows as { nameEn: string }[]) {
      expect(row.nameEn).toMatch(/humaniz/i);
    }
    expect((await s.get('/wujie/agent/list?type=Human')).body.total).toBe(0);

    const disabled = dataOf(
      await s.put('/wujie/agent', { id: agent.id, name: '人源化专家', status: '1' }),
    );
    expect(disabled).toMatchObject({ status: '1', skillIds: [skill.id], instruction: 'Humanize' });
    const simple = dataOf<{ id: number }[]>(await s.get('/wujie/agent/listSimple'));
    expect(simple.map((a) => a.id)).not.toContain(agent.id);

    expect((await s.post('/wujie/agent', { name: 'x', type: 'Robot' })).status).toBe(400);
    expect((await s.post('/wujie/agent', { name: 'x', skillIds: [777777] })).body.msg).toBe(
      '技能 777777 不存在',
    );
    expect((await s.del(`/wujie/agent/${agent.id}`)).body.code).toBe(200);
    expect((await s.get(`/wujie/agent/${agent.id}`)).body.code).toBe(404);
  });

  it('should not delete what is still used: agents by workflows, skills by agents, functions by skills', async () => {
    const skill = dataOf<{ id: number }>(
      await s.post('/wujie/skill', { name: '被用技能', functionIds: [functionId] }),
    );
    const agent = dataOf<{ id: number }>(
      await s.post('/wujie/agent', { name: '被用智能体', skillIds: [skill.id] }),
    );
    dataOf(await s.post('/wujie/workflow', { name: '用它的流程', agentIds: [agent.id] }));

    expect((await s.del(`/wujie/agent/${agent.id}`)).body).toMatchObject({
      code: 500,
      msg: '智能体已被工作流“用它的流程”使用，不能删除',
    });
    expect((await s.del(`/wujie/skill/${skill.id}`)).body.msg).toBe(
      '技能已被智能体“被用智能体”使用，不能删除',
    );
    const fn = await s.del(`/wujie/functions/${functionId}`);
    expect(fn.body.msg).toBe('函数已被技能“被用技能”使用，不能删除');
  });
});
