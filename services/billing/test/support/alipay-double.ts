import { createSign, createVerify, generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Alipay's OpenAPI gateway that speaks its protocol: it checks the RSA2 signature
 * of each request (the application's public key), answers alipay.trade.precreate and
 * alipay.trade.query with RSA2-signed responses (its own key pair), and signs the asynchronous
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
