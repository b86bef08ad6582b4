import { Transform } from 'class-transformer';
import { IsArray, IsInt, IsISO8601, IsString, Max, Min } from 'class-validator';

import { INVITATION_FLAG_STATUS, MISSION_PRICE_MAX } from '../billing/mission-patterns';
import {
  Id,
  IdList,
  INVALID,
  OptionalInt,
  OptionalOneOf,
  OptionalText,
  RequiredText,
  toNumber,
} from './admin/fields';
import { PageQueryBody } from './admin/paging.dto';
import { OneOf } from './decorators';

/** One run of a mission (billing's hold is keyed by both). */
export class MissionHoldRefBody {
  @RequiredText(64)
  missionCode!: string;

  @RequiredText(64)
  runId!: string;
}

/** The workflow service freezes a run's price on its owner's points before the run starts. */
export class MissionFreezeBody extends MissionHoldRefBody {
  @Id()
  userId!: number;

  @Transform(toNumber)
  @IsInt(INVALID)
  @Min(1, INVALID)
  @Max(MISSION_PRICE_MAX, INVALID)
  points!: number;
}

/** The administrator releases a user's frozen points no running mission holds. */
export class FrozenRestoreBody {
  @Id()
  userId!: number;
}

/**
 * What the gateway sends billing for a restore: the user, the codes of the user's running missions
 * (asked of the workflow service) and the time it asked (holds created after it are kept too).
 */
export class FrozenRestoreRpcBody extends FrozenRestoreBody {
  @IsArray(INVALID)
  @IsString({ ...INVALID, each: true })
  runningMissionCodes!: string[];

  @IsISO8601({}, INVALID)
  askedAt!: string;
}

/** Billing's summary of a page of users. */
export class PointsSummariesBody {
  @IdList(200)
  userIds!: number[];
}

/** The administrator's list of abnormal invitations. */
export class InvitationFlagListQuery extends PageQueryBody {
  @OptionalOneOf(Object.values(INVITATION_FLAG_STATUS))
  status?: string;

  @OptionalInt(1)
  inviterId?: number;
}

export class InvitationFlagIdBody {
  @Id()
  flagId!: number;

  @OptionalText(255)
  remark?: string;
}

/** The admin user page of the wujie area (GET /wujie/user/list). */
export class WujieUserListQuery extends PageQueryBody {
  @OptionalText(64)
  userName?: string;

  @OptionalText(20)
  phonenumber?: string;

  @OptionalInt(0, 1)
  linkStatus?: number;
}

/** PUT /wujie/user/linkStatus: the administrator enables (1) or disables (0) a user's link. */
export class LinkStatusBody {
  @Id()
  userId!: number;

  @Transform(toNumber)
  @OneOf([0, 1])
  linkStatus!: 0 | 1;
}

/** A user named by an internal call (the workflow service answers the codes of their running missions). */
export class UserIdBody {
  @Id()
  userId!: number;
}
