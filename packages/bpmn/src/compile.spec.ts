import {
  AGENT_TOPIC,
  type AgentDescriptor,
  type BranchDescriptor,
  routeVariable,
} from '@platform/contracts';
import { describe, expect, it } from 'vitest';

import { buildBpmnXml, type DiagramSpec, type FlowSpec, type NodeSpec } from './build';
import {
  type CompileOptions,
  compileWorkflow,
  FLAT_EXTERNAL_TASKS_PROPERTY,
  type KnownAgent,
  routeCondition,
} from './compile';
import { DEFAULT_HISTORY_TIME_TO_LIVE, readDiagram } from './diagram';
import { describeProblem, type DiagramProblem } from './problems';

// Diagrams from the test builder; moddle (the same reader as the designer) reads the results back.

const agent = (nameen: string, extra: Partial<AgentDescriptor> = {}): AgentDescriptor => ({
  nameen,
  type: 'Agent',
  instruction: `Do the work of ${nameen}`,
  output: '',
  validators: [],
  ...extra,
});

const agentNode = (id: string, name: string, nameen: string, x: number, y = 100): NodeSpec => ({
  id,
  type: 'userTask',
  name,
  agent: agent(nameen),
  x,
  y,
});

const flow = (source: string, target: string, id = `F_${source}_${target}`): FlowSpec => ({
  id,
  source,
  target,
});

const AGENTS: KnownAgent[] = [
  { name: '规划', nameEn: 'Plan' },
  { name: '人源化', nameEn: 'Humanize' },
  { name: '预测', nameEn: 'Predict' },
  { name: '报告', nameEn: 'Report' },
];
const OPTIONS: CompileOptions = { agents: AGENTS };

/** start → three agents → end. */
function straightLine(): DiagramSpec {
  return {
    id: 'three_agents',
    name: '三个智能体',
    nodes: [
      { id: 'Start', type: 'startEvent', x: 0, y: 122 },
      agentNode('Task_plan', '规划', 'Plan', 100),
      agentNode('Task_humanize', '人源化', 'Humanize', 250),
      agentNode('Task_report', '报告', 'Report', 400),
      { id: 'End', type: 'endEvent', x: 550, y: 122 },
    ],
    flows: [
      flow('Start', 'Task_plan'),
      flow('Task_plan', 'Task_humanize'),
      flow('Task_humanize', 'Task_report'),
      flow('Task_report', 'End'),
    ],
  };
}

const ROUTE: BranchDescriptor = {
  nameen: 'Route',
  type: 'Branch',
  branches: [
    { validator: { name: 'Equals', params: 'humanize' }, target_node: 'Task_humanize' },
    {
      validator: { name: 'WithIn', params: ['epitope', 'structure'] },
      target_node: 'Task_predict',
    },
  ],
};

/** start → agent → branch (two rules, default to the report) → three agents → end. */
function branching(branch: BranchDescriptor = ROUTE, withDefault = true): DiagramSpec {
  return {
    id: 'routed',
    name: '分支',
    nodes: [
      { id: 'Start', type: 'startEvent', x: 0, y: 122 },
      agentNode('Task_plan', '规划', 'Plan', 100),
      {
        id: 'Gateway_route',
        type: 'exclusiveGateway',
        name: '路由',
        branch,
        ...(withDefault ? { default: 'F_default' } : {}),
        x: 250,
        y: 115,
      },
      agentNode('Task_humanize', '人源化', 'Humanize', 400, 0),
      agentNode('Task_predict', '预测', 'Predict', 400, 100),
      agentNode('Task_report', '报告', 'Report', 400, 200),
      { id: 'End', type: 'endEvent', x: 550, y: 122 },
    ],
    flows: [
      flow('Start', 'Task_plan'),
      flow('Task_plan', 'Gateway_route'),
      flow('Gateway_route', 'Task_humanize'),
      flow('Gateway_route', 'Task_predict'),
      flow('Gateway_route', 'Task_report', 'F_default'),
      flow('Task_humanize', 'End'),
      flow('Task_predict', 'End'),
      flow('Task_report', 'End'),
    ],
  };
}

async function compiled(spec: DiagramSpec, options = OPTIONS) {
  const result = await compileWorkflow(buildBpmnXml(spec), options);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  const read = await readDiagram(result.xml);
  if (!read.ok) throw new Error('the compiled XML does not read');
  return { result, read, definitions: read.definitions as unknown as Definitions };
}

async function problemsOf(spec: DiagramSpec, options = OPTIONS): Promise<DiagramProblem[]> {
  const result = await compileWorkflow(buildBpmnXml(spec), options);
  expect(result).not.toHaveProperty('xml');
  return result.ok ? [] : result.problems;
}

/** The problem of `key` about `elementId`, checked to name the element in zh and in en. */
function named(problems: DiagramProblem[], key: string, elementId: string, ...words: string[]) {
  const found = problems
    .filter((p) => p.key === key && p.elementId === elementId)
    .map((p) => ({ zh: describeProblem(p, 'zh'), en: describeProblem(p, 'en') }))
    .find(({ zh, en }) => words.every((word) => `${zh}\n${en}`.includes(word)));
  if (!found) throw new Error(`no ${key} on ${elementId} in ${JSON.stringify(problems)}`);
  const { zh, en } = found;
  expect(zh).toContain(elementId);
  expect(en).toContain(elementId);
  expect(zh).not.toMatch(/\{\w+\}/);
  expect(en).not.toMatch(/\{\w+\}/);
  expect(zh).toMatch(/[\u4e00-\u9fff]/);
  return found;
}

interface Element {
  $type: string;
  id: string;
  name?: string;
  type?: string;
  topic?: string;
  documentation?: { text: string }[];
  conditionExpression?: { body: string };
  default?: { id: string };
  isExecutable?: boolean;
  historyTimeToLive?: string;
  flowElements: Element[];
  bpmnElement?: Element;
  sourceRef?: Element;
  targetRef?: Element;
}
interface Definitions {
  rootElements: Element[];
  diagrams: { plane: { bpmnElement: Element; planeElement: Element[] } }[];
}

const processOf = (d: Definitions) => d.rootElements.find((e) => e.$type === 'bpmn:Process')!;
const element = (d: Definitions, id: string) => processOf(d).flowElements.find((e) => e.id === id)!;

describe(compileWorkflow.name, () => {
  describe('a straight line of three agents', () => {
    it('should turn each agent user task into an external task on the agent topic', async () => {
      const { definitions } = await compiled(straightLine());
      const source = straightLine().nodes.filter((n) => n.agent);
      for (const node of source) {
        const task = element(definitions, node.id);
        expect(task).toMatchObject({
          $type: 'bpmn:ServiceTask',
          name: node.name,
          type: 'external',
          topic: AGENT_TOPIC,
        });
        expect(JSON.parse(task.documentation![0].text)).toEqual(node.agent);
      }
      expect(processOf(definitions).flowElements.map((e) => e.$type)).not.toContain(
        'bpmn:UserTask',
      );
    });

    it('should keep the wiring and the diagram interchange on the same ids', async () => {
      const { definitions, read } = await compiled(straightLine());
      expect(read.model.flows.map((f) => [f.source, f.target])).toEqual(
        straightLine().flows.map((f) => [f.source, f.target]),
      );
      const shapes = definitions.diagrams[0].plane.planeElement;
      for (const node of straightLine().nodes) {
        const shape = shapes.find((s) => s.id === `${node.id}_di`)!;
        expect(shape.bpmnElement).toBe(element(definitions, node.id));
      }
      expect(definitions.diagrams[0].plane.bpmnElement).toBe(processOf(definitions));
    });

    it('should make the process executable with a history time to live', async () => {
      const { definitions, result } = await compiled(straightLine());
      expect(processOf(definitions)).toMatchObject({
        id: 'three_agents',
        isExecutable: true,
        historyTimeToLive: DEFAULT_HISTORY_TIME_TO_LIVE,
      });
      expect(result.key).toBe('three_agents');
      expect(result.xml).toContain(`camunda:historyTimeToLive="${DEFAULT_HISTORY_TIME_TO_LIVE}"`);
    });

    it('should ask Operaton for external tasks without scopes, once, keeping other properties', async () => {
      const propertiesOf = (xml: string) =>
        [...xml.matchAll(/<camunda:property name="([^"]+)" value="([^"]*)"/g)].map((m) => [
          m[1],
          m[2],
        ]);
      const { result } = await compiled(straightLine());
      expect(propertiesOf(result.xml)).toEqual([[FLAT_EXTERNAL_TASKS_PROPERTY, 'true']]);

      const withOwn = buildBpmnXml(straightLine()).replace(
        /(<bpmn:process [^>]*>)/,
        '$1<bpmn:extensionElements><camunda:properties>' +
          '<camunda:property name="owner" value="lab" />' +
          `<camunda:property name="${FLAT_EXTERNAL_TASKS_PROPERTY}" value="false" />` +
          '</camunda:properties></bpmn:extensionElements>',
      );
      const again = await compileWorkflow(withOwn, OPTIONS);
      if (!again.ok) throw new Error(JSON.stringify(again.problems));
      expect(propertiesOf(again.xml)).toEqual([
        ['owner', 'lab'],
        [FLAT_EXTERNAL_TASKS_PROPERTY, 'true'],
      ]);
    });

    it('should give the process the workflow key when one is given', async () => {
      const { definitions, result } = await compiled(straightLine(), {
        ...OPTIONS,
        key: 'antibody_v2',
      });
      expect(result.key).toBe('antibody_v2');
      expect(processOf(definitions).id).toBe('antibody_v2');
      expect(result.graph.processId).toBe('antibody_v2');
    });

    it('should return the agent graph of the workflow', async () => {
      const { result } = await compiled(straightLine());
      expect(result.graph.nodes.map((n) => [n.id, n.kind])).toEqual([
        ['Start', 'start'],
        ['Task_plan', 'agent'],
        ['Task_humanize', 'agent'],
        ['Task_report', 'agent'],
        ['End', 'end'],
      ]);
    });

    it('should match agents by English name alone', async () => {
      const agents = [{ name: 'x', nameEn: 'Plan' }, ...AGENTS.slice(1)];
      await compiled(straightLine(), { agents });
    });

    it('should not check agents of Function nodes', async () => {
      const spec = straightLine();
      spec.nodes[1] = { ...spec.nodes[1], agent: agent('Fold', { type: 'Function' }) };
      const { definitions } = await compiled(spec, { agents: AGENTS.slice(1) });
      expect(element(definitions, 'Task_plan')).toMatchObject({ topic: AGENT_TOPIC });
    });
  });

  describe('an agent, a branch with two rules and a default, three agents', () => {
    it('should put a route condition on each flow a rule targets', async () => {
      const { definitions } = await compiled(branching());
      const variable = routeVariable('Gateway_route');
      expect(variable).toBe('route_Gateway_route');
      expect(element(definitions, 'F_Gateway_route_Task_humanize').conditionExpression?.body).toBe(
        "${route_Gateway_route == 'Task_humanize'}",
      );
      expect(element(definitions, 'F_Gateway_route_Task_predict').conditionExpression?.body).toBe(
        "${route_Gateway_route == 'Task_predict'}",
      );
    });

    it('should leave the default flow the default, without a condition', async () => {
      const { definitions } = await compiled(branching());
      expect(element(definitions, 'Gateway_route').default?.id).toBe('F_default');
      expect(element(definitions, 'F_default').conditionExpression).toBeUndefined();
    });

    it('should replace a condition the designer drew on a routed flow', async () => {
      const spec = branching();
      spec.flows[2] = { ...spec.flows[2], condition: '${anything > 1}' };
      const { definitions } = await compiled(spec);
      expect(element(definitions, 'F_Gateway_route_Task_humanize').conditionExpression?.body).toBe(
        "${route_Gateway_route == 'Task_humanize'}",
      );
    });

    it('should route a default flow that a rule also targets by the default alone', async () => {
      const branch = {
        ...ROUTE,
        branches: [
          ...ROUTE.branches,
          { validator: { name: 'Equals', params: 'report' }, target_node: 'Task_report' },
        ],
      };
      const { definitions } = await compiled(branching(branch));
      expect(element(definitions, 'F_default').conditionExpression).toBeUndefined();
    });

    it('should route on a variable named from the sanitised gateway id', async () => {
      const spec = branching();
      const rename = (id: string) => (id === 'Gateway_route' ? 'Gate-1.a:b' : id);
      spec.nodes = spec.nodes.map((n) => ({ ...n, id: rename(n.id) }));
      spec.flows = spec.flows.map((f) => ({
        ...f,
        source: rename(f.source),
        target: rename(f.target),
      }));
      const { definitions } = await compiled(spec);
      expect(element(definitions, 'F_Gateway_route_Task_humanize').conditionExpression?.body).toBe(
        "${route_Gate_1_a_b == 'Task_humanize'}",
      );
    });
  });

  describe('user tasks for people', () => {
    it('should keep user tasks without a descriptor or with a Human one', async () => {
      const spec = straightLine();
      spec.nodes[2] = { id: 'Task_review', type: 'userTask', name: '审核', x: 250, y: 100 };
      spec.nodes[3] = {
        id: 'Task_confirm',
        type: 'userTask',
        name: '确认',
        documentation: JSON.stringify({ nameen: 'Confirm', type: 'Human', instruction: '' }),
        x: 400,
        y: 100,
      };
      spec.flows = [
        flow('Start', 'Task_plan'),
        flow('Task_plan', 'Task_review'),
        flow('Task_review', 'Task_confirm'),
        flow('Task_confirm', 'End'),
      ];
      const { definitions, result } = await compiled(spec);
      expect(element(definitions, 'Task_review').$type).toBe('bpmn:UserTask');
      expect(element(definitions, 'Task_confirm').$type).toBe('bpmn:UserTask');
      expect(element(definitions, 'Task_plan').$type).toBe('bpmn:ServiceTask');
      expect(result.graph.nodes.find((n) => n.id === 'Task_review')?.kind).toBe('task');
      // For the administrators, who review them.
      expect(element(definitions, 'Task_review').candidateGroups).toBe('admin');
      expect(element(definitions, 'Task_confirm').candidateGroups).toBe('admin');
      expect(result.xml).toContain('camunda:candidateGroups="admin"');
    });

    it('should keep the people a user task names', async () => {
      const spec = straightLine();
      spec.nodes = [
        ...spec.nodes.slice(0, 2),
        { id: 'Task_review', type: 'userTask', name: '审核', x: 250, y: 100 },
        spec.nodes[4],
      ];
      spec.flows = [
        flow('Start', 'Task_plan'),
        flow('Task_plan', 'Task_review'),
        flow('Task_review', 'End'),
      ];
      const xml = buildBpmnXml(spec).replace(
        'id="Task_review"',
        'id="Task_review" camunda:candidateGroups="chemists"',
      );
      const result = await compileWorkflow(xml, OPTIONS);
      expect(result.ok && result.xml).toContain('camunda:candidateGroups="chemists"');
      expect(result.ok && result.xml).not.toContain('"admin"');
    });
  });

  describe('errors', () => {
    it('should name an unknown validator of an agent and of a branch rule', async () => {
      const spec = branching({
        ...ROUTE,
        branches: [
          { validator: { name: 'Matches', params: 'x' }, target_node: 'Task_humanize' },
          ROUTE.branches[1],
        ],
      });
      spec.nodes[1] = {
        ...spec.nodes[1],
        agent: agent('Plan', { validators: [{ name: 'LooksGood', params: '' }] }),
      };
      const problems = await problemsOf(spec);
      named(problems, 'bpmn.validator_unknown', 'Task_plan', 'LooksGood');
      named(problems, 'bpmn.validator_unknown', 'Gateway_route', 'Matches');
    });

    it('should name a branch rule whose target node does not exist', async () => {
      const spec = branching({
        ...ROUTE,
        branches: [ROUTE.branches[0], { ...ROUTE.branches[1], target_node: 'Task_gone' }],
      });
      const problems = await problemsOf(spec);
      named(problems, 'bpmn.branch_target_missing', 'Gateway_route', 'Task_gone');
    });

    it('should name a branch rule whose target is not one of its outgoing targets', async () => {
      const spec = branching({
        ...ROUTE,
        branches: [ROUTE.branches[0], { ...ROUTE.branches[1], target_node: 'Task_plan' }],
      });
      const problems = await problemsOf(spec);
      named(problems, 'bpmn.branch_target_not_outgoing', 'Gateway_route', 'Task_plan');
    });

    it('should name an agent node whose agent does not exist, by its zh and en names', async () => {
      const problems = await problemsOf(straightLine(), { agents: AGENTS.slice(1) });
      expect(problems).toHaveLength(1);
      const { zh, en } = named(problems, 'bpmn.agent_unknown', 'Task_plan');
      expect(zh).toContain('规划');
      expect(en).toContain('Plan');
    });

    it('should name elements the engines do not run', async () => {
      const spec = straightLine();
      spec.nodes.push(
        { id: 'Script_1', type: 'scriptTask', name: '脚本', x: 0, y: 300 },
        { id: 'Call_1', type: 'serviceTask', name: '调用', x: 150, y: 300 },
        { id: 'Inclusive_1', type: 'inclusiveGateway', x: 300, y: 300 },
      );
      spec.flows.push(
        flow('Start', 'Script_1'),
        flow('Script_1', 'Call_1'),
        flow('Call_1', 'Inclusive_1'),
        flow('Inclusive_1', 'End'),
      );
      const problems = await problemsOf(spec);
      named(problems, 'bpmn.unsafe_element', 'Script_1', 'bpmn:ScriptTask', '脚本');
      named(problems, 'bpmn.unsafe_element', 'Inclusive_1', 'bpmn:InclusiveGateway');
      named(problems, 'bpmn.task_not_external', 'Call_1');
    });

    it('should name listeners, script conditions and signal events', async () => {
      const xml = buildBpmnXml(straightLine())
        .replace(
          '<bpmn:sequenceFlow id="F_Task_plan_Task_humanize" sourceRef="Task_plan" targetRef="Task_humanize" />',
          '<bpmn:sequenceFlow id="F_Task_plan_Task_humanize" sourceRef="Task_plan" targetRef="Task_humanize"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression" language="javascript">true</bpmn:conditionExpression></bpmn:sequenceFlow>',
        )
        .replace(
          '<bpmn:endEvent id="End">',
          '<bpmn:endEvent id="End"><bpmn:extensionElements><camunda:executionListener class="x.Y" event="end" /></bpmn:extensionElements><bpmn:signalEventDefinition />',
        );
      const result = await compileWorkflow(xml, OPTIONS);
      const problems = result.ok ? [] : result.problems;
      named(problems, 'bpmn.condition_script', 'F_Task_plan_Task_humanize');
      named(problems, 'bpmn.unsafe_element', 'End', 'camunda:ExecutionListener');
      named(problems, 'bpmn.unsafe_element', 'End', 'bpmn:SignalEventDefinition');
    });

    it('should name an unconditioned flow out of a branch without a default', async () => {
      const problems = await problemsOf(branching(ROUTE, false));
      named(problems, 'bpmn.branch_flow_unrouted', 'Gateway_route', 'F_default', 'Task_report');
    });

    it('should name a branch that does not follow an agent', async () => {
      const spec = branching();
      spec.nodes.splice(1, 1);
      spec.flows.splice(0, 2, flow('Start', 'Gateway_route'));
      const problems = await problemsOf(spec);
      named(problems, 'bpmn.branch_source_not_agent', 'Gateway_route', 'Start');
    });

    it('should name branches whose route variables would clash', async () => {
      const spec = branching();
      const extra: NodeSpec[] = [
        agentNode('Task_more', '规划', 'Plan', 700),
        {
          id: 'Gateway-route',
          type: 'exclusiveGateway',
          branch: { ...ROUTE, branches: [{ ...ROUTE.branches[0], target_node: 'End' }] },
          default: 'F_more_end2',
          x: 850,
          y: 115,
        },
      ];
      spec.nodes.push(...extra);
      spec.flows = spec.flows.map((f) =>
        f.target === 'End' && f.source === 'Task_report' ? { ...f, target: 'Task_more' } : f,
      );
      spec.flows.push(
        flow('Task_more', 'Gateway-route'),
        flow('Gateway-route', 'End'),
        flow('Gateway-route', 'End', 'F_more_end2'),
      );
      const problems = await problemsOf(spec);
      named(problems, 'bpmn.route_variable_clash', 'Gateway-route', 'route_Gateway_route');
    });

    it('should name a descriptor type that does not fit the node', async () => {
      const spec = straightLine();
      spec.nodes[1] = { ...spec.nodes[1], agent: agent('Plan', { type: 'Branch' }) };
      const problems = await problemsOf(spec);
      named(problems, 'bpmn.node_type_mismatch', 'Task_plan', 'Branch');
    });

    it('should report every problem at once and produce no XML', async () => {
      const spec = branching(ROUTE, false);
      spec.nodes.push({ id: 'Script_1', type: 'scriptTask', x: 0, y: 300 });
      spec.flows.push(flow('Start', 'Script_1'), flow('Script_1', 'End'));
      const problems = await problemsOf(spec, { agents: [] });
      expect(new Set(problems.map((p) => p.key))).toEqual(
        new Set(['bpmn.unsafe_element', 'bpmn.agent_unknown', 'bpmn.branch_flow_unrouted']),
      );
      expect(problems.filter((p) => p.key === 'bpmn.agent_unknown')).toHaveLength(4);
    });

    it('should report the diagram checks (no end event) and unreadable XML', async () => {
      const spec = straightLine();
      spec.nodes.pop();
      spec.flows.pop();
      const problems = await problemsOf(spec);
      named(problems, 'bpmn.no_end', 'three_agents');
      const broken = await compileWorkflow('<bpmn:definitions', OPTIONS);
      expect(broken.ok ? [] : broken.problems.map((p) => p.key)).toEqual(['bpmn.xml_invalid']);
    });
  });
});

describe(routeCondition.name, () => {
  it('should compare the route variable with the quoted target', () => {
    expect(routeCondition('Gateway_1', 'Task_a')).toBe("${route_Gateway_1 == 'Task_a'}");
    expect(routeCondition('g', "it's")).toBe("${route_g == 'it\\'s'}");
  });
});
