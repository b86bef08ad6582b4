import { describe, expect, it } from 'vitest';

import { logRow } from '../../../test-utils/mission-factories';
import { computeMarkers } from '../workflow';
import type { AgentStatusPush } from './agent-status';
import { activityMarks, missionMarks, nodeRuns, nodeStates } from './mission-marks';

const push = (overrides: Partial<AgentStatusPush>): AgentStatusPush => ({
  missionId: 7,
  code: 'M1',
  status: 'in_progress',
  runId: 'run-1',
  ...overrides,
});

describe(nodeStates.name, () => {
  it('should mark done, running and failed nodes of the current run only', () => {
    const sut = nodeStates({
      status: 'in_progress',
      currentRunId: 'run-2',
      currentNodes: ['Task_3'],
      logs: [
        logRow({ runId: 'run-1', nodeId: 'Task_1', status: 'failed' }),
        logRow({ runId: 'run-2', nodeId: 'Task_1', status: 'success' }),
        logRow({ runId: 'run-2', nodeId: 'Task_2', status: 'failed' }),
        logRow({ runId: 'run-2', nodeId: 'Task_2', status: 'running', attempt: 2 }),
      ],
    });
    expect(Object.fromEntries(sut)).toEqual({
      Task_1: 'success',
      Task_2: 'running',
      Task_3: 'running',
    });
  });

  it('should keep a failed latest attempt red although the engine still waits on it', () => {
    const sut = nodeStates({
      status: 'error',
      currentRunId: 'run-1',
      currentNodes: ['Task_1'],
      logs: [logRow({ nodeId: 'Task_1', status: 'failed', error: 'boom' })],
    });
    expect(sut.get('Task_1')).toBe('failed');
  });

  it('should keep a reported end while the engine has not moved on yet', () => {
    const sut = nodeStates({
      status: 'in_progress',
      currentRunId: 'run-1',
      currentNodes: ['Task_1'],
      logs: [logRow({ nodeId: 'Task_1', status: 'success' })],
    });
    expect(sut.get('Task_1')).toBe('success');
  });

  it('should apply pushes of the current run in order, and ignore those of another run', () => {
    const sut = nodeStates({
      status: 'in_progress',
      currentRunId: 'run-1',
      currentNodes: [],
      logs: [logRow({ nodeId: 'Task_1', status: 'running' })],
      pushes: [
        push({ nodeId: 'Task_1', nodeStatus: 'success', attempt: 1 }),
        push({ nodeId: 'Task_2', nodeStatus: 'running', attempt: 1 }),
        push({ runId: 'run-0', nodeId: 'Task_9', nodeStatus: 'failed' }),
      ],
    });
    expect(Object.fromEntries(sut)).toEqual({ Task_1: 'success', Task_2: 'running' });
  });

  it('should never move a node run back: a late running push after its end is ignored', () => {
    const sut = nodeStates({
      status: 'in_progress',
      currentRunId: 'run-1',
      currentNodes: [],
      logs: [logRow({ nodeId: 'Task_1', status: 'success' })],
      pushes: [
        push({ nodeId: 'Task_1', nodeStatus: 'running', attempt: 1 }),
        push({ nodeId: 'Task_2', nodeStatus: 'failed', attempt: 1 }),
        push({ nodeId: 'Task_2', nodeStatus: 'running', attempt: 2 }),
      ],
    });
    expect(Object.fromEntries(sut)).toEqual({ Task_1: 'success', Task_2: 'running' });
  });

  it('should drop running marks once the mission has ended, by its status or by a push', () => {
    const logs = [
      logRow({ nodeId: 'Task_1', status: 'success' }),
      logRow({ nodeId: 'Task_2', status: 'running' }),
    ];
    const stopped = nodeStates({
      status: 'stopped',
      currentRunId: 'run-1',
      currentNodes: [],
      logs,
    });
    expect(Object.fromEntries(stopped)).toEqual({ Task_1: 'success' });
    const pushed = nodeStates({
      status: 'in_progress',
      currentRunId: 'run-1',
      currentNodes: ['Task_2'],
      logs,
      pushes: [push({ status: 'stopped' })],
    });
    expect(Object.fromEntries(pushed)).toEqual({ Task_1: 'success' });
  });
});

describe(missionMarks.name, () => {
  it('should give the viewer todo for running, highlight for done and reject for failed', () => {
    const marks = missionMarks({
      status: 'error',
      currentRunId: 'run-1',
      currentNodes: [],
      logs: [
        logRow({ nodeId: 'Task_1', status: 'success' }),
        logRow({ nodeId: 'Gateway_1', status: 'success' }),
        logRow({ nodeId: 'Task_2', status: 'failed' }),
      ],
    });
    const elements = ['Task_1', 'Gateway_1', 'Task_2', 'Task_3'].map((id) => ({ id }));
    expect(Object.fromEntries(computeMarkers(elements, marks))).toEqual({
      Task_1: 'highlight',
      Gateway_1: 'highlight',
      Task_2: 'reject',
    });
    expect(activityMarks(new Map([['Task_3', 'running']]))).toEqual([
      { key: 'Task_3', activity: true },
    ]);
  });
});

describe(nodeRuns.name, () => {
  it("should answer the node's attempts in the current run, oldest first", () => {
    const logs = [
      logRow({ id: 3, nodeId: 'Task_1', attempt: 2, status: 'success' }),
      logRow({ id: 2, nodeId: 'Task_1', attempt: 1, status: 'failed' }),
      logRow({ id: 4, nodeId: 'Task_2' }),
    ];
    const sut = nodeRuns(logs, 'Task_1', 'run-1');
    expect(sut.earlier).toBe(false);
    expect(sut.runs.map((r) => r.attempt)).toEqual([1, 2]);
  });

  it('should fall back to the last run that ran the node when a rerun started after it', () => {
    const logs = [
      logRow({ id: 1, runId: 'run-1', nodeId: 'Task_1', status: 'success' }),
      logRow({ id: 2, runId: 'run-1', nodeId: 'Task_2', status: 'failed' }),
      logRow({ id: 3, runId: 'run-2', nodeId: 'Task_2', status: 'running' }),
    ];
    const sut = nodeRuns(logs, 'Task_1', 'run-2');
    expect(sut.earlier).toBe(true);
    expect(sut.runs.map((r) => r.id)).toEqual([1]);
    expect(nodeRuns(logs, 'Task_9', 'run-2')).toEqual({ runs: [], earlier: false });
  });
});
