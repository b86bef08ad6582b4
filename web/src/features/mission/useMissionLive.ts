import {
  MISSION_ACTIVE_STATUSES,
  type MissionLogView,
  type MissionStatus,
  type MissionView,
} from '@platform/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

import type { ActivityMark } from '../workflow';
import { type AgentStatusPush, noteEndedRuns, shownStatus, useAgentStatus } from './agent-status';
import { missionApi, missionKeys } from './mission.api';
import { missionMarks } from './mission-marks';

/** The fallback when no push arrives (socket down): a live mission is read again this often. */
export const MISSION_POLL_MS = 5000;
/** Pushes that come together (a node's end and the next one's start) cause one read. */
const PUSH_DEBOUNCE_MS = 250;

interface ReceivedPush extends AgentStatusPush {
  at: number;
}

const isActive = (status: MissionStatus | undefined) =>
  !!status && MISSION_ACTIVE_STATUSES.includes(status);

export interface MissionLive {
  mission: MissionView | undefined;
  logs: MissionLogView[];
  /** The status as last pushed or read. */
  status: MissionStatus | undefined;
  marks: ActivityMark[];
  loading: boolean;
  error: unknown;
  /** Reads the mission and its log again (after an action). */
  refresh: () => Promise<void>;
}

/**
 * A mission and its node runs, kept current: agentStatus pushes move the markers at once and cause a
 * read of the mission and its log; while the mission is live it is also read every few seconds, in
 * case the socket is down.
 */
export function useMissionLive(id: number): MissionLive {
  const queryClient = useQueryClient();
  const [pushes, setPushes] = useState<ReceivedPush[]>([]);
  const poll = (status: MissionStatus | undefined) => (isActive(status) ? MISSION_POLL_MS : false);
  const mission = useQuery({
    queryKey: missionKeys.one(id),
    queryFn: () => missionApi.get(id),
    refetchInterval: (query) => poll(query.state.data?.status),
  });
  const code = mission.data?.code;
  const logs = useQuery({
    queryKey: missionKeys.logs(code ?? ''),
    queryFn: () => missionApi.logs(code!),
    enabled: !!code,
    refetchInterval: () => poll(mission.data?.status),
  });

  // The log stops polling with the mission: when the mission is seen to end, its log is read once
  // more, so a node run that ended just before (its read raced the mission's) is never left unfinished.
  const ended = !!mission.data && !isActive(mission.data.status);
  useEffect(() => {
    if (ended && code) void queryClient.invalidateQueries({ queryKey: missionKeys.logs(code) });
  }, [ended, code, queryClient]);

  const refresh = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: missionKeys.one(id) });
    if (code) await queryClient.invalidateQueries({ queryKey: missionKeys.logs(code) });
  }, [queryClient, id, code]);

  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  useAgentStatus((push) => {
    setPushes((list) => [...list, { ...push, at: Date.now() }]);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      void refresh();
    }, PUSH_DEBOUNCE_MS);
  }, id);

  // A push is news until both reads that follow it have answered.
  const readAt = Math.min(mission.dataUpdatedAt, code ? logs.dataUpdatedAt : 0);
  const fresh = useMemo(() => pushes.filter((push) => push.at > readAt), [pushes, readAt]);
  useEffect(() => {
    if (fresh.length < pushes.length) setPushes(fresh);
  }, [fresh, pushes.length]);

  const view = mission.data;
  const rows = useMemo(() => logs.data ?? [], [logs.data]);
  const marks = useMemo(
    () =>
      view
        ? missionMarks({
            status: view.status,
            currentRunId: view.currentRunId,
            currentNodes: view.currentNodes,
            logs: rows,
            pushes: fresh,
          })
        : [],
    [view, rows, fresh],
  );
  // Runs seen ended stay ended, whatever a late read or push of them says (shownStatus).
  const endedRuns = useRef(new Map<string, MissionStatus>()).current;
  noteEndedRuns(endedRuns, view, pushes);
  return {
    mission: view,
    logs: rows,
    status: shownStatus(view, fresh, endedRuns),
    marks,
    loading: mission.isLoading,
    error: mission.error,
    refresh,
  };
}
