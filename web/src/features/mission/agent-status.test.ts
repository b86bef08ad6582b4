import { describe, expect, it } from 'vitest';

import { type AgentStatusPush, noteEndedRuns, readAgentStatus, shownStatus } from './agent-status';

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

describe('shownStatus', () => {
  const read = { status: 'completed' as const, currentRunId: 'run-1' };
  const push = (status: AgentStatusPush['status'], runId = 'run-1'): AgentStatusPush => ({
    missionId: 1,
    code: 'M1',
    status,
    runId,
  });

  it('should show the newest push, or the read without one', () => {
    expect(shownStatus({ status: 'in_progress', currentRunId: 'run-1' }, [])).toBe('in_progress');
    expect(
      shownStatus({ status: 'in_progress', currentRunId: 'run-1' }, [push('user_input')]),
    ).toBe('user_input');
    expect(shownStatus(undefined, [push('in_progress')])).toBe('in_progress');
  });

  it('should not take a completed run back to running on a late push of that run', () => {
    expect(shownStatus(read, [push('in_progress')])).toBe('completed');
    // A rerun is a new run: its pushes win.
    expect(shownStatus(read, [push('in_progress', 'run-2')])).toBe('in_progress');
    expect(shownStatus({ ...read, status: 'error' }, [push('in_progress')])).toBe('in_progress');
  });

  it('should not take a run back to running on a push that arrives after its end was pushed', () => {
    const running = { status: 'in_progress' as const, currentRunId: 'run-1' };
    // The end came first over the socket, a node's progress push of the same run after it, and the
    // read has not seen the end yet.
    expect(shownStatus(running, [push('completed'), push('in_progress')])).toBe('completed');
    expect(shownStatus(running, [push('stopped'), push('user_input')])).toBe('stopped');
    // A rerun after the end is a new run.
    expect(shownStatus(running, [push('completed'), push('in_progress', 'run-2')])).toBe(
      'in_progress',
    );
  });

  it('should keep a run ended that an earlier push ended, when a read sent before its end answers after it', () => {
    const ended = new Map<string, AgentStatusPush['status']>();
    // The end is pushed; then a read that left before the end answers "in progress" (the push is no
    // longer news), and a node's push of the same run, sent before the end, comes last.
    noteEndedRuns(ended, { status: 'in_progress', currentRunId: 'run-1' }, [push('completed')]);
    const lateRead = { status: 'in_progress' as const, currentRunId: 'run-1' };
    expect(shownStatus(lateRead, [], ended)).toBe('completed');
    expect(shownStatus(lateRead, [push('in_progress')], ended)).toBe('completed');
    expect(shownStatus(lateRead, [], new Map())).toBe('in_progress');
    // A rerun is a new run.
    expect(shownStatus({ status: 'in_progress', currentRunId: 'run-2' }, [], ended)).toBe(
      'in_progress',
    );
    expect(shownStatus(lateRead, [push('in_progress', 'run-2')], ended)).toBe('in_progress');
  });
});
