import { Transform } from 'class-transformer';
import { IsInt, Max, Min, NotEquals } from 'class-validator';

import { LEDGER_REASON_CODES } from '../billing/reasons';
import {
  INVALID,
  OptionalInt,
  OptionalOneOf,
  OptionalText,
  RequiredText,
  toNumber,
} from './admin/fields';
import { TimeRange } from './admin/paging.dto';
import { Required } from './decorators';

// Requests of the points ledger (issue 14): a user's account and entries (an administrator may name
// another user, the gateway checks wujie:user:points first) and the administrator's change.

/** Largest single change of points an administrator can make. */
export const ADMIN_POINTS_CHANGE_MAX = 10_000_000;

/** GET /wujie/points/account */
export class PointsAccountQuery {
  @OptionalInt(1)
  userId?: number;
}

/** GET /wujie/points/list */
export class PointsListQuery extends TimeRange {
  @OptionalInt(1)
  userId?: number;

  @OptionalOneOf(LEDGER_REASON_CODES)
  reason?: string;
}

/** POST /wujie/order/points/admin/change */
export class PointsAdminChangeBody {
  @Required()
  @Transform(toNumber)
  @IsInt(INVALID)
  @Min(1, INVALID)
  userId!: number;

  /** Positive adds, negative reduces. */
  @Required()
  @Transform(toNumber)
  @IsInt(INVALID)
  @NotEquals(0, { message: 'points.change_zero' })
  @Min(-ADMIN_POINTS_CHANGE_MAX, INVALID)
  @Max(ADMIN_POINTS_CHANGE_MAX, INVALID)
  points!: number;

  /** Why (kept as the entry's remark, shown to the user). */
  @RequiredText(200)
  reason!: string;

  /**
   * The client's id of this change (e.g. a UUID made when the dialog opened): a resubmission with
   * the same id changes nothing. Optional; without it every call is a new change.
   */
  @OptionalText(64)
  requestId?: string;
}

/** What the gateway adds to an administrator's change: who made it (from the session). */
export class PointsAdminChangeRpcBody extends PointsAdminChangeBody {
  @RequiredText(64)
  operator!: string;
}
