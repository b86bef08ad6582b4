import type { AgentGraph, GraphNode } from '@platform/contracts';
import { describe, expect, it } from 'vitest';

import { mayEndAfter } from './task-handler';

const node = (id: string, kind: GraphNode['kind'], next: string[] = []) =>
  ({ id, kind, next, name: id, bpmnType: '' }) as GraphNode;

/** A → B → gateway → (C | end); C → event → end. */
const graph: AgentGraph = {
  processId: 'p',
  processName: 'p',
  start: ['S'],
  flows: [],
  nodes: [
    node('S', 'start', ['A']),
    node('A', 'agent', ['B']),
    node('B', 'agent', ['G']),
    node('G', 'branch', ['C', 'E']),
    node('C', 'agent', ['T']),
    node('T', 'event', ['E']),
    node('E', 'end'),
  ],
};

describe(mayEndAfter.name, () => {
  it('should say whether an end is reached through gateways and events only', () => {
    expect(mayEndAfter(graph, 'A')).toBe(false);
    expect(mayEndAfter(graph, 'B')).toBe(true);
    expect(mayEndAfter(graph, 'C')).toBe(true);
  });
});
