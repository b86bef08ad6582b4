import type { AgentDescriptor, BranchDescriptor } from '@platform/contracts';

// BPMN XML of the seeded workflows, written from a plain description: the process (agent user tasks
// with their descriptor as documentation, branch gateways with theirs, events, flows) and its
// diagram interchange (shapes, and edges with right-angled waypoints) so the viewer and the designer
// draw it. Part of the seed migration: what it writes must not change once released.

export type SeedNodeType = 'startEvent' | 'endEvent' | 'userTask' | 'exclusiveGateway';

export interface SeedNode {
  id: string;
  type: SeedNodeType;
  /** Chinese name (the English one is the descriptor's nameen). */
  name?: string;
  agent?: AgentDescriptor;
  branch?: BranchDescriptor;
  /** Id of the gateway's default flow. */
  default?: string;
  /** Centre of the shape. */
  x: number;
  y: number;
}

export interface SeedFlow {
  id: string;
  source: string;
  target: string;
}

export interface SeedDiagram {
  /** Process id: the workflow key. */
  key: string;
  /** Process name (Chinese). */
  name: string;
  nodes: SeedNode[];
  flows: SeedFlow[];
}

const NAMESPACES = [
  'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"',
  'xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"',
  'xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"',
  'xmlns:dc="http://www.omg.org/spec/DD/20100524/DC"',
  'xmlns:di="http://www.omg.org/spec/DD/20100524/DI"',
  'xmlns:camunda="http://camunda.org/schema/1.0/bpmn"',
].join(' ');

const SIZES: Record<SeedNodeType, { w: number; h: number }> = {
  startEvent: { w: 36, h: 36 },
  endEvent: { w: 36, h: 36 },
  userTask: { w: 120, h: 80 },
  exclusiveGateway: { w: 50, h: 50 },
};

function text(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function attribute(value: string): string {
  return text(value).replace(/"/g, '&quot;');
}

/** The descriptor as designers store it: JSON with the known keys first, in a fixed order. */
function documentation(node: SeedNode): string | undefined {
  if (node.agent) {
    const { nameen, type, instruction, output, validators } = node.agent;
    return JSON.stringify({ nameen, type, instruction, output, validators });
  }
  if (node.branch) {
    const { nameen, type, branches } = node.branch;
    return JSON.stringify({
      nameen,
      type,
      branches: branches.map((b) => ({ validator: b.validator, target_node: b.target_node })),
    });
  }
  return undefined;
}

function nodeXml(node: SeedNode, flows: SeedFlow[]): string {
  const attrs = [`id="${attribute(node.id)}"`];
  if (node.name) attrs.push(`name="${attribute(node.name)}"`);
  if (node.default) attrs.push(`default="${attribute(node.default)}"`);
  const doc = documentation(node);
  const children = [
    ...(doc ? [`<bpmn:documentation>${text(doc)}</bpmn:documentation>`] : []),
    ...flows
      .filter((f) => f.target === node.id)
      .map((f) => `<bpmn:incoming>${f.id}</bpmn:incoming>`),
    ...flows
      .filter((f) => f.source === node.id)
      .map((f) => `<bpmn:outgoing>${f.id}</bpmn:outgoing>`),
  ];
  return [
    `    <bpmn:${node.type} ${attrs.join(' ')}>`,
    ...children.map((c) => `      ${c}`),
    `    </bpmn:${node.type}>`,
  ].join('\n');
}

function box(node: SeedNode) {
  const { w, h } = SIZES[node.type];
  return {
    left: node.x - w / 2,
    top: node.y - h / 2,
    right: node.x + w / 2,
    bottom: node.y + h / 2,
    w,
    h,
  };
}

/**
 * Right-angled waypoints: straight when source and target are level; out of a gateway's top or
 * bottom corner and into the target's side; else out of the source's side and into the target's
 * top or bottom (a merge).
 */
function waypoints(source: SeedNode, target: SeedNode): [number, number][] {
  const s = box(source);
  const t = box(target);
  if (source.y === target.y)
    return [
      [s.right, source.y],
      [t.left, target.y],
    ];
  const down = target.y > source.y;
  if (source.type === 'exclusiveGateway') {
    return [
      [source.x, down ? s.bottom : s.top],
      [source.x, target.y],
      [t.left, target.y],
    ];
  }
  return [
    [s.right, source.y],
    [target.x, source.y],
    [target.x, down ? t.top : t.bottom],
  ];
}

const LABEL = { w: 120, h: 27, gap: 6 };

/** Where a named event's or gateway's label goes: events below, gateways above (flows leave below). */
function labelXml(node: SeedNode): string[] {
  if (!node.name || node.type === 'userTask') return [];
  const b = box(node);
  const y = node.type === 'exclusiveGateway' ? b.top - LABEL.gap - LABEL.h : b.bottom + LABEL.gap;
  return [
    '        <bpmndi:BPMNLabel>',
    `          <dc:Bounds x="${node.x - LABEL.w / 2}" y="${y}" width="${LABEL.w}" height="${LABEL.h}" />`,
    '        </bpmndi:BPMNLabel>',
  ];
}

function shapeXml(node: SeedNode): string {
  const b = box(node);
  const marker = node.type === 'exclusiveGateway' ? ' isMarkerVisible="true"' : '';
  return [
    `      <bpmndi:BPMNShape id="${node.id}_di" bpmnElement="${node.id}"${marker}>`,
    `        <dc:Bounds x="${b.left}" y="${b.top}" width="${b.w}" height="${b.h}" />`,
    ...labelXml(node),
    '      </bpmndi:BPMNShape>',
  ].join('\n');
}

function edgeXml(flow: SeedFlow, byId: Map<string, SeedNode>): string {
  const points = waypoints(byId.get(flow.source)!, byId.get(flow.target)!);
  return [
    `      <bpmndi:BPMNEdge id="${flow.id}_di" bpmnElement="${flow.id}">`,
    ...points.map(([x, y]) => `        <di:waypoint x="${x}" y="${y}" />`),
    '      </bpmndi:BPMNEdge>',
  ].join('\n');
}

/** The BPMN XML of a seeded diagram. */
export function seedDiagramXml(diagram: SeedDiagram): string {
  const byId = new Map(diagram.nodes.map((n) => [n.id, n]));
  for (const flow of diagram.flows) {
    if (!byId.has(flow.source) || !byId.has(flow.target)) {
      throw new Error(`flow ${flow.id} of ${diagram.key} joins a node that does not exist`);
    }
  }
  const key = attribute(diagram.key);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<bpmn:definitions ${NAMESPACES} id="Definitions_${key}" targetNamespace="http://bpmn.io/schema/bpmn">`,
    `  <bpmn:process id="${key}" name="${attribute(diagram.name)}" isExecutable="true">`,
    ...diagram.nodes.map((n) => nodeXml(n, diagram.flows)),
    ...diagram.flows.map(
      (f) =>
        `    <bpmn:sequenceFlow id="${f.id}" sourceRef="${f.source}" targetRef="${f.target}" />`,
    ),
    '  </bpmn:process>',
    `  <bpmndi:BPMNDiagram id="BPMNDiagram_${key}">`,
    `    <bpmndi:BPMNPlane id="BPMNPlane_${key}" bpmnElement="${key}">`,
    ...diagram.nodes.map(shapeXml),
    ...diagram.flows.map((f) => edgeXml(f, byId)),
    '    </bpmndi:BPMNPlane>',
    '  </bpmndi:BPMNDiagram>',
    '</bpmn:definitions>',
    '',
  ].join('\n');
}
