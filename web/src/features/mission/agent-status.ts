import {
  MISSION_FINAL_STATUSES,
  MISSION_LOG_STATUSES,
  MISSION_STATUSES,
  type MissionLogStatus,
  type MissionStatus,
  type MissionView,
} from '@platform/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

import { onAgentStatus } from '../../lib/socket';

/**
 * A mission's progress as its owner's socket channel pushes it (issue 12): the mission's status after
 * a node started or ended, and which node and how it went.
 */
export interface AgentStatusPush {
  missionId: number;
  code: string;
  status: MissionStatus;
  nodeId?: string;
  nodeStatus?: MissionLogStatus;
  /** The node run's attempt (1, then one more per retry). */
  attempt?: number;
  /** The run the node belongs to, when the push names it. */
  runId?: string;
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** The fields of a pushed agentStatus frame the screens rely on, or undefined when they are missing. */
export function readAgentStatus(frame: Record<string, unknown>): AgentStatusPush | undefined {
  const missionId = Number(frame.missionId);
  const status = frame.status as MissionStatus;
  if (!Number.isInteger(missionId) || missionId <= 0 || !MISSION_STATUSES.includes(status)) {
    return undefined;
  }
  const nodeStatus = frame.nodeStatus as MissionLogStatus;
  const nodeId = text(frame.nodeId);
  const runId = text(frame.runId);
  const attempt = Number(frame.attempt);
  return {
    missionId,
    code: text(frame.code) ?? '',
    status,
    ...(nodeId ? { nodeId } : {}),
    ...(MISSION_LOG_STATUSES.includes(nodeStatus) ? { nodeStatus } : {}),
    ...(Number.isInteger(attempt) && attempt > 0 ? { attempt } : {}),
    ...(runId ? { runId } : {}),
  };
}

/**
 * Calls `listener` with each agentStatus push about the mission `missionId` (every mission when
 * omitted), for as long as the component is mounted.
 */
export function useAgentStatus(
  listener: (push: AgentStatusPush) => void,
  missionId?: number,
): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => {
    const stop = onAgentStatus((frame) => {
      const push = readAgentStatus(frame);
      if (push && (missionId === undefined || push.missionId === missionId)) latest.current(push);
    });
    return () => {
      stop();
    };
  }, [missionId]);
}

/** Pushes come in bursts (a node's end, the next one's start): a list is read once per this. */
const LIST_REFRESH_MS = 500;

/**
 * Reads the queries under `queryKey` again when any mission of the user moves (lists of missions and
 * node runs); answers a function that does so at once.
 */
export function useRefreshOnAgentStatus(queryKey: readonly unknown[]): () => void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey });
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  useAgentStatus(() => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      refresh();
    }, LIST_REFRESH_MS);
  });
  return refresh;
}

/**
 * The status a screen shows: the newest push's since the last read, else the read's. A run seen
 * completed or stopped — by the read, by an earlier push, or before an earlier read (`ended`: every
 * run the screen has seen end) — does not go back: a push of that same run saying otherwise was sent
 * before its end and delivered after it, and a read sent before the end can answer after its push
 * (pushes of one run may arrive out of order; a rerun is a new run, and wins).
 */
export function shownStatus(
  read: Pick<MissionView, 'status' | 'currentRunId'> | undefined,
  pushes: readonly AgentStatusPush[],
  ended: ReadonlyMap<string, MissionStatus> = new Map(),
): MissionStatus | undefined {
  const push = pushes.at(-1);
  const shown = push
    ? { runId: push.runId, status: push.status }
    : read && { runId: read.currentRunId, status: read.status };
  if (!shown || isFinal(shown.status)) return shown?.status;
  const seenEnded = [
    ...(read ? [{ runId: read.currentRunId, status: read.status }] : []),
    ...pushes,
  ].find((seen) => seen.runId === shown.runId && isFinal(seen.status));
  return seenEnded?.status ?? (shown.runId ? ended.get(shown.runId) : undefined) ?? shown.status;
}

/** Adds the runs that `read` and `pushes` show ended to `ended` (a screen keeps it for its life). */
export function noteEndedRuns(
  ended: Map<string, MissionStatus>,
  read: Pick<MissionView, 'status' | 'currentRunId'> | undefined,
  pushes: readonly AgentStatusPush[],
): void {
  for (const seen of [
    ...(read ? [{ runId: read.currentRunId, status: read.status }] : []),
    ...pushes,
  ]) {
    if (seen.runId && isFinal(seen.status) && !ended.has(seen.runId))
      ended.set(seen.runId, seen.status);
  }
}

const isFinal = (status: MissionStatus) => MISSION_FINAL_STATUSES.includes(status);
