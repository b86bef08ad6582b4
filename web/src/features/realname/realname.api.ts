import type {
  RealNameCallbackView,
  RealNameCertifyView,
  RealNameKeyView,
  RealNameResultView,
  RealNameUrlView,
} from '@platform/contracts';

import { requestData } from '../../lib/request';
import { sealField } from './seal';

// The calls of real-name authentication (issue 15), in one place.

export const REALNAME_REVIEW_LIST_URL = '/wujie/realname/list';
export const REALNAME_RESULT_KEY = ['realname', 'result'] as const;

export const getRealNameResult = () =>
  requestData<RealNameResultView>('/ali/identity/result', { silent: true });

/** Fetches a one-time key, seals both fields with it and submits them. */
export async function submitRealName(certName: string, certNo: string) {
  const { keyId, key } = await requestData<RealNameKeyView>('/ali/identity/key');
  return requestData<RealNameCertifyView>('/ali/identity/certify', {
    method: 'POST',
    data: { keyId, certName: sealField(certName, key), certNo: sealField(certNo, key) },
  });
}

export const getCertifyUrl = () => requestData<RealNameUrlView>('/ali/identity/url');

export const confirmCallback = (authCode: string) =>
  requestData<RealNameCallbackView>('/ali/identity/callback', {
    params: { auth_code: authCode },
    isToken: false,
    silent: true,
  });

export const approveRealName = (id: number) =>
  requestData<unknown>(`/wujie/realname/approve/${id}`, { method: 'PUT' });

export const rejectRealName = (id: number, reason: string) =>
  requestData<unknown>('/wujie/realname/reject', { method: 'PUT', data: { id, reason } });
