// Messages of the billing core (ledger, rewards), merged into MESSAGES.
export const BILLING_MESSAGES = {
  'points.insufficient': {
    zh: '积分不足（可用 {balance}，需要 {required}）',
    en: 'Not enough points (available {balance}, required {required})',
  },
  'points.frozen_insufficient': {
    zh: '冻结积分不足（冻结 {frozen}，需要 {required}）',
    en: 'Not enough frozen points (frozen {frozen}, required {required})',
  },
  'points.change_zero': {
    zh: '变动积分不能为0',
    en: 'The change of points cannot be 0',
  },
  'points.reason_required': { zh: '请填写变动原因', en: 'Please give a reason for the change' },
  'billing.unavailable': {
    zh: '计费服务暂时不可用，请稍后重试',
    en: 'The billing service is not available, please try again later',
  },
} as const;
