import type { MissionLogView, MissionView } from '@platform/contracts';
import { describe, expect, it } from 'vitest';

import { finishedSteps } from './MissionResults';

const row = (
  id: number,
  nodeId: string,
  runId: string,
  status: MissionLogView['status'],
  attempt = 1,
) => ({ id, nodeId, runId, status, attempt, outputs: { nodeId } }) as unknown as MissionLogView;

describe('finishedSteps', () => {
  it('should list the steps of the current run that succeeded, each once, in run order', () => {
    const mission = { currentRunId: 'run2' } as MissionView;
    const logs = [
      row(1, 'Task_Numbering', 'run1', 'success'),
      row(2, 'Task_Numbering', 'run2', 'success'),
      row(3, 'Task_Humanize', 'run2', 'failed'),
      row(4, 'Task_Humanize', 'run2', 'success', 2),
      row(5, 'Task_Review', 'run2', 'running'),
    ];
    expect(finishedSteps(mission, logs).map((r) => [r.id, r.nodeId])).toEqual([
      [2, 'Task_Numbering'],
      [4, 'Task_Humanize'],
    ]);
  });
});
