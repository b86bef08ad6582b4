import type { Language } from '../common/language';
import type { MissionWaitView } from './mission-waits';
import type { MissionInputs, MissionLogStatus, MissionStatus } from './missions';

// The views of missions the API answers with (GET /wujie/mission…, missionLog list).

/** The answer of a start: the new mission. */
export interface MissionStartedView {
  id: number;
  code: string;
  status: MissionStatus;
}

/** The answer to an agent's question: the mission's state, and where the answer was written. */
export interface MissionRepliedView extends MissionStartedView {
  /** The owner's message holding the answer in the mission's conversation; null without one. */
  messageId: number | null;
}

export interface MissionSummaryView {
  id: number;
  code: string;
  name: string;
  description: string;
  workflowId: number;
  /** Number of the workflow version the mission started from. */
  workflowVersion: number;
  workflowVersionId: number;
  ownerUserId: number;
  conversationId: number | null;
  status: MissionStatus;
  language: Language;
  /** When the first node started and when the mission ended (ISO 8601, UTC; '' while unset). */
  startedAt: string;
  endedAt: string;
  createTime: string;
  updateTime: string;
}

export interface MissionView extends MissionSummaryView {
  inputs: MissionInputs;
  result: unknown;
  error: string;
  /** The deployed process definition the mission is pinned to. */
  processDefinitionId: string;
  processInstanceId: string | null;
  currentRunId: string | null;
  /** Ids of the nodes running or waiting now (from the engine); empty once the mission ended. */
  currentNodes: string[];
  /** The flowchart (BPMN XML, as designed) of the workflow version the mission is pinned to. */
  diagram: string;
  /** The question or review the mission waits for (user_input, admin_review, admin_confirm). */
  waiting: MissionWaitView | null;
}

/** One node run of a mission (GET /wujie/missionLog/list). */
export interface MissionLogView {
  id: number;
  runId: string;
  missionCode: string;
  nodeId: string;
  nodeName: string;
  nodeNameEn: string;
  agent: string;
  inputs: unknown;
  outputs: unknown;
  status: MissionLogStatus;
  error: string;
  startedAt: string;
  endedAt: string;
  attempt: number;
  /** The node's language-model tokens (0 without a model); estimated when the provider gave none. */
  promptTokens: number;
  completionTokens: number;
  tokensEstimated: boolean;
}
