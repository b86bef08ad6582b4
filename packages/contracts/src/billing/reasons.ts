import type { Language } from '../common/language';

/**
 * Why a ledger entry was written: one code per kind of change, shown to users in both languages
 * (the ledger lists the code and its text in the request's language). B (orders) and H (missions)
 * use the codes of their areas; a new code is added here.
 */
export const LEDGER_REASONS = {
  register: { zh: '注册赠送积分', en: 'Sign-up bonus' },
  bindPhone: { zh: '绑定手机号奖励', en: 'Phone binding reward' },
  realName: { zh: '实名认证奖励', en: 'Real-name verification reward' },
  inviter: { zh: '邀请好友奖励', en: 'Referral reward (friend invited)' },
  invitedRegister: { zh: '受邀注册奖励', en: 'Invited sign-up reward' },
  invitedRealName: { zh: '受邀用户实名认证奖励', en: 'Invited user real-name reward' },
  recharge: { zh: '积分充值', en: 'Points recharge' },
  rechargeRefund: { zh: '充值退款', en: 'Recharge refund' },
  adminAdd: { zh: '管理员增加积分', en: 'Points added by an administrator' },
  adminReduce: { zh: '管理员扣减积分', en: 'Points deducted by an administrator' },
  rewardDeduct: { zh: '异常邀请奖励扣回', en: 'Abnormal invitation reward deducted' },
  missionFreeze: { zh: '任务冻结积分', en: 'Points frozen for a task' },
  missionSettle: { zh: '任务消耗积分', en: 'Points spent on a task' },
  missionRelease: { zh: '任务积分解冻', en: 'Points released from a task' },
  frozenRestore: { zh: '管理员恢复冻结积分', en: 'Frozen points restored by an administrator' },
} as const satisfies Record<string, Record<Language, string>>;

export type LedgerReason = keyof typeof LEDGER_REASONS;

export const LEDGER_REASON_CODES = Object.keys(LEDGER_REASONS) as LedgerReason[];

export function isLedgerReason(value: string): value is LedgerReason {
  return Object.prototype.hasOwnProperty.call(LEDGER_REASONS, value);
}

/** The reason's text in a language; an unknown code (an older entry) shows as itself. */
export function ledgerReasonText(code: string, lang: Language): string {
  return isLedgerReason(code) ? LEDGER_REASONS[code][lang] : code;
}
