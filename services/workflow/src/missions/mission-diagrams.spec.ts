import type { AgentGraph } from '@platform/contracts';
import { describe, expect, it } from 'vitest';

import { nodesBefore, nodesFrom } from './mission-diagrams';

/** start → A → gate → B → C → end, gate → D → end, and C loops back to A's successor gate. */
function graph(): AgentGraph {
  const flows = [
    ['Start', 'A'],
    ['A', 'Gate'],
    ['Gate', 'B'],
    ['Gate', 'D'],
    ['B', 'C'],
    ['C', 'End'],
    ['D', 'End'],
    ['C', 'Gate'],
  ].map(([source, target], i) => ({ id: `F${i}`, source, target }));
  return { processId: 'p', processName: 'p', start: ['Start'], nodes: [], flows };
}

describe('nodesBefore', () => {
  it('should be the nodes a node is reached from, less those it reaches itself', () => {
    expect([...nodesBefore(graph(), 'A')].sort()).toEqual(['Start']);
    // B is reached from C through the loop, but C comes after B: it runs again.
    expect([...nodesBefore(graph(), 'B')].sort()).toEqual(['A', 'Start']);
    expect([...nodesBefore(graph(), 'D')].sort()).toEqual(['A', 'B', 'C', 'Gate', 'Start']);
  });

  it('should be empty for a node nothing leads to', () => {
    expect(nodesBefore(graph(), 'Nowhere').size).toBe(0);
  });
});

describe('nodesFrom', () => {
  it('should be the node and every node it reaches', () => {
    expect([...nodesFrom(graph(), 'D')].sort()).toEqual(['D', 'End']);
    expect([...nodesFrom(graph(), 'B')].sort()).toEqual(['B', 'C', 'D', 'End', 'Gate']);
  });
});
