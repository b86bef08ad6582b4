import { describe, expect, it } from 'vitest';

import { readAgentStatus } from './agent-status';

describe(readAgentStatus.name, () => {
  it('should read the fields of a node push', () => {
    expect(
      readAgentStatus({
        type: 'agentStatus',
        missionId: '7',
        code: 'M1',
        status: 'in_progress',
        nodeId: 'Task_1',
        nodeStatus: 'success',
        attempt: 2,
        runId: 'run-1',
        key: 'node:run-1:Task_1:2:success',
      }),
    ).toEqual({
      missionId: 7,
      code: 'M1',
      status: 'in_progress',
      nodeId: 'Task_1',
      nodeStatus: 'success',
      attempt: 2,
      runId: 'run-1',
    });
  });

  it('should refuse a push without a mission or with an unknown status, and drop unknown node states', () => {
    expect(readAgentStatus({ type: 'agentStatus', status: 'in_progress' })).toBeUndefined();
    expect(readAgentStatus({ missionId: 1, status: 'flying' })).toBeUndefined();
    expect(
      readAgentStatus({ missionId: 1, status: 'completed', runId: null, nodeStatus: 'odd' }),
    ).toEqual({ missionId: 1, code: '', status: 'completed' });
  });
});
