import {
  type MessageType,
  MISSION_STATUS,
  PLATFORM_EVENTS,
  type PlatformEvent,
} from '@platform/contracts';

/** Who an event's message goes to: its user, or an audience identity resolves (a notice). */
export type Audience = { userId: number } | { roleId: number } | { all: true };

/** The message an event becomes, before it is stored. */
export interface MessageDraft {
  type: MessageType;
  title: string;
  titleEn: string;
  content: string;
  contentEn: string;
  link: string;
  audience: Audience;
  /** Sent on the socket as is, beside the message's own frame (the invitation link's '1' / '0'). */
  extraPush?: string;
}

const text = (value: unknown, max = 5000): string =>
  typeof value === 'string' ? value.slice(0, max) : '';

/** A notice is rich text; the message shows its words only (tags and entities dropped). */
export function plainText(html: string, max = 5000): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);
}

/** Mission statuses a user hears about: the run ended, failed, or waits for them. */
const MISSION_NEWS: Record<string, { zh: string; en: string }> = {
  [MISSION_STATUS.completed]: { zh: '已完成', en: 'completed' },
  [MISSION_STATUS.error]: { zh: '执行出错', en: 'failed' },
  [MISSION_STATUS.userInput]: { zh: '等待您的输入', en: 'needs your input' },
  [MISSION_STATUS.stopped]: { zh: '已停止', en: 'was stopped' },
};

/**
 * The message of one platform event, or null when the event tells the user nothing (a mission that
 * merely started running) or is malformed. Texts are in both languages; the reader's language picks.
 */
export function draftOf(event: PlatformEvent): MessageDraft | null {
  const p = event.payload ?? {};
  const user = { userId: event.userId };
  switch (event.type) {
    case PLATFORM_EVENTS.realNameVerified:
      return {
        type: 'realname',
        title: '实名认证已通过',
        titleEn: 'Real-name authentication approved',
        content: '您的实名认证已通过审核。',
        contentEn: 'Your real-name authentication has been approved.',
        link: '/user/profile',
        audience: user,
      };
    case PLATFORM_EVENTS.realNameRejected: {
      const reason = text(p.reason, 500);
      const reasonEn = text(p.reasonEn, 500) || reason;
      return {
        type: 'realname',
        title: '实名认证未通过',
        titleEn: 'Real-name authentication rejected',
        content: reason ? `原因：${reason}` : '您的实名认证未通过审核。',
        contentEn: reasonEn
          ? `Reason: ${reasonEn}`
          : 'Your real-name authentication was not approved.',
        link: '/user/profile',
        audience: user,
      };
    }
    case PLATFORM_EVENTS.inviteLinkChanged: {
      const enabled = Number(p.linkStatus) === 1;
      return {
        type: 'link',
        title: enabled ? '您的邀请链接已启用' : '您的邀请链接已停用',
        titleEn: enabled ? 'Your invitation link was enabled' : 'Your invitation link was disabled',
        content: enabled ? '管理员已启用您的邀请链接。' : '管理员已停用您的邀请链接。',
        contentEn: enabled
          ? 'An administrator enabled your invitation link.'
          : 'An administrator disabled your invitation link.',
        link: '/user/promotion',
        audience: user,
        extraPush: enabled ? '1' : '0',
      };
    }
    case PLATFORM_EVENTS.noticePublished: {
      const title = text(p.title, 200);
      if (!title) return null;
      const content = plainText(text(p.content, 200_000));
      const roleId = Number(p.roleId);
      return {
        type: 'notice',
        title,
        titleEn: text(p.titleEn, 200) || title,
        content,
        contentEn: text(p.contentEn) ? plainText(text(p.contentEn, 200_000)) : content,
        link: '',
        audience: Number.isInteger(roleId) && roleId > 0 ? { roleId } : { all: true },
      };
    }
    case PLATFORM_EVENTS.serviceRequested: {
      // A user asked for service or wrote to the administrators (issue 30): their role is told.
      const roleId = Number(p.roleId);
      if (!Number.isInteger(roleId) || roleId < 1) return null;
      const who = text(p.userName, 100) || String(event.userId);
      const contact = text(p.contact, 300);
      const said = text(p.content, 1000);
      const service = p.kind !== 'message';
      return {
        type: 'system',
        title: service ? `用户 ${who} 请求服务` : `用户 ${who} 的留言`,
        titleEn: service ? `${who} asks for service` : `Message from ${who}`,
        content: [contact ? `联系方式：${contact}` : '', said].filter(Boolean).join('\n') || who,
        contentEn: [contact ? `Contact: ${contact}` : '', said].filter(Boolean).join('\n') || who,
        link: '/system/user',
        audience: { roleId },
      };
    }
    case PLATFORM_EVENTS.pointsCredited: {
      const points = Number(p.points);
      if (!Number.isFinite(points)) return null;
      const reason = text(p.reason, 200);
      const reasonEn = text(p.reasonEn, 200) || reason;
      return {
        type: 'points',
        title: `积分到账 +${points}`,
        titleEn: `Points credited +${points}`,
        content: reason ? `${reason}：+${points} 积分` : `+${points} 积分`,
        contentEn: reasonEn ? `${reasonEn}: +${points} points` : `+${points} points`,
        link: '/wujie/recharge',
        audience: user,
      };
    }
    case PLATFORM_EVENTS.orderStatusChanged: {
      const orderNo = text(p.orderNo, 64);
      const status = text(p.status, 64);
      if (!orderNo || !status) return null;
      return {
        type: 'order',
        title: '订单状态更新',
        titleEn: 'Order status changed',
        content: `订单 ${orderNo}：${status}`,
        contentEn: `Order ${orderNo}: ${text(p.statusEn, 64) || status}`,
        link: '/wujie/recharge',
        audience: user,
      };
    }
    case PLATFORM_EVENTS.missionStatusChanged: {
      const news = MISSION_NEWS[text(p.status, 32)];
      const code = text(p.missionCode, 64);
      if (!news || !code) return null;
      const name = text(p.name, 100);
      const nameEn = text(p.nameEn, 100) || name;
      return {
        type: 'mission',
        title: `任务${name ? `「${name}」` : ` ${code} `}${news.zh}`,
        titleEn: `Mission ${nameEn ? `"${nameEn}"` : code} ${news.en}`,
        content: `任务编号 ${code}`,
        contentEn: `Mission ${code}`,
        link: `/mission/info?code=${encodeURIComponent(code)}`,
        audience: user,
      };
    }
    case PLATFORM_EVENTS.bpmTaskAssigned: {
      const instanceId = text(p.processInstanceId, 64);
      if (!instanceId) return null;
      const task = text(p.taskName, 100);
      const process = text(p.processName, 100);
      return {
        type: 'system',
        title: `新的待办：${task}`,
        titleEn: `New task to do: ${task}`,
        content: `流程「${process}」等待你处理`,
        contentEn: `The process "${process}" is waiting for you`,
        link: `/bpm/process-instance/detail?id=${encodeURIComponent(instanceId)}`,
        audience: user,
      };
    }
    default:
      return null;
  }
}
