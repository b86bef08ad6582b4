import {
  type Actor,
  actsOnMission,
  canMoveMission,
  MISSION_STATUS,
  missionMove,
  type MissionStatus,
  PERMISSIONS,
  reviewsMissions,
} from '@platform/contracts';

import { hasPermi } from '../../lib/auth';

// Which actions a user is offered on a mission: the contracts' transition table decides what the
// status allows (the service enforces the same table), the user's permissions and role the rest:
// stop, rerun and reply are the owner's (and an administrator's); review is whoever holds its
// permission, on anyone's mission (a reviewer sees every mission but acts on no other).

const M = PERMISSIONS.wujie.mission;

export interface MissionActions {
  stop: boolean;
  /** Rerun from a node. */
  rerun: boolean;
  /** Answer an agent's question (the mission waits for user input). */
  reply: boolean;
  /** Approve or reject (the mission waits for an administrator's review or confirmation). */
  review: boolean;
}

const held = (actor: Actor, permission: string) => hasPermi(actor.permissions, permission);

export function missionActions(
  status: MissionStatus,
  actor: Actor,
  ownerUserId: number,
): MissionActions {
  const actsOnIt = actsOnMission(actor, ownerUserId);
  return {
    stop: actsOnIt && held(actor, M.stop) && canMoveMission(status, MISSION_STATUS.stopped),
    rerun: actsOnIt && held(actor, M.rerun) && missionMove('rerun', status).ok,
    // The gateway lets a reply through with the start permission (the owner's own mission).
    reply: actsOnIt && held(actor, M.add) && missionMove('reply', status).ok,
    review: reviewsMissions(actor) && missionMove('approve', status).ok,
  };
}

/** Statuses of the review queue. */
export const REVIEW_STATUSES: readonly MissionStatus[] = [
  MISSION_STATUS.adminReview,
  MISSION_STATUS.adminConfirm,
];
