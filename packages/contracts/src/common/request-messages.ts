import type { Language } from './language';

/**
 * The messages a client's request layer shows by itself (a refused, timed-out or repeated request, an
 * expired session), part of MESSAGES. A module of their own so that the web app's first download carries
 * these few instead of the whole catalogue (issue 20: what a phone loads before the sign-in page shows).
 */
export const REQUEST_MESSAGES = {
  'http.401': {
    zh: '认证失败，无法访问系统资源',
    en: 'Authentication failed, cannot access system resources',
  },
  'http.403': { zh: '当前操作没有权限', en: 'Current operation has no permission' },
  'http.404': { zh: '访问资源不存在', en: 'Resource does not exist' },
  'http.500': {
    zh: '系统未知错误，请反馈给管理员',
    en: 'System unknown error, please report to the administrator',
  },
  'http.timeout': {
    zh: '服务暂时无响应，请稍后重试',
    en: 'The service did not answer in time, please try again later',
  },
  'http.unavailable': {
    zh: '服务暂时不可用，请稍后重试',
    en: 'The service is temporarily unavailable, please try again',
  },
  'auth.login_expired': {
    zh: '登录状态已过期，您可以继续留在该页面，或者重新登录',
    en: 'Login expired, you can stay on this page or re-login',
  },
  'request.duplicate': {
    zh: '数据正在处理，请勿重复提交',
    en: 'Data processing, please do not resubmit',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type RequestMessageKey = keyof typeof REQUEST_MESSAGES;

/** Fills the `{name}` placeholders of a message from params; unknown names stay as written. */
export function fillPlaceholders(
  template: string,
  params: Record<string, string | number> = {},
): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** A request-layer message in a language (renderMessage, without loading the whole catalogue). */
export function renderRequestMessage(key: RequestMessageKey, lang: Language): string {
  return REQUEST_MESSAGES[key][lang];
}
