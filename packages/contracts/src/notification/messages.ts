/** Errors of the notification service, in both languages. */
export const NOTIFICATION_MESSAGES = {
  'message.audience_required': {
    zh: '请选择接收人：用户、角色或全部用户（只选其一）',
    en: 'Choose the recipients: a user, a role or everyone (exactly one)',
  },
  'message.no_recipients': {
    zh: '没有可接收消息的用户',
    en: 'No user can receive this message',
  },
  'message.audience_too_large': {
    zh: '接收人过多，请缩小范围',
    en: 'Too many recipients, please narrow the audience',
  },
  'message.read_target_required': {
    zh: '请选择要标记的消息，或标记全部',
    en: 'Choose the messages to mark, or mark all',
  },
} as const;
