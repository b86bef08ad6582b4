import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import {
  agentSettingsOf,
  buildBpmnXml,
  describeProblem,
  type DiagramProblem,
  type DiagramSpec,
  generateAgentDiagram,
  processOf,
  readDiagram,
  renameProcess,
  userTasksOf,
  xmlToAgentGraph,
} from '../src';

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', name), 'utf8');
const VALID = fixture('agent-branch.bpmn');

async function problemsOf(xml: string): Promise<DiagramProblem[]> {
  const result = await xmlToAgentGraph(xml);
  return result.ok ? [] : result.problems;
}

/** start → agent → end, as a spec to break in one place per test. */
function linear(): DiagramSpec {
  return {
    id: 'linear',
    name: '线性',
    nodes: [
      { id: 'Start', type: 'startEvent', x: 0, y: 0 },
      {
        id: 'Task_a',
        type: 'userTask',
        name: '甲',
        agent: { nameen: 'A', type: 'Agent', instruction: 'go', output: '', validators: [] },
        x: 100,
        y: 0,
      },
      { id: 'End', type: 'endEvent', x: 250, y: 0 },
    ],
    flows: [
      { id: 'F1', source: 'Start', target: 'Task_a' },
      { id: 'F2', source: 'Task_a', target: 'End' },
    ],
  };
}

describe('xml → agent graph (valid diagrams)', () => {
  it('should turn agents, a branch and flows into the graph', async () => {
    const result = await xmlToAgentGraph(VALID);
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    const { graph } = result;
    expect(graph).toMatchObject({
      processId: 'antibody_design',
      processName: '抗体设计',
      start: ['StartEvent_1'],
    });
    expect(graph.nodes.map((n) => [n.id, n.kind, n.next])).toEqual([
      ['StartEvent_1', 'start', ['Task_plan']],
      ['Task_plan', 'agent', ['Gateway_route']],
      ['Gateway_route', 'branch', ['Task_humanize', 'Task_predict']],
      ['Task_humanize', 'agent', ['EndEvent_1']],
      ['Task_predict', 'agent', ['EndEvent_1']],
      ['EndEvent_1', 'end', []],
    ]);
    const plan = graph.nodes[1];
    expect(plan).toMatchObject({
      kind: 'agent',
      bpmnType: 'bpmn:UserTask',
      name: '规划',
      agent: {
        nameen: 'Plan',
        type: 'Agent',
        instruction: 'Plan the design',
        output: 'plan.json',
        validators: [
          { name: 'FileNotExist', params: 'error.log' },
          { name: 'JsonKeyExists', params: ['target', 'cdr'] },
        ],
      },
    });
    expect(graph.nodes[2]).toMatchObject({
      kind: 'branch',
      defaultTarget: 'Task_predict',
      branch: { nameen: 'Route', type: 'Branch' },
    });
    expect(graph.nodes[4]).toMatchObject({ agent: { type: 'Agent', output: '', validators: [] } });
    expect(graph.flows).toContainEqual({
      id: 'Flow_3',
      source: 'Gateway_route',
      target: 'Task_humanize',
      name: 'humanize',
      condition: "${route == 'humanize'}",
    });
  });

  it('should treat a converging gateway without descriptor as a plain gateway', async () => {
    const result = await xmlToAgentGraph(generateAgentDiagram(40));
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.graph.nodes.find((n) => n.id === 'Merge_1')?.kind).toBe('gateway');
  });

  it.each([100, 500, 2000])('should generate a valid diagram of about %i elements', async (n) => {
    const result = await xmlToAgentGraph(generateAgentDiagram(n));
    if (!result.ok) throw new Error(JSON.stringify(result.problems.slice(0, 3)));
    const count = result.model.nodes.length + result.model.flows.length;
    expect(count).toBeGreaterThanOrEqual(n);
    expect(count).toBeLessThan(n + 12);
  });

  it('should accept a diagram made elsewhere with Camunda extensions and a pool', async () => {
    const result = await xmlToAgentGraph(fixture('camunda-modeler.bpmn'));
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.graph.processId).toBe('leave_review');
    expect(result.graph.nodes.map((n) => n.kind)).toEqual(['start', 'agent', 'task', 'end']);
  });
});

describe('xml → agent graph (broken diagrams)', () => {
  const withNode = (id: string, change: (spec: DiagramSpec) => void) => {
    const spec = linear();
    change(spec);
    return buildBpmnXml(spec);
  };

  it('should refuse text that is not BPMN', async () => {
    const problems = await problemsOf('<nope');
    expect(problems.map((p) => p.key)).toEqual(['bpmn.xml_invalid']);
    expect(await problemsOf('<a/>')).toMatchObject([{ key: 'bpmn.xml_invalid' }]);
  });

  it('should refuse definitions without a process', async () => {
    const xml =
      '<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="D" targetNamespace="x" />';
    expect((await problemsOf(xml)).map((p) => p.key)).toEqual(['bpmn.no_process']);
  });

  it('should name the agent without descriptor', async () => {
    const xml = withNode('Task_a', (s) => {
      delete s.nodes[1].agent;
    });
    const problems = await problemsOf(xml);
    expect(problems).toEqual([
      { elementId: 'Task_a', key: 'bpmn.agent_descriptor_missing', params: { id: 'Task_a' } },
    ]);
    expect(describeProblem(problems[0], 'zh')).toBe('智能体节点 Task_a 缺少智能体配置');
    expect(describeProblem(problems[0], 'en')).toBe('Agent node Task_a has no agent descriptor');
  });

  it('should name the agent with a broken descriptor', async () => {
    const broken = withNode('Task_a', (s) => {
      s.nodes[1].documentation =
        '{"instruction":"go","validators":[{"name":"Equals","params":["a","b"]}]}';
    });
    expect(await problemsOf(broken)).toMatchObject([
      { elementId: 'Task_a', key: 'bpmn.validator_param_text', params: { name: 'Equals' } },
    ]);
  });

  it('should find missing start and end events', async () => {
    const xml = buildBpmnXml({
      id: 'bare',
      name: '空',
      nodes: [{ id: 'T', type: 'task', x: 0, y: 0 }],
      flows: [],
    });
    expect((await problemsOf(xml)).map((p) => [p.elementId, p.key])).toEqual([
      ['bare', 'bpmn.no_start'],
      ['bare', 'bpmn.no_end'],
      ['T', 'bpmn.node_no_incoming'],
      ['T', 'bpmn.node_no_outgoing'],
    ]);
  });

  it('should find a dangling flow', async () => {
    const xml = withNode('', (s) => {
      s.flows.push({ id: 'F_lost', source: 'Task_a', target: 'Nowhere' });
    });
    expect(await problemsOf(xml)).toMatchObject([
      { elementId: 'F_lost', key: 'bpmn.flow_dangling' },
    ]);
  });

  it('should find nodes not connected on one side', async () => {
    const xml = withNode('', (s) => {
      s.flows = [s.flows[0]];
    });
    expect((await problemsOf(xml)).map((p) => [p.elementId, p.key])).toEqual([
      ['Task_a', 'bpmn.node_no_outgoing'],
      ['End', 'bpmn.node_no_incoming'],
    ]);
  });

  it('should find a duplicate id', async () => {
    const xml = VALID.replace('id="Task_predict" name="预测"', 'id="Task_plan" name="预测"');
    const problems = await problemsOf(xml);
    expect(problems[0]).toMatchObject({ elementId: 'Task_plan', key: 'bpmn.id_duplicate' });
  });

  it('should refuse a process key that breaks the key rule', async () => {
    const spec = linear();
    spec.id = 'ns:flow';
    const problems = await problemsOf(buildBpmnXml(spec));
    expect(problems).toMatchObject([{ elementId: 'ns:flow', key: 'bpmn.key_pattern' }]);
    expect(describeProblem(problems[0], 'zh')).toBe('key 只能使用英文数字命名');
  });

  it('should refuse an element id that breaks the id rule', async () => {
    const xml = VALID.replaceAll('Task_humanize', '_humanize');
    expect(await problemsOf(xml)).toMatchObject([
      { elementId: '_humanize', key: 'bpmn.id_pattern' },
    ]);
  });

  it('should require a process name', async () => {
    const spec = linear();
    spec.name = '';
    expect(await problemsOf(buildBpmnXml(spec))).toMatchObject([
      { elementId: 'linear', key: 'bpmn.name_required' },
    ]);
  });

  describe('branches', () => {
    const gatewayDoc = (branches: unknown) =>
      VALID.replace(
        /<bpmn:documentation>\{"nameen":"Route"[^<]*<\/bpmn:documentation>/,
        `<bpmn:documentation>${JSON.stringify({ nameen: 'Route', branches }).replace(/"/g, '&quot;')}</bpmn:documentation>`,
      );
    const equals = { name: 'Equals', params: 'x' };

    it('should require a branch descriptor on a diverging gateway', async () => {
      const xml = VALID.replace(
        /<bpmn:documentation>\{"nameen":"Route"[^<]*<\/bpmn:documentation>/,
        '',
      );
      expect(await problemsOf(xml)).toMatchObject([
        { elementId: 'Gateway_route', key: 'bpmn.branch_descriptor_missing' },
      ]);
    });

    it('should require at least one branch', async () => {
      expect(await problemsOf(gatewayDoc([]))).toMatchObject([
        { elementId: 'Gateway_route', key: 'bpmn.branch_empty' },
      ]);
    });

    it('should require a target on every branch', async () => {
      const problems = await problemsOf(gatewayDoc([{ validator: equals, target_node: '' }]));
      expect(problems).toMatchObject([
        { elementId: 'Gateway_route', key: 'bpmn.branch_target_required', params: { index: 1 } },
      ]);
    });

    it('should refuse a target that does not exist', async () => {
      const problems = await problemsOf(gatewayDoc([{ validator: equals, target_node: 'Ghost' }]));
      expect(problems).toMatchObject([
        { key: 'bpmn.branch_target_missing', params: { id: 'Gateway_route', target: 'Ghost' } },
      ]);
      expect(describeProblem(problems[0], 'en')).toBe(
        'Branch node Gateway_route: the target node Ghost does not exist',
      );
    });

    it('should refuse a target that is not an outgoing target of the gateway', async () => {
      const problems = await problemsOf(
        gatewayDoc([{ validator: equals, target_node: 'Task_plan' }]),
      );
      expect(problems).toMatchObject([
        { key: 'bpmn.branch_target_not_outgoing', params: { target: 'Task_plan' } },
      ]);
    });

    it('should check the validator of a branch', async () => {
      const problems = await problemsOf(
        gatewayDoc([{ validator: { name: 'Maybe', params: '' }, target_node: 'Task_predict' }]),
      );
      expect(problems).toMatchObject([
        { key: 'bpmn.validator_unknown', params: { name: 'Maybe' } },
      ]);
    });
  });

  it('should list every problem, not only the first', async () => {
    const xml = VALID.replace('"instruction":"Humanize the antibody"', '"instruction":""').replace(
      'target_node":"Task_predict"',
      'target_node":"Nope"',
    );
    expect((await problemsOf(xml)).map((p) => [p.elementId, p.key])).toEqual([
      ['Gateway_route', 'bpmn.branch_target_missing'],
      ['Task_humanize', 'bpmn.instruction_required'],
    ]);
  });
});

describe('diagram helpers', () => {
  it('should read the process and user tasks', async () => {
    expect(await processOf(VALID)).toEqual({ id: 'antibody_design', name: '抗体设计' });
    expect(await processOf('garbage')).toBeNull();
    const read = await readDiagram(VALID);
    if (!read.ok) throw new Error('unreadable');
    expect(userTasksOf(read.model).map((t) => t.id)).toEqual([
      'Task_plan',
      'Task_humanize',
      'Task_predict',
    ]);
  });

  it('should list agent settings leniently', async () => {
    const read = await readDiagram(VALID.replace('{"nameen":"Predict"', 'oops{"nameen":"Predict"'));
    if (!read.ok) throw new Error('unreadable');
    const settings = agentSettingsOf(read.model);
    expect(settings.map((s) => [s.id, s.kind, s.descriptor === null])).toEqual([
      ['Task_plan', 'agent', false],
      ['Gateway_route', 'branch', false],
      ['Task_humanize', 'agent', false],
      ['Task_predict', 'agent', true],
    ]);
  });

  it('should rename the process and keep the diagram pointing at it', async () => {
    const renamed = await renameProcess(VALID, 'antibody_design_copy', '抗体设计 副本');
    expect(await processOf(renamed)).toEqual({ id: 'antibody_design_copy', name: '抗体设计 副本' });
    expect(renamed).toContain('bpmnElement="antibody_design_copy"');
    expect(renamed).not.toContain('"antibody_design"');
    const result = await xmlToAgentGraph(renamed);
    expect(result.ok).toBe(true);
  });
});
