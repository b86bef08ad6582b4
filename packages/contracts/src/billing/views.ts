import type { LedgerReason } from './reasons';

/** What the billing service's health answer carries (gateway /prod-api/health, checks.mysql.billing). */
export interface BillingHealthView {
  service: 'billing';
  mysql: 'UP' | 'DOWN';
  uptimeSeconds: number;
}

/** A user's points account (GET /wujie/points/account). */
export interface PointsAccountView {
  userId: number;
  /** Points available to spend. */
  balance: number;
  /** Points held by running tasks (frozen, not yet spent). */
  frozen: number;
}

/** What a ledger entry references. */
export type LedgerReferenceType = 'order' | 'mission' | 'reward' | 'referral' | 'admin';

/** One ledger entry (GET /wujie/points/list); `points` and `frozen` are signed. */
export interface PointsEntryView {
  id: number;
  userId: number;
  /** Signed change of the available balance (negative spends). */
  points: number;
  /** Signed change of the frozen points. */
  frozen: number;
  balanceAfter: number;
  frozenAfter: number;
  reason: LedgerReason | string;
  /** The reason in the request's language. */
  reasonText: string;
  refType: LedgerReferenceType;
  refId: string;
  operator: string;
  remark: string | null;
  /** ISO time. */
  createTime: string;
}

/** One reward amount in force (GET /wujie/reward/config/list). */
export interface RewardConfigView {
  /** The sys_config key (editable by administrators under System → Parameters). */
  key: string;
  /** The ledger reason the reward is paid with. */
  reason: LedgerReason;
  name: string;
  points: number;
  /** The amount when the parameter is not set. */
  defaultPoints: number;
}

/** The ledger check's answer: every account whose balance or frozen differs from its entries. */
export interface LedgerCheckView {
  accounts: number;
  entries: number;
  mismatches: {
    userId: number;
    balance: number;
    sumPoints: number;
    frozen: number;
    sumFrozen: number;
  }[];
}
