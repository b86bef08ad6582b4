/**
 * Real-name authentication (spec §3 certName/certNo, §4 unauthenticated/authenticated, §5 "name and ID
 * number required", §7 /ali/identity/*): the rules shared by the server and the web form, the shapes the
 * API answers, and the message patterns between the gateway and identity.
 */

/** Message patterns of real-name authentication (gateway → identity). */
export const REALNAME_PATTERNS = {
  /** A one-time AES key the browser encrypts certName and certNo with. */
  key: 'identity.realname.key',
  /** The caller submits their name and ID number (encrypted): a pending request. */
  certify: 'identity.realname.certify',
  /** Alipay: starts the certification of the caller's pending request, answers the certify URL. */
  url: 'identity.realname.url',
  /** The phone's return page hands back the one-time code of the return URL; identity asks Alipay. */
  callback: 'identity.realname.callback',
  /** The caller's status (polled by the PC while Alipay certifies). */
  result: 'identity.realname.result',
  /** Administrators: requests waiting for review, approve, reject. */
  list: 'identity.realname.list',
  approve: 'identity.realname.approve',
  reject: 'identity.realname.reject',
} as const;

/** Status of one request. */
export const REALNAME_REQUEST_STATUS = {
  pending: 0,
  verified: 1,
  rejected: 2,
} as const;
export type RealNameRequestStatus =
  (typeof REALNAME_REQUEST_STATUS)[keyof typeof REALNAME_REQUEST_STATUS];

/** How a request is confirmed: by Alipay's face certification, or by an administrator's review. */
export type RealNameChannel = 'alipay' | 'manual';

/**
 * Wire format of certName and certNo from the browser: base64 of iv (12 bytes) || AES-256-GCM
 * ciphertext || tag (16 bytes), under the one-time key of `GET /ali/identity/key` (its keyId is sent
 * beside). The key lives 10 minutes and opens one submission.
 */
export const REALNAME_CIPHER = { ivBytes: 12, tagBytes: 16, keyBytes: 32 } as const;

export interface RealNameKeyView {
  keyId: string;
  /** base64 of 32 random bytes. */
  key: string;
}

/** The caller's real-name state (GET /ali/identity/result); names and numbers only masked. */
export interface RealNameResultView {
  /** 0 unauthenticated, 1 authenticated (the user's flag). */
  realNameStatus: 0 | 1;
  /** The latest request: none, pending, verified or rejected. */
  state: 'none' | 'pending' | 'verified' | 'rejected';
  channel: RealNameChannel;
  /** Masked name (张*) and ID number (1101********1234) of the latest request. */
  certName?: string;
  certNo?: string;
  /** Why an administrator rejected, in the request's language. */
  reason?: string;
  /** Alipay: a certify URL was made and the PC waits for the phone. */
  started?: boolean;
}

export interface RealNameCertifyView {
  requestId: number;
  channel: RealNameChannel;
}

export interface RealNameUrlView {
  /** Alipay's certify page (shown as a QR code on the PC). */
  url: string;
}

export interface RealNameCallbackView {
  /** True only when Alipay confirmed the certification (signed answer of the query API). */
  passed: boolean;
}

/** One request in the administrators' review list (masked). */
export interface RealNameRequestView {
  id: number;
  userId: number;
  userName: string;
  certName: string;
  certNo: string;
  channel: RealNameChannel;
  status: RealNameRequestStatus;
  reason: string | null;
  reviewedBy: string | null;
  createTime: string;
  reviewTime: string | null;
}

export const REALNAME_NAME_MAX = 50;
export const REALNAME_REASON_MAX = 200;

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK_CODES = '10X98765432';

/** What is wrong with a mainland resident ID number, or null when it is valid. */
export type IdNumberProblem = 'required' | 'length' | 'format' | 'date' | 'checksum';

/**
 * Checks a resident ID number (GB 11643-1999): 18 characters, 17 digits and a digit or X, a real birth
 * date not in the future, and the ISO 7064 MOD 11-2 check character.
 */
export function idNumberProblem(
  value: string | null | undefined,
  today = new Date(),
): IdNumberProblem | null {
  const id = (value ?? '').trim().toUpperCase();
  if (!id) return 'required';
  if (id.length !== 18) return 'length';
  if (!/^\d{17}[\dX]$/.test(id)) return 'format';
  const year = Number(id.slice(6, 10));
  const month = Number(id.slice(10, 12));
  const day = Number(id.slice(12, 14));
  const birth = new Date(Date.UTC(year, month - 1, day));
  if (
    year < 1900 ||
    birth.getUTCFullYear() !== year ||
    birth.getUTCMonth() !== month - 1 ||
    birth.getUTCDate() !== day ||
    birth.getTime() > today.getTime()
  )
    return 'date';
  const sum = ID_WEIGHTS.reduce((total, weight, i) => total + weight * Number(id[i]), 0);
  return ID_CHECK_CODES[sum % 11] === id[17] ? null : 'checksum';
}

export function isValidIdNumber(value: string | null | undefined): boolean {
  return idNumberProblem(value) === null;
}

/** A name as the user typed it, trimmed; null when it is empty or not a plausible name. */
export function normalizeCertName(value: string | null | undefined): string | null {
  const name = (value ?? '').trim().replace(/\s+/g, ' ');
  if (!name || [...name].length > REALNAME_NAME_MAX) return null;
  // Letters of any script, the middle dot of transcribed names, spaces, hyphens and apostrophes.
  return /^[\p{L}\p{M}·・.\- ']+$/u.test(name) ? name : null;
}

/** 张三 → 张*, 欧阳娜娜 → 欧***: the first character, then one star per character. */
export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length === 0) return '';
  return chars[0] + '*'.repeat(Math.max(1, chars.length - 1));
}

/** 110101199003071234 → 1101********1234: four characters each end, eight stars between. */
export function maskIdNumber(id: string): string {
  if (id.length <= 8) return '*'.repeat(id.length);
  return `${id.slice(0, 4)}********${id.slice(-4)}`;
}

/** Errors of real-name authentication, in both languages. */
export const REALNAME_MESSAGES = {
  'realname.name_required': { zh: '姓名不能为空', en: 'Name cannot be empty' },
  'realname.name_invalid': {
    zh: '姓名格式不正确',
    en: 'The name is not valid',
  },
  'realname.id_required': { zh: '身份证号不能为空', en: 'ID number cannot be empty' },
  'realname.id_length': {
    zh: '身份证号须为 18 位',
    en: 'The ID number must have 18 characters',
  },
  'realname.id_format': {
    zh: '身份证号只能由 17 位数字和 1 位数字或 X 组成',
    en: 'The ID number is 17 digits followed by a digit or X',
  },
  'realname.id_date': {
    zh: '身份证号中的出生日期无效',
    en: 'The birth date in the ID number is not valid',
  },
  'realname.id_checksum': {
    zh: '身份证号校验位不正确，请核对',
    en: 'The ID number check digit is wrong, please check it',
  },
  'realname.key_expired': {
    zh: '加密密钥已失效，请重新提交',
    en: 'The encryption key has expired, please submit again',
  },
  'realname.cipher_invalid': {
    zh: '提交的数据无法解密，请重新提交',
    en: 'The submitted data could not be decrypted, please submit again',
  },
  'realname.already_verified': {
    zh: '您已完成实名认证',
    en: 'Your real-name authentication is already complete',
  },
  'realname.pending_exists': {
    zh: '您已有一个待审核的实名认证申请',
    en: 'You already have a real-name request waiting for review',
  },
  'realname.id_taken': {
    zh: '该身份证号已被其他账号认证',
    en: 'This ID number is already authenticated by another account',
  },
  'realname.no_pending': {
    zh: '没有待认证的实名申请，请先提交姓名和身份证号',
    en: 'There is no pending real-name request, please submit your name and ID number first',
  },
  'realname.alipay_unavailable': {
    zh: '支付宝认证服务暂时不可用，请稍后重试',
    en: 'Alipay certification is temporarily unavailable, please try again later',
  },
  'realname.alipay_not_configured': {
    zh: '未配置支付宝认证，申请将由管理员审核',
    en: 'Alipay certification is not configured; an administrator reviews the request',
  },
  'realname.callback_invalid': {
    zh: '认证链接无效或已过期，请在电脑上重新扫码',
    en: 'The certification link is invalid or expired, please scan the QR code on your PC again',
  },
  'realname.not_found': { zh: '实名申请不存在', en: 'The real-name request does not exist' },
  'realname.not_pending': {
    zh: '该申请已处理',
    en: 'This request has already been handled',
  },
  'realname.manual_only': {
    zh: '该申请由支付宝认证，不能人工审核',
    en: 'This request is certified by Alipay and cannot be reviewed by hand',
  },
  'realname.reason_required': {
    zh: '请填写驳回原因',
    en: 'Please give the reason for the rejection',
  },
} as const;

/** The message key of an ID number problem. */
export function idNumberMessage(problem: IdNumberProblem): keyof typeof REALNAME_MESSAGES {
  return problem === 'required' ? 'realname.id_required' : `realname.id_${problem}`;
}
