import {
  MISSION_ACTIVE_STATUSES,
  type MissionLogStatus,
  type MissionLogView,
  type MissionStatus,
} from '@platform/contracts';

import type { ActivityMark } from '../workflow';
import type { AgentStatusPush } from './agent-status';

// Where a mission stands on its diagram (issue 12, spec §3 viewer markers): each node of the current
// run is running (todo), done (highlight) or failed (reject). The mission log says how each node run
// went, the engine says which nodes wait now (currentNodes), and socket pushes say what changed since
// both were read. Pure, so the screens and the chat's flowchart share it and it is tested alone.

export interface MissionProgress {
  status: MissionStatus;
  currentRunId: string | null;
  currentNodes: readonly string[];
  logs: readonly MissionLogView[];
  /** Pushes received after `logs` and `currentNodes` were read, oldest first. */
  pushes?: readonly AgentStatusPush[];
}

/** Rows of the run the mission is on (all rows when it names none), oldest first. */
export function currentRunLogs(
  logs: readonly MissionLogView[],
  currentRunId: string | null,
): MissionLogView[] {
  return logs
    .filter((row) => !currentRunId || row.runId === currentRunId)
    .sort((a, b) => a.id - b.id);
}

/**
 * The state of each node of the current run: its latest attempt's status, running where the engine
 * waits on a node no run has reported, then the pushes
 * of this run in order. A node run only moves forward (running, then success or failed; a retry is a
 * new attempt), so a late push never undoes a newer state. Once the mission has ended (stopped,
 * completed, error), a node still marked running was cut off and shows no marker.
 */
export function nodeStates(progress: MissionProgress): Map<string, MissionLogStatus> {
  const states = new Map<string, MissionLogStatus>();
  const attempts = new Map<string, number>();
  const record = (nodeId: string, state: MissionLogStatus, attempt: number) => {
    const known = attempts.get(nodeId) ?? 0;
    if (attempt < known) return;
    if (attempt === known && state === 'running' && states.get(nodeId) !== 'running') return;
    attempts.set(nodeId, attempt);
    states.set(nodeId, state);
  };
  for (const row of currentRunLogs(progress.logs, progress.currentRunId)) {
    attempts.set(row.nodeId, Math.max(row.attempt, attempts.get(row.nodeId) ?? 0));
    if (row.attempt === attempts.get(row.nodeId)) states.set(row.nodeId, row.status);
  }
  // Nodes the engine waits on that no run has reported yet: a review task for people, a task
  // not fetched yet. (A reported end stands: the worker reports it before it completes the task.)
  for (const nodeId of progress.currentNodes)
    if (!states.has(nodeId)) states.set(nodeId, 'running');
  let status = progress.status;
  for (const push of progress.pushes ?? []) {
    // A push of another run (a rerun that started since) waits for the next read of the log.
    if (push.runId && progress.currentRunId && push.runId !== progress.currentRunId) continue;
    status = push.status;
    if (push.nodeId && push.nodeStatus) {
      record(push.nodeId, push.nodeStatus, push.attempt ?? attempts.get(push.nodeId) ?? 1);
    }
  }
  if (!MISSION_ACTIVE_STATUSES.includes(status)) {
    for (const [nodeId, state] of states) if (state === 'running') states.delete(nodeId);
  }
  return states;
}

const MARK: Record<MissionLogStatus, Omit<ActivityMark, 'key'>> = {
  running: { activity: true },
  success: { isend: true },
  failed: { iserror: true },
};

/** The viewer's activity data for the node states: todo running, highlight done, reject failed. */
export function activityMarks(states: ReadonlyMap<string, MissionLogStatus>): ActivityMark[] {
  return [...states].map(([key, state]) => ({ key, ...MARK[state] }));
}

/** The viewer's markers of a mission. */
export function missionMarks(progress: MissionProgress): ActivityMark[] {
  return activityMarks(nodeStates(progress));
}

/**
 * The runs of one node to show when it is clicked: those of the current run (attempts oldest first);
 * when the current run did not run it (a rerun that started after it), those of the latest run that
 * did, with `earlier` set.
 */
export function nodeRuns(
  logs: readonly MissionLogView[],
  nodeId: string,
  currentRunId: string | null,
): { runs: MissionLogView[]; earlier: boolean } {
  const ofNode = logs.filter((row) => row.nodeId === nodeId).sort((a, b) => a.id - b.id);
  const current = ofNode.filter((row) => !currentRunId || row.runId === currentRunId);
  if (current.length || !ofNode.length) return { runs: current, earlier: false };
  const lastRun = ofNode[ofNode.length - 1]!.runId;
  return { runs: ofNode.filter((row) => row.runId === lastRun), earlier: true };
}
