// Messages of the playground (issue 13), merged into MESSAGES. Empty inputs are refused with
// mission.inputs_required, the spec's one wording for it.
export const PLAYGROUND_MESSAGES = {
  'playground.agent_not_found': {
    zh: '智能体不存在或已停用',
    en: 'The agent does not exist or is disabled',
  },
  'playground.worker_unavailable': {
    zh: '智能体运行服务暂不可用，请稍后再试',
    en: 'No agent worker is running, please try again later',
  },
  'playground.run_timeout': {
    zh: '智能体在 {seconds} 秒内没有完成',
    en: 'The agent did not finish within {seconds} s',
  },
} as const;
