/**
 * The referral page (/user/promotion, issue 14): the signed-in user's own invitation code, link
 * status and invited users, answered by identity; the gateway adds the rewards billing paid.
 */
export const PROMOTION_PATTERNS = {
  /** The caller's invitation code, link status and how many users signed up through it. */
  mine: 'identity.user.promotion',
  /** A page of the users who signed up through the caller's code (never anyone else's). */
  invited: 'identity.user.promotion.invited',
} as const;

/** Identity's part of GET /wujie/user/promotion. */
export interface PromotionIdentityView {
  userId: number;
  inviteCode: string;
  /** 1 enabled, 0 disabled by an administrator. */
  linkStatus: 0 | 1;
  invitedCount: number;
}

/** GET /wujie/user/promotion. */
export interface PromotionView extends PromotionIdentityView {
  /** Points received as referral rewards (inviter and invited), net of deductions. */
  rewardsEarned: number;
}

/** One row of GET /wujie/user/promotion/invited: what the inviter may see of an invited user. */
export interface InvitedUserView {
  userId: number;
  nickName: string;
  /** ISO time of the sign-up. */
  createTime: string;
  /** 0 unauthenticated, 1 authenticated. */
  realNameStatus: number;
}
