import { createPrivateKey } from 'node:crypto';

import { AlipaySdk } from 'alipay-sdk';

/** Alipay face-to-face payment as the orders need it (production: alipay-sdk; tests: its HTTP double). */
export interface AlipayGateway {
  readonly appId: string;
  /** alipay.trade.precreate: the QR code the buyer scans for `amount` yuan. */
  precreate(orderNo: string, amount: number, subject: string): Promise<string>;
  /** alipay.trade.query: the trade's status (TRADE_SUCCESS …), or null when Alipay knows no trade yet. */
  query(orderNo: string): Promise<AlipayTrade | null>;
  /** alipay.trade.close: the QR code of a cancelled order can no longer be paid. */
  close(orderNo: string): Promise<void>;
  /** alipay.trade.refund: Alipay's answer as it is (`isRefunded` tells whether money went back). */
  refund(request: AlipayRefundRequest): Promise<AlipayRefundAnswer>;
  /** Whether an asynchronous notification carries Alipay's valid signature. */
  verifyNotify(fields: Record<string, string>): boolean;
}

export interface AlipayRefundRequest {
  orderNo: string;
  /** Alipay's trade number when known (either it or the order number identifies the trade). */
  tradeNo: string | null;
  /** Yuan with two decimals ("100.00"). */
  amount: string;
  /** out_request_no: the same for every attempt of one refund, so a retry pays nothing twice. */
  requestNo: string;
  reason: string;
}

export interface AlipayRefundAnswer {
  code: string;
  subCode: string | null;
  subMsg: string | null;
  /** 'Y' when this call moved money; 'N' on a repeat of a refund made before (or nothing moved). */
  fundChange: string | null;
  /** The trade's refunded total so far, in yuan. */
  refundFee: string | null;
}

const SUCCESS = '10000';
const TRADE_NOT_EXIST = 'ACQ.TRADE_NOT_EXIST';

/** The refund request number of an order's (one, whole) refund. */
export const refundRequestNo = (orderNo: string) => `${orderNo}RF`;

/**
 * Whether Alipay has paid back `amount`: code 10000 is only "request accepted"; Alipay's own
 * guidance is that fund_change Y means refunded, and a repeat of an earlier request answers N with
 * the trade's refunded total in refund_fee, which then must cover the amount.
 */
export function isRefunded(answer: AlipayRefundAnswer, amount: string): boolean {
  if (answer.code !== SUCCESS) return false;
  return answer.fundChange === 'Y' || Number(answer.refundFee ?? 0) >= Number(amount);
}

export interface AlipayTrade {
  tradeStatus: string;
  tradeNo: string | null;
  totalAmount: string;
}

export interface AlipaySettings {
  appId: string;
  /** The application's private key (PEM, PKCS1 or PKCS8). */
  privateKey: string;
  /** Alipay's public key (PEM). */
  alipayPublicKey: string;
  /** The OpenAPI gateway (https://openapi.alipay.com/gateway.do; the sandbox's or a test double's). */
  gateway: string;
  notifyUrl: string;
  timeoutMs?: number;
}

export const ALIPAY_GATEWAY = Symbol('ALIPAY_GATEWAY');

/** PKCS8 or PKCS1, from the PEM header or, for a bare base64 body (Alipay's key tool), by parsing it. */
export function keyTypeOf(privateKey: string): 'PKCS8' | 'PKCS1' {
  if (privateKey.includes('BEGIN PRIVATE KEY')) return 'PKCS8';
  if (privateKey.includes('BEGIN RSA PRIVATE KEY')) return 'PKCS1';
  try {
    const der = Buffer.from(privateKey.replace(/\s+/g, ''), 'base64');
    createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
    return 'PKCS8';
  } catch {
    return 'PKCS1';
  }
}

/** A result of alipay-sdk's exec (camel-cased keys). */
interface ExecResult {
  code?: string;
  msg?: string;
  subCode?: string;
  subMsg?: string;
  qrCode?: string;
  tradeStatus?: string;
  tradeNo?: string;
  totalAmount?: string;
  fundChange?: string;
  refundFee?: string;
}

export class AlipaySdkGateway implements AlipayGateway {
  private readonly sdk: AlipaySdk;

  constructor(private readonly settings: AlipaySettings) {
    // Environment values often hold a PEM key on one line with literal `\n`.
    const privateKey = settings.privateKey.replace(/\\n/g, '\n').trim();
    this.sdk = new AlipaySdk({
      appId: settings.appId,
      privateKey,
      keyType: keyTypeOf(privateKey),
      alipayPublicKey: settings.alipayPublicKey.replace(/\\n/g, '\n').trim(),
      gateway: settings.gateway,
      signType: 'RSA2',
      timeout: settings.timeoutMs ?? 10_000,
    });
  }

  get appId(): string {
    return this.settings.appId;
  }

  async precreate(orderNo: string, amount: number, subject: string): Promise<string> {
    const result = (await this.sdk.exec(
      'alipay.trade.precreate',
      {
        notifyUrl: this.settings.notifyUrl,
        bizContent: { outTradeNo: orderNo, totalAmount: amount.toFixed(2), subject },
      },
      { validateSign: true },
    )) as ExecResult;
    if (result.code !== SUCCESS || !result.qrCode) {
      throw new Error(`alipay.trade.precreate failed: ${result.code} ${result.subCode ?? ''}`);
    }
    return result.qrCode;
  }

  async query(orderNo: string): Promise<AlipayTrade | null> {
    const result = (await this.sdk.exec(
      'alipay.trade.query',
      { bizContent: { outTradeNo: orderNo } },
      { validateSign: true },
    )) as ExecResult;
    if (result.subCode === TRADE_NOT_EXIST) return null;
    if (result.code !== SUCCESS || !result.tradeStatus) {
      throw new Error(`alipay.trade.query failed: ${result.code} ${result.subCode ?? ''}`);
    }
    return {
      tradeStatus: result.tradeStatus,
      tradeNo: result.tradeNo ?? null,
      totalAmount: result.totalAmount ?? '',
    };
  }

  async close(orderNo: string): Promise<void> {
    const result = (await this.sdk.exec(
      'alipay.trade.close',
      { bizContent: { outTradeNo: orderNo } },
      { validateSign: true },
    )) as ExecResult;
    // No trade yet (the code was never scanned) is closed enough.
    if (result.code !== SUCCESS && result.subCode !== TRADE_NOT_EXIST) {
      throw new Error(`alipay.trade.close failed: ${result.code} ${result.subCode ?? ''}`);
    }
  }

  async refund(request: AlipayRefundRequest): Promise<AlipayRefundAnswer> {
    const result = (await this.sdk.exec(
      'alipay.trade.refund',
      {
        bizContent: {
          outTradeNo: request.orderNo,
          ...(request.tradeNo ? { tradeNo: request.tradeNo } : {}),
          refundAmount: request.amount,
          outRequestNo: request.requestNo,
          refundReason: request.reason.slice(0, 256),
        },
      },
      { validateSign: true },
    )) as ExecResult;
    return {
      code: result.code ?? '',
      subCode: result.subCode ?? null,
      subMsg: result.subMsg ?? null,
      fundChange: result.fundChange ?? null,
      refundFee: result.refundFee ?? null,
    };
  }

  verifyNotify(fields: Record<string, string>): boolean {
    try {
      // V2: the values as the form parser decoded them (V1 would decode them a second time, and a
      // subject with a '%' in it would then fail or verify something else).
      return this.sdk.checkNotifySignV2(fields);
    } catch {
      // A value alipay-sdk cannot decode (a stray %) is no valid notification either.
      return false;
    }
  }
}
