import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  agentChain,
  createAgent,
  dataOf,
  FIXTURE_XML,
  startWorkflowStack,
  type WorkflowStack,
} from '../support';

describe('workflows', () => {
  let s: WorkflowStack;
  let agentId: number;

  beforeAll(async () => {
    s = await startWorkflowStack();
    agentId = await createAgent(s);
  });
  afterAll(() => s.close());

  it('should create, read, list, update and delete a workflow', async () => {
    const created = dataOf<{ id: number; version: number; processKey: string }>(
      await s.post('/wujie/workflow', {
        name: '抗体人源化',
        description: '人源化流程',
        descriptionEn: 'Humanization',
        agentIds: [agentId],
        params: '{"chain":"H"}',
        tags: ['抗体', ' 人源化 ', '抗体'],
        workflow: agentChain('humanize'),
      }),
    );
    expect(created).toMatchObject({ version: 1, processKey: 'humanize' });

    const got = dataOf(await s.get(`/wujie/workflow/${created.id}`));
    expect(got).toMatchObject({
      name: '抗体人源化',
      status: '0',
      description: '人源化流程',
      descriptionEn: 'Humanization',
      agentIds: [agentId],
      params: '{"chain":"H"}',
      tags: ['抗体', '人源化'],
      createBy: '1',
    });
    expect(got.workflow).toContain('id="humanize"');

    // The seeded "抗体人源化" (antibody_humanization) matches the name too.
    const list = await s.get('/wujie/workflow/list?pageNum=1&pageSize=10&name=人源');
    expect(list.body).toMatchObject({ code: 200, total: 2 });
    expect(list.body.rows[0]).toMatchObject({ id: created.id });
    expect(list.body.rows[0]).not.toHaveProperty('workflow');

    const updated = dataOf(
      await s.put('/wujie/workflow', { id: created.id, name: '人源化 v2', agentIds: [agentId] }),
    );
    expect(updated).toMatchObject({ name: '人源化 v2', description: '人源化流程', version: 1 });

    expect((await s.del(`/wujie/workflow/${created.id}`)).body.code).toBe(200);
    const gone = await s.get(`/wujie/workflow/${created.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ code: 404, msg: '工作流不存在' });
  });

  it('should filter the list by status and tag and page it', async () => {
    for (const [i, status] of ['0', '1', '1'].entries()) {
      dataOf(
        await s.post('/wujie/workflow', {
          name: `过滤${i}`,
          status,
          agentIds: [agentId],
          tags: [`tag${i}`, 'shared'],
          workflow: agentChain(`filter_${i}`),
        }),
      );
    }
    const testing = await s.get('/wujie/workflow/list?status=1&tag=shared');
    expect(testing.body.total).toBe(2);
    const paged = await s.get('/wujie/workflow/list?tag=shared&pageSize=1&pageNum=2');
    expect(paged.body).toMatchObject({ total: 3 });
    expect(paged.body.rows).toHaveLength(1);
    const simple = dataOf<{ name: string }[]>(await s.get('/wujie/workflow/listSimple?name=过滤'));
    expect(simple.map((w) => w.name).sort()).toEqual(['过滤0', '过滤1', '过滤2']);
    expect(simple[0]).not.toHaveProperty('params');
  });

  it('should require at least one agent, and agents that exist', async () => {
    const none = await s.post('/wujie/workflow', { name: '无智能体', agentIds: [] });
    expect(none.status).toBe(400);
    expect(none.body.msg).toBe('工作流至少需要选择一个智能体');
    const enNone = await s.post('/wujie/workflow', { name: 'x', agentIds: [] }, 'en');
    expect(enNone.body.msg).toBe('A workflow needs at least one agent');

    const missing = await s.post('/wujie/workflow', { name: '缺失', agentIds: [agentId, 99999] });
    expect(missing.body).toMatchObject({ code: 500, msg: '智能体 99999 不存在' });
  });

  it('should enforce the key rule, unique keys and a fixed key', async () => {
    const bad = await s.post('/wujie/workflow', {
      name: '坏 key',
      agentIds: [agentId],
      workflow: agentChain('ns:flow'),
    });
    expect(bad.body).toMatchObject({ code: 500, msg: 'key 只能使用英文数字命名' });

    const first = dataOf<{ id: number }>(
      await s.post('/wujie/workflow', {
        name: 'k1',
        agentIds: [agentId],
        workflow: agentChain('keyed'),
      }),
    );
    const twice = await s.post('/wujie/workflow', {
      name: 'k2',
      agentIds: [agentId],
      workflow: agentChain('keyed'),
    });
    expect(twice.body.msg).toBe('Key值已存在,不允许使用相同的key值。');

    const model = await s.post('/bpm/model', { key: 'model_key', name: '模型' });
    expect(model.body.code).toBe(200);
    const clash = await s.post('/wujie/workflow', {
      name: 'k3',
      agentIds: [agentId],
      workflow: agentChain('model_key'),
    });
    expect(clash.body.msg).toBe('Key值已存在,不允许使用相同的key值。');

    const renamed = await s.put(
      '/wujie/workflow',
      { id: first.id, name: 'k1', agentIds: [agentId], workflow: agentChain('other_key') },
      'en',
    );
    expect(renamed.body).toMatchObject({
      code: 500,
      msg: 'The key of an existing process cannot be changed (it is keyed)',
    });
  });

  it('should refuse to put a workflow with a broken diagram in testing or online', async () => {
    const broken = FIXTURE_XML.replace(
      '"instruction":"Plan the design"',
      '"instruction":""',
    ).replace('antibody_design', 'broken_design');
    const draft = dataOf<{ id: number }>(
      await s.post('/wujie/workflow', { name: '草稿', agentIds: [agentId], workflow: broken }),
    );
    const online = await s.put('/wujie/workflow', {
      id: draft.id,
      name: '草稿',
      status: '2',
      agentIds: [agentId],
    });
    expect(online.status).toBe(400);
    expect(online.body).toMatchObject({
      code: 500,
      msg: '智能体节点 Task_plan 的指令不能为空',
      data: { errors: [{ field: 'Task_plan', msg: '智能体节点 Task_plan 的指令不能为空' }] },
    });
    const empty = await s.post('/wujie/workflow', { name: '空', status: '1', agentIds: [agentId] });
    expect(empty.body.msg).toBe('流程图中没有流程');
  });

  it('should copy a workflow with a new key and a name marked as a copy', async () => {
    const source = dataOf<{ id: number }>(
      await s.post('/wujie/workflow', {
        name: '源流程',
        status: '2',
        agentIds: [agentId],
        tags: ['copy'],
        workflow: agentChain('source_flow', '源流程'),
      }),
    );
    const zh = dataOf<{
      id: number;
      name: string;
      processKey: string;
      status: string;
      workflow: string;
    }>(await s.get(`/wujie/workflow/copyWorkflow/${source.id}`));
    expect(zh).toMatchObject({
      name: '源流程 (副本)',
      processKey: 'source_flow_copy',
      status: '0',
      version: 1,
      tags: ['copy'],
    });
    expect(zh.workflow).toContain('bpmnElement="source_flow_copy"');
    const en = dataOf(await s.get(`/wujie/workflow/copyWorkflow/${source.id}?lang=en`));
    expect(en).toMatchObject({ name: '源流程 (copy)', processKey: 'source_flow_copy_2' });
    const converted = await s.post('/wujie/workflow/xmltojson', { workflow: zh.workflow });
    expect(converted.body.data.processId).toBe('source_flow_copy');
  });

  it('should list the tags of a workflow and every tag in use', async () => {
    const row = dataOf<{ id: number }>(
      await s.post('/wujie/workflow', { name: '标签', agentIds: [agentId], tags: ['z', 'a'] }),
    );
    expect(dataOf(await s.get(`/wujie/workflow/taglist/${row.id}`))).toEqual(['z', 'a']);
    const all = dataOf<string[]>(await s.get('/wujie/workflow/taglist/0'));
    expect(all).toEqual([...all].sort());
    expect(all).toEqual(expect.arrayContaining(['a', 'z', 'shared']));
    expect((await s.get('/wujie/workflow/taglist/987654')).body.code).toBe(404);
  });

  it('should delete several workflows at once and refuse bad ids', async () => {
    const ids = [];
    for (const name of ['删1', '删2']) {
      ids.push(
        dataOf<{ id: number }>(await s.post('/wujie/workflow', { name, agentIds: [agentId] })).id,
      );
    }
    expect((await s.del(`/wujie/workflow/${ids.join(',')}`)).body.code).toBe(200);
    for (const id of ids) expect((await s.get(`/wujie/workflow/${id}`)).body.code).toBe(404);
    expect((await s.del('/wujie/workflow/abc')).status).toBe(400);
    expect((await s.get('/wujie/workflow/abc')).status).toBe(400);
  });
});
