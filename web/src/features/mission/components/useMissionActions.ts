import type { MissionStatus } from '@platform/contracts';

import { useActor } from '../../../lib/auth';
import { type MissionActions, missionActions } from '../mission-actions';

/** The actions the signed-in user may take on a mission of `ownerUserId` in `status`; none until both are known. */
export function useMissionActions(
  status: MissionStatus | undefined,
  ownerUserId: number | undefined,
): MissionActions {
  const actor = useActor();
  if (!status || ownerUserId === undefined) {
    return { stop: false, rerun: false, reply: false, review: false };
  }
  return missionActions(status, actor, ownerUserId);
}
