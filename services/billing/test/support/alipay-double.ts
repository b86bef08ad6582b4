import { createSign, createVerify, generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Alipay's OpenAPI gateway that speaks its protocol: it checks the RSA2 signature
 * of each request (the application's public key), answers alipay.trade.precreate, .query, .close
 * and .refund with RSA2-signed responses (its own key pair), and signs the asynchronous
 * notifications a test posts to the platform. So alipay-sdk's real code runs on both sides.
 */
export interface AlipayDouble {
  url: string;
  appId: string;
  /** For the billing service: ALIPAY_PRIVATE_KEY and ALIPAY_PUBLIC_KEY. */
  appPrivateKey: string;
  alipayPublicKey: string;
  /** Trades by out_trade_no. */
  trades: Map<string, { totalAmount: string; status: string; tradeNo: string }>;
  /** Requests whose signature did not verify. */
  badRequests: number;
  /** alipay.trade.refund requests by out_request_no (a repeat of one refunds nothing more). */
  refunds: Map<string, { outTradeNo: string; amount: string; calls: number }>;
  /** When set, alipay.trade.refund answers this business failure (e.g. the seller's balance). */
  refundRefusal: { subCode: string; subMsg: string } | null;
  /** A notification of a paid trade, signed by Alipay's key (or by `signWith`, to forge one). */
  notification(
    outTradeNo: string,
    overrides?: Record<string, string>,
    signWith?: string,
  ): Record<string, string>;
  close(): Promise<void>;
}

const keyPair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

/** Alipay's signing string: the parameters but `sign` (and `sign_type` for notifications), sorted. */
function signContent(params: Record<string, string>, skip: string[]): string {
  return Object.keys(params)
    .filter((k) => !skip.includes(k) && params[k] !== '' && params[k] !== undefined)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

const rsa2 = (text: string, privateKey: string) =>
  createSign('RSA-SHA256').update(text, 'utf8').sign(privateKey, 'base64');

export async function startAlipayDouble(): Promise<AlipayDouble> {
  const app = keyPair();
  const alipay = keyPair();
  const appId = '2021000000000001';
  const trades = new Map<string, { totalAmount: string; status: string; tradeNo: string }>();
  let tradeSeq = 0;

  const respond = (method: string, body: Record<string, unknown>) => {
    const key = `${method.replaceAll('.', '_')}_response`;
    const content = JSON.stringify(body);
    return `{"${key}":${content},"sign":"${rsa2(content, alipay.privateKey)}"}`;
  };

  const double: AlipayDouble = {
    url: '',
    appId,
    appPrivateKey: app.privateKey,
    alipayPublicKey: alipay.publicKey,
    trades,
    badRequests: 0,
    refunds: new Map(),
    refundRefusal: null,
    notification(outTradeNo, overrides = {}, signWith = alipay.privateKey) {
      const trade = trades.get(outTradeNo);
      const fields: Record<string, string> = {
        gmt_create: '2026-11-27 10:00:00',
        charset: 'utf-8',
        seller_email: 'seller@example.com',
        subject: '积分充值 100% recharge',
        buyer_id: '2088102177846880',
        invoice_amount: trade?.totalAmount ?? '0.00',
        notify_id: `2026112700222100000${outTradeNo.slice(-6)}`,
        notify_type: 'trade_status_sync',
        trade_status: 'TRADE_SUCCESS',
        receipt_amount: trade?.totalAmount ?? '0.00',
        app_id: appId,
        buyer_pay_amount: trade?.totalAmount ?? '0.00',
        version: '1.0',
        notify_time: '2026-11-27 10:00:05',
        gmt_payment: '2026-11-27 10:00:04',
        trade_no: trade?.tradeNo ?? '2026112722001400000000000000',
        total_amount: trade?.totalAmount ?? '0.00',
        seller_id: '2088102176042980',
        out_trade_no: outTradeNo,
        sign_type: 'RSA2',
        ...overrides,
      };
      return { ...fields, sign: rsa2(signContent(fields, ['sign', 'sign_type']), signWith) };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const businessFailed = (subCode: string, subMsg: string, biz: Record<string, string>) => ({
    code: '40004',
    msg: 'Business Failed',
    sub_code: subCode,
    sub_msg: subMsg,
    out_trade_no: biz.out_trade_no,
    refund_fee: '0.00',
    send_back_fee: '0.00',
  });

  /**
   * As Alipay refunds: only a paid trade, never more than was paid; the same out_request_no again
   * answers Success with fund_change N (nothing moved this time) and the trade's refunded total.
   */
  const refund = (biz: Record<string, string>) => {
    const trade = trades.get(biz.out_trade_no);
    if (!trade) return businessFailed('ACQ.TRADE_NOT_EXIST', '交易不存在', biz);
    const refundedOf = () =>
      [...double.refunds.values()]
        .filter((r) => r.outTradeNo === biz.out_trade_no)
        .reduce((sum, r) => sum + Number(r.amount), 0);
    const answer = (fundChange: 'Y' | 'N') => ({
      code: '10000',
      msg: 'Success',
      trade_no: trade.tradeNo,
      out_trade_no: biz.out_trade_no,
      buyer_logon_id: '159****5620',
      fund_change: fundChange,
      refund_fee: refundedOf().toFixed(2),
      gmt_refund_pay: '2026-11-27 12:00:00',
    });
    const earlier = double.refunds.get(biz.out_request_no);
    if (earlier) {
      earlier.calls += 1;
      return answer('N');
    }
    if (double.refundRefusal) {
      return businessFailed(double.refundRefusal.subCode, double.refundRefusal.subMsg, biz);
    }
    if (trade.status !== 'TRADE_SUCCESS') {
      return businessFailed('ACQ.TRADE_STATUS_ERROR', '交易状态不合法', biz);
    }
    if (Number(biz.refund_amount) + refundedOf() > Number(trade.totalAmount)) {
      return businessFailed('ACQ.REASON_TRADE_REFUND_FEE_ERR', '退款金额无效', biz);
    }
    double.refunds.set(biz.out_request_no, {
      outTradeNo: biz.out_trade_no,
      amount: biz.refund_amount,
      calls: 1,
    });
    return answer('Y');
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://double');
      const params: Record<string, string> = Object.fromEntries(url.searchParams);
      for (const [k, v] of new URLSearchParams(Buffer.concat(chunks).toString('utf8'))) {
        params[k] = v;
      }
      const method = params.method ?? '';
      res.setHeader('content-type', 'application/json;charset=utf-8');
      const verified =
        params.app_id === appId &&
        createVerify('RSA-SHA256')
          .update(signContent(params, ['sign']), 'utf8')
          .verify(app.publicKey, params.sign ?? '', 'base64');
      if (!verified) {
        double.badRequests += 1;
        res.end(
          respond(method, {
            code: '40002',
            msg: 'Invalid Arguments',
            sub_code: 'isv.invalid-signature',
            sub_msg: 'invalid signature',
          }),
        );
        return;
      }
      const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
      if (method === 'alipay.trade.precreate') {
        tradeSeq += 1;
        trades.set(biz.out_trade_no, {
          totalAmount: biz.total_amount,
          status: 'WAIT_BUYER_PAY',
          tradeNo: `202611272200140000${String(tradeSeq).padStart(10, '0')}`,
        });
        res.end(
          respond(method, {
            code: '10000',
            msg: 'Success',
            out_trade_no: biz.out_trade_no,
            qr_code: `https://qr.alipay.com/bax0${tradeSeq}${biz.out_trade_no.slice(-6)}`,
          }),
        );
        return;
      }
      if (method === 'alipay.trade.query') {
        const trade = trades.get(biz.out_trade_no);
        res.end(
          respond(
            method,
            trade
              ? {
                  code: '10000',
                  msg: 'Success',
                  out_trade_no: biz.out_trade_no,
                  trade_no: trade.tradeNo,
                  trade_status: trade.status,
                  total_amount: trade.totalAmount,
                }
              : {
                  code: '40004',
                  msg: 'Business Failed',
                  sub_code: 'ACQ.TRADE_NOT_EXIST',
                  sub_msg: 'trade not exist',
                },
          ),
        );
        return;
      }
      if (method === 'alipay.trade.close') {
        const trade = trades.get(biz.out_trade_no);
        if (trade) trade.status = 'TRADE_CLOSED';
        res.end(
          respond(
            method,
            trade
              ? { code: '10000', msg: 'Success', out_trade_no: biz.out_trade_no }
              : {
                  code: '40004',
                  msg: 'Business Failed',
                  sub_code: 'ACQ.TRADE_NOT_EXIST',
                  sub_msg: 'trade not exist',
                },
          ),
        );
        return;
      }
      if (method === 'alipay.trade.refund') {
        res.end(respond(method, refund(biz)));
        return;
      }
      res.statusCode = 404;
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  double.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/gateway.do`;
  return double;
}

/** A key pair that is not Alipay's, to forge a notification with. */
export function forgerKey(): string {
  return keyPair().privateKey;
}
