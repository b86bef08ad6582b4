/**
 * Message patterns of mission costs and of the wujie area's admin user actions (issue 14, billing).
 * The workflow service sends the mission ones (freeze at start, settle or release at the end, through
 * its durable outbox); the gateway sends the others. The billing service handles them all.
 */
export const BILLING_MISSION_PATTERNS = {
  /** Freezes a mission run's price (points → frozen); refused with `mission.points_insufficient`. */
  freeze: 'billing.mission.freeze',
  /** The run completed (or stopped after a node finished): its frozen points are spent. */
  settle: 'billing.mission.settle',
  /** The run stopped before any node finished, or failed on the platform's side: points back. */
  release: 'billing.mission.release',
  /** An administrator releases a user's frozen points that no running mission holds. */
  restoreFrozen: 'billing.points.restore-frozen',
  /** Balance, frozen and rewards earned of a page of users (the admin user page). */
  summaries: 'billing.points.summaries',
  /** Abnormal invitations flagged for the administrator (a page). */
  invitationFlags: 'billing.invitation.flags',
  /** The administrator deducts the rewards a flagged invitation paid (idempotent). */
  invitationDeduct: 'billing.invitation.deduct',
  /** The administrator dismisses a flag (nothing deducted). */
  invitationDismiss: 'billing.invitation.dismiss',
} as const;

/** Patterns the workflow service handles for billing's admin actions (sent by the gateway). */
export const WORKFLOW_BILLING_PATTERNS = {
  /** Codes of a user's missions that are running (active statuses): their holds stay frozen. */
  runningMissionCodes: 'workflow.mission.running-codes',
} as const;

/** Patterns identity handles for the admin user page of the wujie area (sent by the gateway). */
export const IDENTITY_WUJIE_PATTERNS = {
  /** A page of users with their link status, invite code, invited count and real-name status. */
  userList: 'identity.wujie.user.list',
  /** Enables (1) or disables (0) a user's invitation link; the change goes to identity's outbox. */
  linkStatus: 'identity.wujie.user.link-status',
} as const;

/** Identity's part of one row of the admin user page. */
export type WujieUserIdentityView = Omit<
  WujieUserView,
  'balance' | 'frozen' | 'rewardsEarned' | 'openFlags'
>;

/** Status of the hold a mission run keeps on its owner's points. */
export const MISSION_HOLD_STATUS = {
  held: 'held',
  settled: 'settled',
  released: 'released',
} as const;
export type MissionHoldStatus = (typeof MISSION_HOLD_STATUS)[keyof typeof MISSION_HOLD_STATUS];

/** The system parameter (sys_config) with the price of a workflow that has none of its own. */
export const MISSION_PRICE_PARAM = 'wujie.mission.price';
/** The price when the parameter is not set: missions are free until an administrator sets one. */
export const MISSION_PRICE_DEFAULT = 0;
/** Upper bound of a workflow's price (points). */
export const MISSION_PRICE_MAX = 1_000_000;

/** Idempotency key of the ledger entry of one action on one run of a mission. */
export function missionLedgerKey(
  missionCode: string,
  runId: string,
  action: 'freeze' | 'settle' | 'release' | 'restore',
): string {
  return `mission:${missionCode}:${runId}:${action}`;
}

/** The hold of one mission run as billing answers it. */
export interface MissionHoldView {
  missionCode: string;
  runId: string;
  userId: number;
  points: number;
  status: MissionHoldStatus;
  /** False when the call repeated one already applied (or found the hold already ended). */
  applied: boolean;
  balance: number;
  frozen: number;
}

/** What the administrator's restore of frozen points did. */
export interface FrozenRestoreView {
  userId: number;
  /** Points moved back from frozen to the balance. */
  restored: number;
  /** Frozen points left: held by the user's running missions. */
  held: number;
  balance: number;
  frozen: number;
}

/** Billing's part of one row of the admin user page. */
export interface PointsSummaryView {
  userId: number;
  balance: number;
  frozen: number;
  /** Points received as referral rewards (inviter and invited), net of deductions. */
  rewardsEarned: number;
  /** Open abnormal-invitation flags where this user is the inviter. */
  openFlags: number;
}

/** Status of an abnormal-invitation flag. */
export const INVITATION_FLAG_STATUS = {
  open: 'open',
  deducted: 'deducted',
  dismissed: 'dismissed',
} as const;
export type InvitationFlagStatus =
  (typeof INVITATION_FLAG_STATUS)[keyof typeof INVITATION_FLAG_STATUS];

/** Sign-ups through one inviter from one address or device within the window that raise a flag. */
export const INVITATION_FLAG_RULE = { windowMinutes: 60, threshold: 3 } as const;

/** An abnormal invitation: several sign-ups through one inviter from one address or device. */
export interface InvitationFlagView {
  id: number;
  inviterId: number;
  /** 'ip' or 'device'. */
  kind: 'ip' | 'device';
  /** The address or device id the sign-ups share. */
  source: string;
  /** The invited users (ids) seen from that source in the window. */
  invitedUserIds: number[];
  status: InvitationFlagStatus;
  /** Points deducted when the administrator deducted the rewards. */
  deductedPoints: number;
  operator: string;
  createTime: string;
  updateTime: string;
}

/** One row of the admin user page of the wujie area (identity's user joined with billing's account). */
export interface WujieUserView {
  userId: number;
  userName: string;
  nickName: string;
  phonenumber: string | null;
  email: string | null;
  companyName: string | null;
  createTime: string;
  /** 1 enabled, 0 disabled by an administrator. */
  linkStatus: 0 | 1;
  inviteCode: string;
  /** Users who signed up through this user's link. */
  invitedCount: number;
  /** Real-name authentication: 0 none, 1 verified (identity's sys_user.real_name_status). */
  realNameStatus: number;
  balance: number;
  frozen: number;
  rewardsEarned: number;
  openFlags: number;
}
