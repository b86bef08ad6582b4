import type { RouteItem, UserInfoView } from '@platform/contracts';
import { queryOptions } from '@tanstack/react-query';

import { currentLanguage } from '../../lib/i18n';
import { CAPTCHA_TIMEOUT_MS, requestData } from '../../lib/request';

// Calls of spec §7 "Authentication" as the backbone API (docs/api-backbone.md) serves them.

export interface CaptchaImage {
  captchaEnabled: boolean;
  uuid: string;
  img: string;
}

export interface LoginBody {
  username?: string;
  email?: string;
  password: string;
  code?: string;
  uuid?: string;
}

export type CodeScene = 'register' | 'reset' | 'bind';

const lang = () => ({ lang: currentLanguage() });
const publicCall = { isToken: false, repeatSubmit: false } as const;

export const getCaptchaImage = () =>
  requestData<CaptchaImage>('/captchaImage', { isToken: false, timeout: CAPTCHA_TIMEOUT_MS });

/**
 * The image captcha of the sign-in form. The sign-in route loads it before its screen renders (the
 * form then renders once, with it); fresh for half a minute, well inside the captcha's own lifetime,
 * and fetched again after every failed sign-in.
 */
export const captchaQuery = queryOptions({
  queryKey: ['captchaImage'],
  queryFn: getCaptchaImage,
  staleTime: 30_000,
});

export const login = (body: LoginBody) =>
  requestData<{ token: string }>('/login', {
    method: 'POST',
    params: lang(),
    data: body,
    ...publicCall,
    silent: true,
  });

export const logout = () => requestData<void>('/logout', { method: 'POST', silent: true });

export const getInfo = () => requestData<UserInfoView>('/getInfo');

export const getRouters = () => requestData<RouteItem[]>('/getRouters', { params: lang() });

export const sendSmsCode = (body: { qu: string; phonenumber: string; scene: CodeScene }) =>
  requestData<{ resendAfter: number }>('/wujie/user/sendSmsCode', {
    method: 'POST',
    params: lang(),
    data: body,
    ...publicCall,
  });

export const sendEmailCode = (body: { email: string; scene: CodeScene }) =>
  requestData<{ resendAfter: number }>('/wujie/user/sendEmailCode', {
    method: 'POST',
    params: lang(),
    data: body,
    ...publicCall,
  });

export const verifySmsCode = (body: {
  qu: string;
  phoneNumber: string;
  code: string;
  scene: CodeScene;
}) =>
  requestData<{ verified: boolean }>('/wujie/user/verifySmsCode', {
    method: 'POST',
    data: { ...body, ...lang() },
    ...publicCall,
  });

export const verifyEmailCode = (body: { email: string; code: string; scene: CodeScene }) =>
  requestData<{ verified: boolean }>('/wujie/user/verifyEmailCode', {
    method: 'POST',
    data: { ...body, ...lang() },
    ...publicCall,
  });

export interface RegisterCommon {
  code: string;
  password: string;
  confirmPassword: string;
  companyCode?: string;
  inviteCode?: string;
}

export const registerByPhone = (body: RegisterCommon & { qu: string; phonenumber: string }) =>
  requestData<{ token: string }>('/wujie/user/registerByPhone', {
    method: 'POST',
    params: lang(),
    data: body,
    ...publicCall,
  });

export const registerByEmail = (body: RegisterCommon & { email: string }) =>
  requestData<{ token: string }>('/wujie/user/registerByEmail', {
    method: 'POST',
    params: lang(),
    data: body,
    ...publicCall,
  });

export const resetPwdByPhone = (body: {
  qu: string;
  phonenumber: string;
  code: string;
  password: string;
}) =>
  requestData<void>('/wujie/user/resetPwdByPhone', {
    method: 'POST',
    params: lang(),
    data: body,
    ...publicCall,
  });

export const resetPwdByEmail = (body: { email: string; code: string; password: string }) =>
  requestData<void>('/wujie/user/resetPwdByEmail', {
    method: 'POST',
    params: lang(),
    data: body,
    ...publicCall,
  });

export const checkMainland = () =>
  requestData<{ isMainland: boolean }>('/wujie/user/checkMainland', { silent: true });

export const bindPhone = (body: { qu: string; phonenumber: string; captcha: string }) =>
  requestData<{ reward: number }>('/wujie/user/bindPhone', {
    method: 'POST',
    params: lang(),
    data: body,
  });

/** Binds or changes the caller's e-mail; the code went to the new address with scene `bind`. */
export const bindEmail = (body: { email: string; captcha: string }) =>
  requestData<{ email: string }>('/wujie/user/bindEmail', {
    method: 'POST',
    params: lang(),
    data: body,
  });

/** Whether maintenance mode is on (sys.maintenance.enabled); public, so it also answers a user it blocks. */
export const getMaintenance = () =>
  requestData<{ enabled: boolean }>('/maintenance', { isToken: false, silent: true });

export interface ServiceStatus {
  status: 'none' | 'requested';
  requestedAt: string | null;
}

/** Asks the administrators for service (spec §7); an open request is returned as it is. */
export const requestService = (content?: string) =>
  requestData<ServiceStatus>('/wujie/user/gogetservicestatus', {
    method: 'POST',
    params: lang(),
    data: content ? { content } : {},
  });

export const getServiceStatus = () =>
  requestData<ServiceStatus>('/wujie/user/servicestatus', {
    method: 'POST',
    data: {},
    silent: true,
  });
