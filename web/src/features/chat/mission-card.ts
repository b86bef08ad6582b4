import {
  canMoveMission,
  type Language,
  MISSION_ACTIVE_STATUSES,
  MISSION_STATUS as S,
  type MissionStatus,
  type MissionWaitView,
} from '@platform/contracts';

// What a mission card in the chat shows, from the mission's status (spec §4 "Task states in chat"),
// and how an agentStatus push (read by features/mission/agent-status) moves it. The server stays the
// source of truth: a push moves the card at once when the transition table allows that move, and the
// card then reads the mission again.

/** The card's state: one per status a user can meet in the chat. */
export type CardPhase =
  'computing' | 'userInput' | 'adminReview' | 'adminConfirm' | 'error' | 'stopped' | 'completed';

const PHASES: Record<MissionStatus, CardPhase> = {
  [S.notStarted]: 'computing',
  [S.inProgress]: 'computing',
  [S.userInput]: 'userInput',
  [S.adminReview]: 'adminReview',
  [S.adminConfirm]: 'adminConfirm',
  [S.error]: 'error',
  [S.stopped]: 'stopped',
  [S.completed]: 'completed',
};

export function phaseOf(status: MissionStatus): CardPhase {
  return PHASES[status];
}

/** Whether the mission still runs or waits (the card follows it; a final one only moves by a rerun). */
export function isLive(status: MissionStatus): boolean {
  return MISSION_ACTIVE_STATUSES.includes(status);
}

/**
 * The status a card shows after a push: the pushed one when the transition table allows the move
 * (or it is the same), else the current one (a late push after the mission moved on).
 */
export function statusAfterPush(current: MissionStatus, pushed: MissionStatus): MissionStatus {
  return pushed === current || canMoveMission(current, pushed) ? pushed : current;
}

/** What the mission asks the user (or the review it waits for), in the language shown. */
export function waitingQuestion(
  waiting: MissionWaitView | null | undefined,
  lang: Language,
): string {
  const [first, second] =
    lang === 'en'
      ? [waiting?.questionEn, waiting?.question]
      : [waiting?.question, waiting?.questionEn];
  return first || second || '';
}
