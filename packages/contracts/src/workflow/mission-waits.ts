import type { MissionEvent, MissionLogStatus, MissionStatus } from './missions';

// People in the loop of a mission (issue 12) and its live status. An agent asks the mission's owner
// for input (askUser → user_input; the reply resumes the node); a Human node of the diagram is a
// user task that waits for an administrator's review or confirmation (approve continues, reject
// ends the mission). Every change of a mission and of its node runs is pushed to the owner's socket
// as an AgentStatusPush. Design notes: docs/api-missions.md.

/** What a mission waits for: the owner's reply, or an administrator's review or confirmation. */
export const MISSION_WAIT_KINDS = ['user_input', 'admin_review', 'admin_confirm'] as const;
export type MissionWaitKind = (typeof MISSION_WAIT_KINDS)[number];

/**
 * How a wait ended: `open` while waited for; `answered` (the owner replied), `approved`, `rejected`;
 * `cancelled` when the run it belonged to was replaced (rerun) or stopped.
 */
export const MISSION_WAIT_STATES = [
  'open',
  'answered',
  'approved',
  'rejected',
  'cancelled',
] as const;
export type MissionWaitState = (typeof MISSION_WAIT_STATES)[number];

/**
 * Key of a Human node's descriptor (the user task's documentation JSON) that says what the
 * administrator does: `review` (default; mission status admin_review) or `confirm` (admin_confirm).
 */
export const HUMAN_REVIEW_KEY = 'review';
export const HUMAN_REVIEW_KINDS = ['review', 'confirm'] as const;
export type HumanReviewKind = (typeof HUMAN_REVIEW_KINDS)[number];

/** The wait a user task for people opens, read from its documentation (a Human descriptor or none). */
export function humanTaskWait(documentation: string | null | undefined): {
  kind: 'admin_review' | 'admin_confirm';
  instruction: string;
} {
  let descriptor: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(documentation ?? '');
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
      descriptor = parsed as Record<string, unknown>;
    }
  } catch {
    // no descriptor: an administrator reviews
  }
  const review = descriptor[HUMAN_REVIEW_KEY];
  const instruction = typeof descriptor.instruction === 'string' ? descriptor.instruction : '';
  return { kind: review === 'confirm' ? 'admin_confirm' : 'admin_review', instruction };
}

/**
 * The candidate group the compiler gives a user task for people that names nobody (no assignee,
 * candidate users or groups): the administrators, who review it (in the engine's Tasklist too).
 */
export const MISSION_REVIEW_GROUP = 'admin';

/** Start of the Json process variable a reviewed user task is completed with ({approved, reason, reviewerId}). */
export const REVIEW_VARIABLE_PREFIX = 'review_';

/** The variable the review of user task `nodeId` is completed with (named like `outputVariable`). */
export function reviewVariable(nodeId: string): string {
  return `${REVIEW_VARIABLE_PREFIX}${nodeId.replace(/[^A-Za-z0-9_]/g, '_')}`;
}

/**
 * How long the agent worker keeps the external task of a node that asked the user locked: it
 * extends its lock by this after askUser answered `waiting`; the reply unlocks it at once. When
 * the lock runs out first, the next worker that fetches the task asks again and is told `waiting`.
 */
export const MISSION_ASK_LOCK_MS = 24 * 60 * 60 * 1000;

/** Longest question an agent asks, and longest reason of a review. */
export const MISSION_QUESTION_MAX = 4000;
export const MISSION_REVIEW_REASON_MAX = 1000;

/** The owner's reply to a question. */
export interface MissionReplyView {
  text: string;
  /** Stored names of uploaded files (as /common/upload answered them). */
  files: string[];
  userId: number;
  repliedAt: string;
}

/** The answer of askUser: still waiting for the owner, or their reply (the agent goes on with it). */
export interface MissionAskView {
  waitId: number;
  status: 'waiting' | 'answered';
  reply: MissionReplyView | null;
}

/** What a mission waits for now (MissionView.waiting). */
export interface MissionWaitView {
  id: number;
  kind: MissionWaitKind;
  runId: string;
  nodeId: string;
  /** The agent's question (user_input) or the Human node's instruction (review, confirm). */
  question: string;
  questionEn: string;
  createdAt: string;
}

/** Type of the socket message of a mission's live status (spec §7: the spec's client ignores it). */
export const AGENT_STATUS_TYPE = 'agentStatus';

/**
 * One change of a mission or of one of its node runs, pushed to the owner's sockets. Each message
 * is a snapshot (the mission's status, the node run's status), not a delta, so applying it twice
 * changes nothing; `key` is the same for every delivery of one change (dedupe notifications by it).
 * A consumer ignores messages of another run than the one it shows (`runId`), and a node run's
 * status only moves forward (running → success | failed).
 */
export interface AgentStatusPush {
  type: typeof AGENT_STATUS_TYPE;
  /** `node:<runId>:<nodeId>:<attempt>:<nodeStatus>`, or `mission:<runId>:<event>:<status>:<at>`. */
  key: string;
  /** What happened (an event of MISSION_TRANSITIONS). */
  event: MissionEvent;
  missionId: number;
  code: string;
  /** The mission's status after the change. */
  status: MissionStatus;
  /** The mission's current run. */
  runId: string | null;
  /** When the change happened (ISO 8601, UTC). */
  at: string;
  nodeId?: string;
  nodeName?: string;
  nodeNameEn?: string;
  nodeStatus?: MissionLogStatus;
  attempt?: number;
  /** user_input: the agent's question; admin_review/admin_confirm: the node's instruction. */
  question?: string;
  questionEn?: string;
  /** A failed node's or mission's error, or the administrator's reason of a rejection. */
  error?: string;
}
