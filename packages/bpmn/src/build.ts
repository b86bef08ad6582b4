import type { AgentDescriptor, BranchDescriptor } from '@platform/contracts';

import { encodeAgentDescriptor, encodeBranchDescriptor } from './descriptors';

// Writes BPMN XML (with diagram interchange, so bpmn-js can draw it) from a plain description.
// Used to generate diagrams for tests and benchmarks, and templates for new workflows.

export interface NodeSpec {
  id: string;
  /** `startEvent`, `endEvent`, `userTask`, `exclusiveGateway`, `serviceTask`, … */
  type: string;
  name?: string;
  agent?: AgentDescriptor;
  branch?: BranchDescriptor;
  /** Raw documentation text (overrides agent/branch). */
  documentation?: string;
  /** Id of the default flow (gateways). */
  default?: string;
  x: number;
  y: number;
}

export interface FlowSpec {
  id: string;
  source: string;
  target: string;
  name?: string;
  condition?: string;
}

export interface DiagramSpec {
  id: string;
  name: string;
  nodes: NodeSpec[];
  flows: FlowSpec[];
}

const NS =
  'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
  'xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" ' +
  'xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" ' +
  'xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" ' +
  'xmlns:di="http://www.omg.org/spec/DD/20100524/DI" ' +
  'xmlns:camunda="http://camunda.org/schema/1.0/bpmn"';

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function sizeOf(type: string): { w: number; h: number } {
  if (type.endsWith('Event')) return { w: 36, h: 36 };
  if (type.endsWith('Gateway')) return { w: 50, h: 50 };
  return { w: 100, h: 80 };
}

function documentationOf(node: NodeSpec): string | undefined {
  if (node.documentation !== undefined) return node.documentation;
  if (node.agent) return encodeAgentDescriptor(node.agent);
  if (node.branch) return encodeBranchDescriptor(node.branch);
  return undefined;
}

function nodeXml(node: NodeSpec, flows: FlowSpec[]): string {
  const attrs = [`id="${escapeXml(node.id)}"`];
  if (node.name !== undefined) attrs.push(`name="${escapeXml(node.name)}"`);
  if (node.default) attrs.push(`default="${escapeXml(node.default)}"`);
  const doc = documentationOf(node);
  const children = [
    doc !== undefined ? `<bpmn:documentation>${escapeXml(doc)}</bpmn:documentation>` : '',
    ...flows
      .filter((f) => f.target === node.id)
      .map((f) => `<bpmn:incoming>${f.id}</bpmn:incoming>`),
    ...flows
      .filter((f) => f.source === node.id)
      .map((f) => `<bpmn:outgoing>${f.id}</bpmn:outgoing>`),
  ].join('');
  return `<bpmn:${node.type} ${attrs.join(' ')}>${children}</bpmn:${node.type}>`;
}

function flowXml(flow: FlowSpec): string {
  const name = flow.name !== undefined ? ` name="${escapeXml(flow.name)}"` : '';
  const head = `<bpmn:sequenceFlow id="${flow.id}"${name} sourceRef="${flow.source}" targetRef="${flow.target}"`;
  if (flow.condition === undefined) return `${head} />`;
  const body = escapeXml(flow.condition);
  return `${head}><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">${body}</bpmn:conditionExpression></bpmn:sequenceFlow>`;
}

function shapeXml(node: NodeSpec): string {
  const { w, h } = sizeOf(node.type);
  const marker = node.type === 'exclusiveGateway' ? ' isMarkerVisible="true"' : '';
  return `<bpmndi:BPMNShape id="${node.id}_di" bpmnElement="${node.id}"${marker}><dc:Bounds x="${node.x}" y="${node.y}" width="${w}" height="${h}" /></bpmndi:BPMNShape>`;
}

function edgeXml(flow: FlowSpec, byId: Map<string, NodeSpec>): string {
  const centre = (id: string) => {
    const node = byId.get(id);
    if (!node) return { x: 0, y: 0 };
    const { w, h } = sizeOf(node.type);
    return { x: node.x + w / 2, y: node.y + h / 2 };
  };
  const [a, b] = [centre(flow.source), centre(flow.target)];
  return `<bpmndi:BPMNEdge id="${flow.id}_di" bpmnElement="${flow.id}"><di:waypoint x="${a.x}" y="${a.y}" /><di:waypoint x="${b.x}" y="${b.y}" /></bpmndi:BPMNEdge>`;
}

export function buildBpmnXml(spec: DiagramSpec): string {
  const byId = new Map(spec.nodes.map((n) => [n.id, n]));
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<bpmn:definitions ${NS} id="Definitions_${escapeXml(spec.id)}" targetNamespace="http://bpmn.io/schema/bpmn">`,
    `<bpmn:process id="${escapeXml(spec.id)}" name="${escapeXml(spec.name)}" isExecutable="true">`,
    ...spec.nodes.map((n) => nodeXml(n, spec.flows)),
    ...spec.flows.map(flowXml),
    '</bpmn:process>',
    `<bpmndi:BPMNDiagram id="BPMNDiagram_1"><bpmndi:BPMNPlane id="BPMNPlane_1" bpmnElement="${escapeXml(spec.id)}">`,
    ...spec.nodes.map(shapeXml),
    ...spec.flows.map((f) => edgeXml(f, byId)),
    '</bpmndi:BPMNPlane></bpmndi:BPMNDiagram>',
    '</bpmn:definitions>',
  ].join('\n');
}

function agent(nameen: string): AgentDescriptor {
  return {
    nameen,
    type: 'Agent',
    instruction: `Do the work of ${nameen}`,
    output: `${nameen}.json`,
    validators: [{ name: 'JsonKeyExists', params: ['result'] }],
  };
}

/**
 * A valid agent workflow of about `elements` elements (nodes and flows): start, then segments of
 * agent → branch → two agents → merge, then end. Every branch has a descriptor naming its targets.
 */
export function generateAgentDiagram(elements: number, id = 'generated', name = '生成的流程') {
  const segments = Math.max(1, Math.ceil((elements - 3) / 11));
  const nodes: NodeSpec[] = [{ id: 'Start', type: 'startEvent', name: '开始', x: 0, y: 122 }];
  const flows: FlowSpec[] = [];
  let previous = 'Start';
  let x = 80;
  const link = (source: string, target: string) => {
    flows.push({ id: `Flow_${flows.length + 1}`, source, target });
  };
  for (let i = 1; i <= segments; i += 1) {
    const [task, gate, up, down, merge] = ['Task', 'Gate', 'Up', 'Down', 'Merge'].map(
      (p) => `${p}_${i}`,
    );
    nodes.push(
      { id: task, type: 'userTask', name: `智能体 ${i}`, agent: agent(`Agent ${i}`), x, y: 100 },
      {
        id: gate,
        type: 'exclusiveGateway',
        name: `分支 ${i}`,
        branch: {
          nameen: `Branch ${i}`,
          type: 'Branch',
          branches: [
            { validator: { name: 'Equals', params: 'up' }, target_node: up },
            { validator: { name: 'WithIn', params: ['down', 'other'] }, target_node: down },
          ],
        },
        x: x + 150,
        y: 115,
      },
      { id: up, type: 'userTask', name: `上 ${i}`, agent: agent(`Up ${i}`), x: x + 250, y: 0 },
      {
        id: down,
        type: 'userTask',
        name: `下 ${i}`,
        agent: agent(`Down ${i}`),
        x: x + 250,
        y: 200,
      },
      { id: merge, type: 'exclusiveGateway', x: x + 400, y: 115 },
    );
    link(previous, task);
    link(task, gate);
    link(gate, up);
    link(gate, down);
    link(up, merge);
    link(down, merge);
    previous = merge;
    x += 500;
  }
  nodes.push({ id: 'End', type: 'endEvent', name: '结束', x, y: 122 });
  link(previous, 'End');
  return buildBpmnXml({ id, name, nodes, flows });
}
