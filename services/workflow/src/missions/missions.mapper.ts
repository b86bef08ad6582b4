import type {
  MissionLogView,
  MissionStartedView,
  MissionSummaryView,
  MissionView,
  MissionWaitView,
} from '@platform/contracts';

import { iso } from '../common/commands';
import type { Mission, MissionLog } from './mission.entity';

export function missionState(row: Mission): MissionStartedView {
  return { id: Number(row.id), code: row.code, status: row.status };
}

export function missionSummary(row: Mission): MissionSummaryView {
  return {
    ...missionState(row),
    name: row.name,
    description: row.description,
    workflowId: Number(row.workflowId),
    workflowVersion: row.workflowVersion,
    workflowVersionId: Number(row.workflowVersionId),
    ownerUserId: Number(row.ownerUserId),
    conversationId: row.conversationId === null ? null : Number(row.conversationId),
    language: row.language,
    startedAt: iso(row.startedAt),
    endedAt: iso(row.endedAt),
    createTime: iso(row.createTime),
    updateTime: iso(row.updateTime),
  };
}

export function missionView(
  row: Mission,
  currentNodes: string[],
  diagram = '',
  waiting: MissionWaitView | null = null,
): MissionView {
  return {
    ...missionSummary(row),
    inputs: row.inputs,
    result: row.result ?? null,
    error: row.error ?? '',
    processDefinitionId: row.processDefinitionId,
    processInstanceId: row.processInstanceId,
    currentRunId: row.currentRunId,
    currentNodes,
    diagram,
    waiting,
  };
}

export function missionLogView(row: MissionLog): MissionLogView {
  return {
    id: Number(row.id),
    runId: row.runId,
    missionCode: row.missionCode,
    nodeId: row.nodeId,
    nodeName: row.nodeName,
    nodeNameEn: row.nodeNameEn,
    agent: row.agent,
    inputs: row.inputs ?? null,
    outputs: row.outputs ?? null,
    status: row.status,
    error: row.error ?? '',
    startedAt: iso(row.startedAt),
    endedAt: iso(row.endedAt),
    attempt: row.attempt,
    promptTokens: row.promptTokens,
    completionTokens: row.completionTokens,
    tokensEstimated: Boolean(row.tokensEstimated),
  };
}
