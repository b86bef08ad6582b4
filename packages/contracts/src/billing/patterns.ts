/**
 * Message patterns of the billing service's core (ledger, rewards, health); the gateway and other
 * services send them, the billing service handles them. Orders and missions have their own files.
 */
export const BILLING_PATTERNS = {
  health: 'billing.health',
  /** A caller's points account {balance, frozen} (an administrator may name another user). */
  account: 'billing.points.account',
  /** A page of a caller's ledger entries (an administrator may name another user). */
  entries: 'billing.points.list',
  /** An administrator adds (points > 0) or removes (points < 0) points of a user, with a reason. */
  adminChange: 'billing.points.admin-change',
  /** The reward amounts in force (parameters with their defaults). */
  rewardConfig: 'billing.reward.config-list',
  /** Proves balance = Σ points and frozen = Σ frozen for every account (admin / operations). */
  ledgerCheck: 'billing.ledger.check',
} as const;
