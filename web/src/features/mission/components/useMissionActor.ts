import type { MissionStatus } from '@platform/contracts';

import { useSession } from '../../../lib/auth';
import { type MissionActions, missionActions } from '../mission-actions';

/** The actions the signed-in user may take on a mission in `status`. */
export function useMissionActions(status: MissionStatus | undefined): MissionActions {
  const permissions = useSession((state) => state.permissions);
  const admin = useSession((state) => state.user?.admin ?? false);
  if (!status) return { stop: false, rerun: false, reply: false, review: false };
  return missionActions(status, { permissions, admin });
}
