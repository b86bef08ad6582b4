import { MISSION_LOG_STATUS_DICT, MISSION_STATUS_DICT } from '@platform/contracts';

import { DictTag } from '../../../hooks/useDict';

/** A mission's status with its label and colour from the dictionary `wujie_mission_status`. */
export function MissionStatusTag({ status }: { status: string }) {
  return <DictTag type={MISSION_STATUS_DICT} value={status} />;
}

/** A node run's status from the dictionary `wujie_mission_log_status`. */
export function NodeStatusTag({ status }: { status: string }) {
  return <DictTag type={MISSION_LOG_STATUS_DICT} value={status} />;
}
