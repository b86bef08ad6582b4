import { type Language, pickText } from '../common/language';
import type {
  InvoiceStatus,
  OrderFileKind,
  OrderStatus,
  OrderType,
  PayType,
  SigningParty,
} from './order-states';

/** Answer of POST /wujie/order. */
export interface OrderCreatedView {
  orderId: number;
  orderNo: string;
  /** Points the order buys (fixed at creation). */
  points: number;
  /** Alipay orders: the QR code to show (face-to-face payment). */
  qrCode?: string;
}

/** One recharge order (GET /wujie/order/list, /wujie/order/{id}). */
export interface OrderView {
  orderId: number;
  orderNo: string;
  userId: number;
  /** Yuan, whole. */
  amount: number;
  points: number;
  type: OrderType;
  payType: PayType;
  status: OrderStatus;
  /** The status in the request's language. */
  statusText: string;
  invoiceStatus: InvoiceStatus;
  invoiceStatusText: string;
  signingParty: SigningParty;
  fullName: string;
  country: string;
  address: string;
  companyName: string | null;
  companyAddress: string | null;
  jobTitle: string | null;
  /** Overseas remittance: needs a signed document, expires at `expireTime`. */
  overseas: boolean;
  remark: string | null;
  /** Why verification was last rejected. */
  rejectReason: string | null;
  /** Files the order holds (download through /wujie/order/file/{kind}?orderId=). */
  files: OrderFileKind[];
  /** Alipay: the QR code while the order is unpaid. */
  qrCode: string | null;
  /** ISO times. */
  createTime: string;
  payTime: string | null;
  expireTime: string | null;
}

/** A stored file of an order, for download (the gateway streams it from its private folder). */
export interface OrderFileView {
  fileName: string;
  ext: string;
  path: string;
}

/** Billing's answer to a stored order file: the path of the file it replaced (the gateway deletes it). */
export interface OrderFileUploadView {
  replacedPath: string | null;
}

/** Answer of the Alipay trade query the QR page polls. */
export interface AlipayQueryView {
  status: OrderStatus;
  /** Alipay's trade status (WAIT_BUYER_PAY, TRADE_SUCCESS, TRADE_CLOSED …) or null when unknown. */
  tradeStatus: string | null;
}

/** The parameter (System → Parameters) holding the bank account a remittance goes to. */
export const REMITTANCE_ACCOUNT_CONFIG_KEY = 'billing.remittance.account';

/**
 * The parameter turning "four eyes" on orders off ('false'; on when unset or anything else): an
 * administrator may not confirm the payment of their own order, nor of a user whose points they
 * changed by hand (issue 25). Off is for a one-person operation.
 */
export const FOUR_EYES_CONFIG_KEY = 'billing.four_eyes.enabled';

/** Whether the four-eyes rule holds for a parameter value: only an explicit off turns it off. */
export function fourEyesEnabled(value: string | null | undefined): boolean {
  return !['false', '0', 'off', 'no'].includes((value ?? '').trim().toLowerCase());
}

/** The bank account a remittance goes to, in the request's language. */
export interface RemittanceAccountView {
  bankName: string;
  accountName: string;
  accountNumber: string;
  /** Further details (branch, SWIFT code …), or the whole parameter when it is plain text; '' if none. */
  note: string;
}

/** Answer of GET /wujie/order/pay/config: what the top-up form may offer. */
export interface PayConfigView {
  /** Whether Alipay is configured (else an Alipay order is refused: pay by remittance). */
  alipay: boolean;
  /** null when the parameter is unset or empty. */
  remittanceAccount: RemittanceAccountView | null;
}

/** A text of the parameter: one string for every language, or `{zh, en}` (either may be missing). */
function localised(value: unknown, lang: Language): string {
  if (typeof value === 'string' || typeof value === 'number') return String(value).trim();
  if (!value || typeof value !== 'object') return '';
  const { zh, en } = value as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  return pickText({ zh: text(zh), en: text(en) }, lang);
}

/**
 * Reads the parameter `billing.remittance.account`: JSON
 * `{"bankName": {"zh": …, "en": …}, "accountName": …, "accountNumber": …, "note": …}` (each text a
 * string or `{zh, en}`; a missing language falls back to the other), or plain text (shown as it is,
 * as the note). null when the parameter is empty or names nothing.
 */
export function parseRemittanceAccount(
  value: string | null | undefined,
  lang: Language,
): RemittanceAccountView | null {
  const text = (value ?? '').trim();
  if (!text) return null;
  let parsed: unknown;
  try {
    parsed = text.startsWith('{') ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return { bankName: '', accountName: '', accountNumber: '', note: text };
  }
  const fields = parsed as Record<string, unknown>;
  const account: RemittanceAccountView = {
    bankName: localised(fields.bankName, lang),
    accountName: localised(fields.accountName, lang),
    accountNumber: localised(fields.accountNumber, lang),
    note: localised(fields.note, lang),
  };
  return Object.values(account).some(Boolean) ? account : null;
}
