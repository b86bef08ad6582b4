import type { MissionActor, MissionStatus } from '@platform/contracts';

import { useSession } from '../../../lib/auth';
import { type MissionActions, missionActions } from '../mission-actions';

/** The actions the signed-in user may take on a mission of `ownerUserId` in `status`; none until both are known. */
export function useMissionActions(
  status: MissionStatus | undefined,
  ownerUserId: number | undefined,
): MissionActions {
  const actor = useMissionActor();
  if (!status || ownerUserId === undefined) {
    return { stop: false, rerun: false, reply: false, review: false };
  }
  return missionActions(status, actor, ownerUserId);
}

export function useMissionActor(): MissionActor {
  const permissions = useSession((state) => state.permissions);
  const admin = useSession((state) => state.user?.admin ?? false);
  const userId = useSession((state) => state.user?.userId ?? 0);
  return { permissions, admin, userId };
}
