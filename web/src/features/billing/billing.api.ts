import type {
  AlipayQueryView,
  OrderCreatedView,
  OrderFileKind,
  OrderView,
  PayConfigView,
  PayType,
  PointsAccountView,
  PromotionView,
  SigningParty,
} from '@platform/contracts';
import { queryOptions } from '@tanstack/react-query';

import { request, requestBlob, requestData, saveBlob } from '../../lib/request';

// The calls of issue 14 the billing screens make (the gateway's /wujie/* routes), in one place.

export const ORDER_LIST_URL = '/wujie/order/list';
export const POINTS_LIST_URL = '/wujie/points/list';
export const WUJIE_USER_LIST_URL = '/wujie/user/list';
export const FLAGS_URL = '/wujie/user/invitation/flags';
export const INVITED_USERS_URL = '/wujie/user/promotion/invited';
export const REWARD_CONFIG_URL = '/wujie/reward/config/list';

export interface TopUpBody {
  amount: number;
  payType: PayType;
  signingParty: SigningParty;
  fullName: string;
  country: string;
  address: string;
  companyName?: string;
  companyAddress?: string;
  jobTitle?: string;
}

export const createOrder = (body: TopUpBody) =>
  requestData<OrderCreatedView>('/wujie/order', { method: 'POST', data: body });

export const getOrder = (orderId: number) => requestData<OrderView>(`/wujie/order/${orderId}`);

/** The order moves of spec §7, each `{orderId}` (a refused one answers "Order status abnormal"). */
export type OrderMove = 'user/payed' | 'admin/payed' | 'cancel';

export const moveOrder = (move: OrderMove, orderId: number) =>
  requestData<unknown>(`/wujie/order/${move}`, { method: 'POST', data: { orderId } });

export const rejectOrder = (orderId: number, reason: string) =>
  requestData<unknown>('/wujie/order/admin/rejected', {
    method: 'POST',
    data: { orderId, reason },
  });

/** An administrator refunds a completed order: it is cancelled and its points taken back. */
export const refundOrder = (orderId: number, reason: string) =>
  requestData<unknown>('/wujie/order/admin/refund', {
    method: 'POST',
    data: { orderId, reason },
  });

/** The owner asks for the invoice of a completed order. */
export const requestInvoice = (orderId: number) =>
  requestData<unknown>('/wujie/order/invoice', { method: 'PUT', data: { orderId } });

/** Where each file of an order is uploaded (multipart field `file`, query `orderId`). */
const UPLOAD_PATHS: Record<OrderFileKind, string> = {
  proof: '/wujie/order/proof',
  contract: '/wujie/order/contract',
  invoice: '/wujie/order/invoice/upload',
};

/** Uploads a file of an order: the remittance proof, the signed document, the invoice PDF. */
export function uploadOrderFile(orderId: number, kind: OrderFileKind, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return request<unknown>(UPLOAD_PATHS[kind], { method: 'POST', params: { orderId }, data: form });
}

export async function downloadOrderFile(order: OrderView, kind: OrderFileKind): Promise<void> {
  const blob = await requestBlob(`/wujie/order/file/${kind}`, {
    params: { orderId: order.orderId },
  });
  const ext = blob.type.includes('pdf') ? 'pdf' : (blob.type.split('/')[1] ?? 'bin');
  saveBlob(blob, `${order.orderNo}-${kind}.${ext}`);
}

export const alipayQuery = (orderId: number) =>
  requestData<AlipayQueryView>('/wujie/order/alipay/query', {
    method: 'POST',
    data: { orderId },
    repeatSubmit: false,
    silent: true,
  });

/** The administrator adds (points > 0) or reduces (points < 0) a user's points, with a reason. */
export const changePoints = (userId: number, points: number, reason: string) =>
  requestData<unknown>('/wujie/order/points/admin/change', {
    method: 'POST',
    data: { userId, points, reason },
  });

export const setLinkStatus = (userId: number, linkStatus: 0 | 1) =>
  requestData<unknown>('/wujie/user/linkStatus', { method: 'PUT', data: { userId, linkStatus } });

/** The administrator deducts the rewards a flagged invitation paid, or dismisses the flag. */
export const flagAction = (action: 'deduct' | 'dismiss', flagId: number) =>
  requestData<unknown>(`/wujie/user/invitation/${action}`, { method: 'POST', data: { flagId } });

export const restoreFrozen = (userId: number) =>
  requestData<unknown>('/wujie/user/restoreFrozen', { method: 'POST', data: { userId } });

/** A user's points account (an administrator may name another user). */
export const accountQuery = (userId?: number) =>
  queryOptions({
    queryKey: ['billing', 'account', userId ?? 'me'],
    queryFn: () =>
      requestData<PointsAccountView>('/wujie/points/account', {
        params: userId ? { userId } : undefined,
      }),
  });

/**
 * What the top-up form may offer: Alipay when the server holds its keys, and the bank account of a
 * remittance (the parameter billing.remittance.account, in the language asked; null when unset).
 * null when the server cannot say (the choice stays open; a refused Alipay order says why).
 */
export const payConfigQuery = (lang: string) =>
  queryOptions({
    queryKey: ['billing', 'pay-config', lang],
    queryFn: () =>
      requestData<PayConfigView | null>('/wujie/order/pay/config', { silent: true }).catch(
        () => null,
      ),
    staleTime: 60_000,
  });

export const promotionQuery = () =>
  queryOptions({
    queryKey: ['billing', 'promotion'],
    queryFn: () => requestData<PromotionView>('/wujie/user/promotion'),
  });
