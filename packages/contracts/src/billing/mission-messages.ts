// Messages of mission costs and of the admin user actions of the wujie area (issue 14), merged into MESSAGES.
export const MISSION_BILLING_MESSAGES = {
  'mission.points_insufficient': {
    zh: '积分不足，无法发起任务：该任务需要 {required} 积分，当前可用 {balance} 积分，请先充值',
    en: 'Not enough points to start this task: it costs {required} points and {balance} are available; please recharge first',
  },
  'mission.price_unavailable': {
    zh: '暂时无法确定任务价格，请稍后重试',
    en: 'The price of the task cannot be determined right now, please try again later',
  },
  'mission.hold_ended': {
    zh: '该任务运行的冻结积分已结算或已解冻',
    en: 'The points frozen for this task run were already settled or released',
  },
  'invitation.flag_not_found': {
    zh: '异常邀请记录不存在',
    en: 'The abnormal invitation does not exist',
  },
  'invitation.flag_closed': {
    zh: '该异常邀请已处理',
    en: 'This abnormal invitation has already been handled',
  },
  'user.link_status_invalid': {
    zh: '邀请链接状态只能是 1（启用）或 0（停用）',
    en: 'The invitation link status must be 1 (enabled) or 0 (disabled)',
  },
} as const;
