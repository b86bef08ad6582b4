import type { Language } from '../common/language';

/** What the server keeps for a signed-in session in Redis (spec §2 session; DESIGN tenant rule). */
export interface SessionUser {
  /** sha256 of the bearer token; the token itself is never stored. */
  tokenId: string;
  userId: number;
  userName: string;
  nickName: string;
  avatar: string;
  email: string;
  phonenumber: string;
  qu: string;
  pagesize: number | null;
  tour: number;
  deptId: number | null;
  /** Tenant = company. The server takes the tenant from here, never from the TENANT-ID header. */
  companyId: number | null;
  admin: boolean;
  roles: string[];
  permissions: string[];
  loginTime: number;
  expireTime: number;
  ipaddr: string;
  browser: string;
  os: string;
  lang: Language;
}

/** Redis keys of sessions and the sign-in helpers; shared by the gateway (reads) and identity (writes). */
export const SESSION_KEYS = {
  session: (tokenId: string) => `login_tokens:${tokenId}`,
  userSessions: (userId: number) => `user_sessions:${userId}`,
  captcha: (uuid: string) => `captcha_codes:${uuid}`,
  passwordErrors: (account: string) => `pwd_err_cnt:${account}`,
  repeatSubmit: (who: string, url: string, digest: string) =>
    `repeat_submit:${who}:${url}:${digest}`,
  /** The stored answer (or in-progress marker) of a request sent with an `Idempotency-Key`. */
  idempotency: (who: string, key: string) => `idempotency:${who}:${key}`,
} as const;

/** Session lifetime and renewal window (minutes): a session with less than `renewWithin` left is renewed. */
export const SESSION_TTL_MINUTES = 30;
export const SESSION_RENEW_WITHIN_MINUTES = 20;

export const ADMIN_ROLE = 'admin';
export const ALL_PERMISSION = '*:*:*';
export const DEFAULT_ROLE = 'ROLE_DEFAULT';
export const SUPER_USER_ID = 1;

/** getInfo's data (spec §3 "User info response"). */
export interface UserInfoView {
  user: {
    userId: number;
    userName: string;
    nickName: string;
    avatar: string;
    admin: boolean;
    email: string;
    phonenumber: string;
    qu: string;
    companyId: number | null;
    pagesize: number | null;
    tour: number;
  };
  roles: string[];
  permissions: string[];
}

/** A route of getRouters (spec §3 "Route item from server"). */
export interface RouteItem {
  name?: string;
  path: string;
  component?: string;
  redirect?: string;
  hidden: boolean;
  alwaysShow?: boolean;
  query?: string;
  meta?: {
    title: string;
    icon?: string;
    noCache?: boolean;
    affix?: boolean;
    link?: string | null;
  };
  children?: RouteItem[];
}

/**
 * The subprotocol a browser offers beside its session token on the user socket channel
 * (`new WebSocket(url, [USER_SOCKET_PROTOCOL, token])`): the token stays out of the URL and logs.
 */
export const USER_SOCKET_PROTOCOL = 'platform.user';
