import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  createAgent,
  dataOf,
  FIXTURE_XML,
  startWorkflowStack,
  type WorkflowStack,
} from '../support';

describe('POST /wujie/workflow/xmltojson', () => {
  let s: WorkflowStack;

  beforeAll(async () => {
    s = await startWorkflowStack();
  });
  afterAll(() => s.close());

  it('should return the agent graph in data and as JSON text in msg', async () => {
    const plan = await createAgent(s, '规划');
    const res = await s.post('/wujie/workflow/xmltojson', {
      workflow: FIXTURE_XML,
      name: '抗体设计',
      description: '预览',
      agentIds: [plan],
    });
    expect(res.status).toBe(200);
    const graph = dataOf<{ nodes: { id: string; kind: string; agentId?: number | null }[] }>(res);
    expect(graph).toMatchObject({
      processId: 'antibody_design',
      name: '抗体设计',
      description: '预览',
      agentIds: [plan],
      start: ['StartEvent_1'],
    });
    expect(graph.nodes.filter((n) => n.kind === 'agent').map((n) => [n.id, n.agentId])).toEqual([
      ['Task_plan', plan],
      ['Task_humanize', null],
      ['Task_predict', null],
    ]);
    expect(JSON.parse(res.body.msg)).toEqual(graph);
  });

  it('should name every broken element in the caller language', async () => {
    const broken = FIXTURE_XML.replace('"instruction":"Humanize the antibody"', '"instruction":""')
      .replace('"target_node":"Task_predict"', '"target_node":"Task_plan"')
      .replace(
        '<bpmn:documentation>{"nameen":"Predict"',
        '<bpmn:documentation>{oops"nameen":"Predict"',
      );
    const zh = await s.post('/wujie/workflow/xmltojson', { workflow: broken });
    expect(zh.status).toBe(400);
    expect(zh.body.msg).toBe('分支节点 Gateway_route 的目标节点 Task_plan 不是其输出连线的目标');
    expect(zh.body.data.errors).toEqual([
      {
        field: 'Gateway_route',
        msg: '分支节点 Gateway_route 的目标节点 Task_plan 不是其输出连线的目标',
      },
      { field: 'Task_humanize', msg: '智能体节点 Task_humanize 的指令不能为空' },
      { field: 'Task_predict', msg: '节点 Task_predict 的配置不是有效的 JSON 对象' },
    ]);
    const en = await s.post('/wujie/workflow/xmltojson', { workflow: broken }, 'en');
    expect(en.body.data.errors.map((e: { msg: string }) => e.msg)).toEqual([
      'Branch node Gateway_route: the target node Task_plan is not reached by one of its outgoing flows',
      'Agent node Task_humanize: the instruction cannot be empty',
      'The descriptor of node Task_predict is not a valid JSON object',
    ]);
  });

  it('should refuse a dangling flow and a diagram that is not XML', async () => {
    const dangling = FIXTURE_XML.replace(
      '<bpmn:sequenceFlow id="Flow_6" sourceRef="Task_predict" targetRef="EndEvent_1" />',
      '<bpmn:sequenceFlow id="Flow_6" sourceRef="Task_predict" targetRef="EndEvent_1" /><bpmn:sequenceFlow id="Flow_x" sourceRef="Task_predict" targetRef="Nowhere" />',
    );
    const res = await s.post('/wujie/workflow/xmltojson', { workflow: dangling }, 'en');
    expect(res.body.msg).toBe('Sequence flow Flow_x has no source or no target');

    const junk = await s.post('/wujie/workflow/xmltojson', { workflow: 'not xml' });
    expect(junk.body.msg).toMatch(/^流程图 XML 无法解析/);
    const missing = await s.post('/wujie/workflow/xmltojson', {});
    expect(missing.status).toBe(400);
    expect(missing.body.data.errors).toContainEqual({ field: 'workflow', msg: '流程图不能为空' });
  });
});
