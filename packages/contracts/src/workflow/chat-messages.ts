// Messages of conversations with the assistant (issue 13), merged into MESSAGES. A message with no
// content, file or patch is refused with mission.inputs_required, the spec's one wording for it.
export const CHAT_MESSAGES = {
  'chat.not_found': { zh: '对话不存在', en: 'The conversation does not exist' },
  'chat.file_not_found': {
    zh: '附件“{name}”不存在，请重新上传',
    en: 'The attachment "{name}" does not exist; please upload it again',
  },
  'chat.file_invalid': {
    zh: '附件“{name}”不是有效的 {type} 文本文件',
    en: 'The attachment "{name}" is not a valid {type} text file',
  },
  'chat.reply_failed': {
    zh: '助手回复失败，请稍后再试',
    en: 'The assistant could not reply, please try again later',
  },
  'chat.workflow_missing': {
    zh: '“{name}”工作流尚未上线，暂时无法发起该任务',
    en: 'The "{name}" workflow is not online yet, so this mission cannot be started for now',
  },
} as const;
