// Missions (issue 12): a run of a workflow for a user, its statuses (spec §4) and the one table of
// the moves between them, shared by the workflow service (which enforces it) and the web (which
// shows what a user may do). Status values are stable strings; their labels are the bilingual
// dictionary MISSION_STATUS_DICT.

import { type Actor, hasPermission, PERMISSIONS } from '../identity/permissions';

/** Status of a mission (dictionary `wujie_mission_status`). */
export const MISSION_STATUS = {
  notStarted: 'not_started',
  inProgress: 'in_progress',
  userInput: 'user_input',
  adminReview: 'admin_review',
  adminConfirm: 'admin_confirm',
  error: 'error',
  stopped: 'stopped',
  completed: 'completed',
} as const;
export type MissionStatus = (typeof MISSION_STATUS)[keyof typeof MISSION_STATUS];
export const MISSION_STATUSES: readonly MissionStatus[] = Object.values(MISSION_STATUS);

/** Status of one node run in the mission log (dictionary `wujie_mission_log_status`). */
export const MISSION_LOG_STATUS = {
  running: 'running',
  success: 'success',
  failed: 'failed',
} as const;
export type MissionLogStatus = (typeof MISSION_LOG_STATUS)[keyof typeof MISSION_LOG_STATUS];
export const MISSION_LOG_STATUSES: readonly MissionLogStatus[] = Object.values(MISSION_LOG_STATUS);

/** Dictionary types of the two status lists (seeded by the identity service). */
export const MISSION_STATUS_DICT = 'wujie_mission_status';
export const MISSION_LOG_STATUS_DICT = 'wujie_mission_log_status';

const S = MISSION_STATUS;

/** Statuses a mission leaves only by a rerun: moving it otherwise "cannot be modified". */
export const MISSION_FINAL_STATUSES: readonly MissionStatus[] = [S.stopped, S.completed];

/** Statuses in which the mission has a live process instance (the reconciler watches these). */
export const MISSION_ACTIVE_STATUSES: readonly MissionStatus[] = [
  S.notStarted,
  S.inProgress,
  S.userInput,
  S.adminReview,
  S.adminConfirm,
];

/** What moves a mission, and who reports it. */
export type MissionEvent =
  /** The agent worker started a node (mission log). */
  | 'nodeStarted'
  /** The agent worker finished a node, with success or failure (mission log). */
  | 'nodeEnded'
  /** An agent asks the user for input. */
  | 'askUser'
  /** The user's reply resumes the mission. */
  | 'reply'
  /** A node waits for an administrator's review. */
  | 'awaitReview'
  /** A node waits for an administrator's confirmation. */
  | 'awaitConfirm'
  /** The administrator approves: the mission continues. */
  | 'approve'
  /** The administrator rejects: the mission ends with the reason. */
  | 'reject'
  /** A node failed after its retries (an incident), or the process ended abnormally. */
  | 'fail'
  /** The process instance ended. */
  | 'complete'
  /** The owner or an administrator stops it: the process instance is deleted. */
  | 'stop'
  /** A new run from a chosen node. */
  | 'rerun';

/**
 * The transition table: for each event, the statuses it may start from and the status it leads to.
 * Anything not listed is refused (see `missionMove`).
 */
export const MISSION_TRANSITIONS: Readonly<
  Record<MissionEvent, { from: readonly MissionStatus[]; to: MissionStatus }>
> = {
  nodeStarted: { from: [S.notStarted, S.inProgress, S.error], to: S.inProgress },
  nodeEnded: { from: [S.notStarted, S.inProgress, S.error], to: S.inProgress },
  askUser: { from: [S.inProgress], to: S.userInput },
  reply: { from: [S.userInput], to: S.inProgress },
  // Not started too: a diagram may begin with a Human node (no agent ran before it).
  awaitReview: { from: [S.notStarted, S.inProgress], to: S.adminReview },
  awaitConfirm: { from: [S.notStarted, S.inProgress], to: S.adminConfirm },
  approve: { from: [S.adminReview, S.adminConfirm], to: S.inProgress },
  reject: { from: [S.adminReview, S.adminConfirm], to: S.stopped },
  fail: {
    from: [S.notStarted, S.inProgress, S.userInput, S.adminReview, S.adminConfirm],
    to: S.error,
  },
  complete: { from: [S.notStarted, S.inProgress], to: S.completed },
  stop: {
    from: [S.notStarted, S.inProgress, S.userInput, S.adminReview, S.adminConfirm, S.error],
    to: S.stopped,
  },
  rerun: {
    from: [
      S.inProgress,
      S.userInput,
      S.adminReview,
      S.adminConfirm,
      S.error,
      S.stopped,
      S.completed,
    ],
    to: S.inProgress,
  },
};

export const MISSION_EVENTS = Object.keys(MISSION_TRANSITIONS) as MissionEvent[];

/** The answer to a move: the status it leads to, or the message that refuses it. */
export type MissionMove =
  | { ok: true; to: MissionStatus }
  | { ok: false; refusal: 'mission.status_locked' | 'mission.status_mismatch' };

/**
 * Whether `event` may move a mission that is in `from`. A refusal says "Task status cannot be
 * modified" when the mission is stopped or completed (only a rerun moves it), else "Task status
 * does not match" (the event expects another status, e.g. a reply while no input is asked for).
 */
export function missionMove(event: MissionEvent, from: MissionStatus): MissionMove {
  const rule = MISSION_TRANSITIONS[event];
  if (rule.from.includes(from)) return { ok: true, to: rule.to };
  return {
    ok: false,
    refusal: MISSION_FINAL_STATUSES.includes(from)
      ? 'mission.status_locked'
      : 'mission.status_mismatch',
  };
}

/** Whether some event moves a mission from `from` to `to` (for screens: which actions to offer). */
export function canMoveMission(from: MissionStatus, to: MissionStatus): boolean {
  return MISSION_EVENTS.some((event) => {
    const rule = MISSION_TRANSITIONS[event];
    return rule.to === to && rule.from.includes(from);
  });
}

/** The events a mission in `status` accepts. */
export function missionEventsFrom(status: MissionStatus): MissionEvent[] {
  return MISSION_EVENTS.filter((event) => MISSION_TRANSITIONS[event].from.includes(status));
}

// --- who may see and act on a mission ------------------------------------------------------------

/**
 * Sees every user's missions (list, page, node runs, the owner filter), to find and judge those waiting
 * for review: an administrator, or whoever holds wujie:mission:review (the permission decides).
 */
export function seesEveryMission(actor: Actor): boolean {
  return actor.admin || reviewsMissions(actor);
}

/** Reviews and confirms missions: whoever holds wujie:mission:review (the admin flag alone does not). */
export function reviewsMissions(actor: Pick<Actor, 'permissions'>): boolean {
  return hasPermission(actor.permissions, PERMISSIONS.wujie.mission.review);
}

/** Acts on a mission of `ownerUserId` (stop, rerun, reply): its owner or an administrator. */
export function actsOnMission(actor: Actor, ownerUserId: number): boolean {
  return actor.admin || actor.userId === ownerUserId;
}

// --- inputs and limits ---------------------------------------------------------------------------

/** At most this many files per submission (spec §9: upload limit 5 files). */
export const MISSION_FILES_MAX = 5;
export const MISSION_TEXT_MAX = 20_000;
export const MISSION_PATCH_MAX = 20_000;
export const MISSION_FILE_NAME_MAX = 255;
/** Largest JSON (serialized) a node's inputs or outputs may be in the mission log. */
export const MISSION_JSON_MAX = 1_000_000;
/**
 * Largest structure (PDB atom records, trimmed) a mission carries from a chat attachment. It travels
 * in the node's context and the node's output repeats the chosen chain, both under MISSION_JSON_MAX
 * and the message bus's 1 MB; about 7000 atoms, a 900-residue antigen.
 */
export const MISSION_STRUCTURE_MAX = 400_000;

/** A structure the user attached (a PDB file in the chat): its file name and its atom records. */
export interface MissionStructure {
  name: string;
  pdb: string;
  /** Over MISSION_STRUCTURE_MAX: sent without its atoms, for the agent to say so. */
  tooLarge?: boolean;
}

/** What a user submits to a mission: content, files (stored names from /common/upload), a patch. */
export interface MissionInputs {
  /** The request in the user's words. */
  text?: string;
  /** Names of uploaded files (as /common/upload answered them). */
  files?: string[];
  /** A patch: text the agents apply (e.g. residues or an edit of an earlier result). */
  patch?: string;
  /** PDB files attached in the chat, as atom records (structure-based epitopes, design on a structure). */
  structures?: MissionStructure[];
}

/** Spec §5: a submission needs content, a file or a patch. */
export function hasMissionInput(inputs: MissionInputs | null | undefined): boolean {
  if (!inputs) return false;
  return (
    (inputs.text ?? '').trim() !== '' ||
    (inputs.files ?? []).some((f) => f.trim() !== '') ||
    (inputs.patch ?? '').trim() !== ''
  );
}

/** Sort fields the mission list accepts (`orderByColumn`). */
export const MISSION_SORT_FIELDS = [
  'id',
  'code',
  'name',
  'status',
  'createTime',
  'updateTime',
] as const;
export type MissionSortField = (typeof MISSION_SORT_FIELDS)[number];

// --- process variables of a mission run ------------------------------------------------------------

/** Variables a mission's process instance starts with (the agent worker reads them). */
export const MISSION_VARIABLES = {
  missionCode: 'missionCode',
  runId: 'runId',
  language: 'language',
  /** MissionInputs as a Json variable. */
  inputs: 'inputs',
} as const;
