import type { AgentGraph, WorkflowDiffView } from '@platform/contracts';
import { describe, expect, it } from 'vitest';

import { checkedMarks, diffMarks, problemMarks } from './diagram-marks';
import { computeMarkers } from './viewer/markers';

const ids = ['Task_1', 'Gate_1', 'Task_2', 'Start', 'End'].map((id) => ({ id }));

describe('activity data of the workflow pages', () => {
  it('should highlight the agents and branches of a diagram that passed the check', () => {
    const graph = {
      nodes: [
        { id: 'Start', kind: 'start' },
        { id: 'Task_1', kind: 'agent' },
        { id: 'Gate_1', kind: 'branch' },
        { id: 'End', kind: 'end' },
      ],
    } as unknown as AgentGraph;
    expect(Object.fromEntries(computeMarkers(ids, checkedMarks(graph)))).toEqual({
      Task_1: 'highlight',
      Gate_1: 'highlight',
    });
  });

  it('should reject each element a check error names, once', () => {
    const marks = problemMarks([{ field: 'Task_2' }, { field: 'Task_2' }, {}]);
    expect(marks).toEqual([{ key: 'Task_2', iserror: true }]);
    expect(Object.fromEntries(computeMarkers(ids, marks))).toEqual({ Task_2: 'reject' });
  });

  it('should mark added nodes as highlight and changed ones as todo, skipping removed ones', () => {
    const diff = {
      agents: [
        { id: 'Task_1', change: 'changed' },
        { id: 'Task_2', change: 'added' },
        { id: 'Task_9', change: 'removed' },
      ],
    } as unknown as WorkflowDiffView;
    expect(Object.fromEntries(computeMarkers(ids, diffMarks(diff)))).toEqual({
      Task_1: 'todo',
      Task_2: 'highlight',
    });
  });
});
