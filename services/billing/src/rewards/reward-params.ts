import type { LedgerReason } from '@platform/contracts';

/**
 * The reward amounts: identity system parameters (System → Parameters, editable by administrators),
 * with these defaults when a parameter is unset or not a whole number ≥ 0. 0 turns a reward off.
 * points.invite.register / points.invite.realName (seeded with identity) are the invited user's
 * rewards; points.invite.inviter (migration BillingRewards) is the inviter's, per invited user.
 */
export const REWARD_PARAMS = [
  { key: 'points.register.free', reason: 'register', defaultPoints: 100 },
  { key: 'points.bindPhone.reward', reason: 'bindPhone', defaultPoints: 50 },
  { key: 'points.realName.reward', reason: 'realName', defaultPoints: 100 },
  { key: 'points.invite.inviter', reason: 'inviter', defaultPoints: 100 },
  { key: 'points.invite.register', reason: 'invitedRegister', defaultPoints: 50 },
  { key: 'points.invite.realName', reason: 'invitedRealName', defaultPoints: 100 },
] as const satisfies readonly { key: string; reason: LedgerReason; defaultPoints: number }[];

export type RewardReason = (typeof REWARD_PARAMS)[number]['reason'];

/** A parameter's text as an amount: a whole number from 0 to 1,000,000, else the default. */
export function rewardAmount(value: string | null | undefined, fallback: number): number {
  const text = (value ?? '').trim();
  if (!/^\d{1,7}$/.test(text)) return fallback;
  const n = Number(text);
  return n <= 1_000_000 ? n : fallback;
}
