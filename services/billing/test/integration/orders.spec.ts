import { randomBytes } from 'node:crypto';

import type { INestMicroservice } from '@nestjs/common';
import {
  ORDER_STATUSES,
  type OrderAction,
  type OrderActor,
  type OrderStatus,
  orderTransition,
  type OrderView,
} from '@platform/contracts';
import { identityStarter } from '@platform/identity';
import {
  ADMIN_PASSWORD,
  api,
  login,
  registerByPhone,
  setCaptcha,
  signInWithMenus,
  startStack,
  type TestStack,
} from '@platform/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadBillingEnv } from '../../src/config/env';
import { LedgerService } from '../../src/ledger/ledger.service';
import { startBilling } from '../../src/main';
import { OrderExpiry } from '../../src/orders/order-expiry';
import { refundRequestNo } from '../../src/payment/alipay.gateway';
import { type AlipayDouble, forgerKey, startAlipayDouble } from '../support/alipay-double';

// Recharge orders through the gateway's HTTP API on the real services (identity, billing), MariaDB
// and Redis; Alipay is the local double that signs and verifies like the real gateway.

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Count 0/Kids[]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

let stack: TestStack;
let billing: INestMicroservice;
let alipay: AlipayDouble;
let admin: string;
let alice: string;
let bob: string;

/** Billing with Alipay pointed at the double (only billing gets the keys) and no expiry timer. */
const billingStarter = {
  name: 'billing',
  databaseEnv: 'BILLING_DB_URL',
  start: async (env: Record<string, string>) =>
    (billing = await startBilling(
      loadBillingEnv({
        ...env,
        ORDER_EXPIRY_INTERVAL_MS: '0',
        ALIPAY_APP_ID: alipay.appId,
        ALIPAY_PRIVATE_KEY: alipay.appPrivateKey.replace(/\n/g, '\\n'),
        ALIPAY_PUBLIC_KEY: alipay.alipayPublicKey,
        ALIPAY_GATEWAY: alipay.url,
        ALIPAY_NOTIFY_URL: 'https://platform.example.com/prod-api/wujie/order/alipay/notify',
      }),
    )),
};

beforeAll(async () => {
  alipay = await startAlipayDouble();
  // TEST_TRANSPORT=nats runs the same tests over NATS (files never cross the transport either way).
  const transport = process.env.TEST_TRANSPORT;
  stack = await startStack(
    [identityStarter, billingStarter],
    transport ? { TRANSPORT: transport } : {},
  );
  await setCaptcha(stack, false);
  admin = await login(stack, 'admin', ADMIN_PASSWORD);
  alice = (await registerByPhone(stack)).token;
  bob = (await registerByPhone(stack)).token;
});

afterAll(async () => {
  await stack?.close();
  await alipay?.close();
});

const post = (path: string, token: string, body: object = {}) =>
  api(stack)
    .post(`/prod-api${path}`)
    .set('Authorization', `Bearer ${token}`)
    .set('repeatSubmit', 'false')
    .query({ lang: 'en' })
    .send(body);

const get = (path: string, token: string, query: object = {}) =>
  api(stack)
    .get(`/prod-api${path}`)
    .set('Authorization', `Bearer ${token}`)
    .query({ lang: 'en', ...query });

const TOP_UP = {
  amount: 100,
  payType: 'remittance',
  signingParty: 'individual',
  fullName: 'Alice Zhang',
  country: '中国',
  address: '1 Century Avenue, Shanghai',
};

async function createOrder(token: string, extra: object = {}) {
  const res = await post('/wujie/order', token, { ...TOP_UP, ...extra });
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
  return res.body.data as { orderId: number; orderNo: string; points: number; qrCode?: string };
}

const upload = (kind: 'proof' | 'contract' | 'invoice/upload', token: string, orderId: number) =>
  api(stack)
    .post(`/prod-api/wujie/order/${kind}`)
    .set('Authorization', `Bearer ${token}`)
    .set('repeatSubmit', 'false')
    .query({ orderId, lang: 'en' })
    .attach(
      'file',
      kind === 'invoice/upload' ? PDF : PNG,
      kind === 'invoice/upload' ? 'invoice.pdf' : 'proof.png',
    );

async function order(orderId: number): Promise<OrderView> {
  const res = await get(`/wujie/order/${orderId}`, admin);
  expect(res.body.code).toBe(200);
  return res.body.data as OrderView;
}

/** Ledger entries written for an order (the credit's key is `order:<orderNo>`). */
async function credits(orderNo: string): Promise<{ count: number; points: number }> {
  const [rows] = await stack.dbs.billing.query(
    `SELECT COUNT(*) AS n, COALESCE(SUM(points), 0) AS p FROM points_entry
      WHERE ref_type = 'order' AND ref_id = ?`,
    [orderNo],
  );
  const row = (rows as { n: number; p: number }[])[0];
  return { count: Number(row.n), points: Number(row.p) };
}

/** A new order of Alice's brought to `status` through allowed moves. */
async function orderIn(status: OrderStatus, extra: object = {}) {
  const created = await createOrder(alice, extra);
  const { orderId } = created;
  if (status === 'pending_verification' || status === 'completed') {
    expect((await upload('proof', alice, orderId)).body.code).toBe(200);
    expect((await post('/wujie/order/user/payed', alice, { orderId })).body.code).toBe(200);
  }
  if (status === 'completed') {
    expect((await post('/wujie/order/admin/payed', admin, { orderId })).body.code).toBe(200);
  }
  if (status === 'cancelled') {
    expect((await post('/wujie/order/cancel', alice, { orderId })).body.code).toBe(200);
  }
  expect((await order(orderId)).status).toBe(status);
  return created;
}

/**
 * A user who may verify orders without being an administrator: a role of their own holding the
 * recharge menu and its verify button (wujie:recharge:list, wujie:recharge:verify) and nothing else.
 */
/** A user whose only role holds the recharge page (18) and its verify button (18003). */
const verifierToken = () => signInWithMenus(stack, admin, [18, 18003]);

/** The HTTP calls of the table's moves, each with the actor that makes it. */
const CALLS: { action: OrderAction; actor: OrderActor; path: string; as: () => string }[] = [
  { action: 'userPayed', actor: 'owner', path: '/wujie/order/user/payed', as: () => alice },
  { action: 'adminPayed', actor: 'admin', path: '/wujie/order/admin/payed', as: () => admin },
  { action: 'adminRejected', actor: 'admin', path: '/wujie/order/admin/rejected', as: () => admin },
  { action: 'adminRefund', actor: 'admin', path: '/wujie/order/admin/refund', as: () => admin },
  { action: 'cancel', actor: 'owner', path: '/wujie/order/cancel', as: () => alice },
  { action: 'cancel', actor: 'admin', path: '/wujie/order/cancel', as: () => admin },
];

const PAIRS = CALLS.flatMap((call) =>
  ORDER_STATUSES.map((from) => {
    const move = orderTransition(call.action, from);
    const allowed = move !== null && move.by.includes(call.actor);
    return [
      `${call.action} by ${call.actor} from ${from}: ${allowed ? `→ ${move?.to}` : 'refused'}`,
      {
        call,
        from,
        allowed,
        to: allowed ? move!.to : from,
        credits: allowed && !!move?.credits,
        debits: allowed && !!move?.debits,
      },
    ] as const;
  }),
);

describe('order transitions through the API (every pair of the table)', () => {
  it.each(PAIRS)(
    '%s',
    async (_name, { call, from, allowed, to, credits: credit, debits: debit }) => {
      const { orderId, orderNo, points } = await orderIn(from);
      // The proof is there for userPayed's own check, so only the table decides.
      if (from === 'pending_payment') await upload('proof', alice, orderId);
      const before = await credits(orderNo);
      const res = await post(call.path, call.as(), { orderId, reason: 'No money arrived' });
      if (allowed) {
        expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
      } else {
        expect(res.body).toMatchObject({ code: 601, msg: 'Order status abnormal' });
      }
      expect((await order(orderId)).status).toBe(to);
      const after = await credits(orderNo);
      expect(after.count - before.count).toBe(credit || debit ? 1 : 0);
      if (credit) expect(after.points).toBe(points);
      if (debit) expect(after.points).toBe(0);
    },
  );

  it('should let exactly one of ten parallel confirmations complete the order and credit it', async () => {
    const { orderId, orderNo, points } = await orderIn('pending_verification');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post('/wujie/order/admin/payed', admin, { orderId })),
    );
    const codes = answers.map((a) => a.body.code as number).sort();
    expect(codes).toEqual([200, ...Array(9).fill(601)]);
    expect(await credits(orderNo)).toEqual({ count: 1, points });
  });

  it('should keep the rejection reason and let the user pay again after a rejection', async () => {
    const { orderId } = await orderIn('pending_verification');
    const missing = await post('/wujie/order/admin/rejected', admin, { orderId });
    expect(missing.body.code).toBe(601);
    await post('/wujie/order/admin/rejected', admin, { orderId, reason: 'Wrong account' });
    const view = await order(orderId);
    expect(view).toMatchObject({ status: 'pending_payment', rejectReason: 'Wrong account' });
    expect((await post('/wujie/order/user/payed', alice, { orderId })).body.code).toBe(200);
  });

  it('should refuse a refund whose points the user has spent, and change nothing', async () => {
    const { orderId, orderNo } = await orderIn('completed');
    const userId = (await order(orderId)).userId;
    const [rows] = await stack.dbs.billing.query(
      'SELECT balance FROM points_account WHERE user_id = ?',
      [userId],
    );
    const balance = Number((rows as { balance: number }[])[0].balance);
    await billing.get(LedgerService).post({
      userId,
      points: -balance,
      reason: 'adminReduce',
      idempotencyKey: `test-spend:${orderNo}`,
      reference: { type: 'admin', id: orderNo },
      operator: 'test',
    });
    const res = await post('/wujie/order/admin/refund', admin, { orderId, reason: 'Asked back' });
    expect(res.body.code).toBe(601);
    expect(res.body.msg).toContain('Not enough points');
    expect((await order(orderId)).status).toBe('completed');
    expect(await credits(orderNo)).toMatchObject({ count: 1 });
  });

  it('should refuse user/payed without a remittance proof', async () => {
    const { orderId } = await createOrder(alice);
    const res = await post('/wujie/order/user/payed', alice, { orderId });
    expect(res.body).toMatchObject({ code: 601, msg: 'Please upload the remittance proof first' });
    expect((await order(orderId)).status).toBe('pending_payment');
  });

  it('should credit the points once and write the events when an order completes', async () => {
    const { orderId, orderNo, points } = await orderIn('completed');
    expect(points).toBe(1000); // 100 yuan at the default 10 points per yuan
    expect(await credits(orderNo)).toEqual({ count: 1, points });
    const [events] = await stack.dbs.billing.query(
      `SELECT event_type FROM event_outbox WHERE JSON_UNQUOTE(JSON_EXTRACT(payload, '$.orderNo')) = ?
          OR JSON_UNQUOTE(JSON_EXTRACT(payload, '$.reference.id')) = ? ORDER BY id`,
      [orderNo, orderNo],
    );
    expect((events as { event_type: string }[]).map((e) => e.event_type)).toEqual([
      'billing.order.status_changed',
      'billing.points.credited',
      'billing.order.status_changed',
    ]);
    const [last] = await stack.dbs.billing.query(
      `SELECT payload FROM event_outbox WHERE event_type = 'billing.order.status_changed'
          AND JSON_UNQUOTE(JSON_EXTRACT(payload, '$.orderNo')) = ? ORDER BY id DESC LIMIT 1`,
      [orderNo],
    );
    const payload = (last as { payload: string | object }[])[0].payload;
    expect(typeof payload === 'string' ? JSON.parse(payload) : payload).toMatchObject({
      orderNo,
      status: '已完成',
      statusEn: 'Completed',
      statusCode: 'completed',
    });
    const again = await post('/wujie/order/admin/payed', admin, { orderId });
    expect(again.body.code).toBe(601);
    expect(await credits(orderNo)).toEqual({ count: 1, points });
  });
});

describe('top-up validation', () => {
  it('should name the empty field in the language asked', async () => {
    const en = await post('/wujie/order', alice, { ...TOP_UP, fullName: '' });
    expect(en.body.code).toBe(500);
    expect(en.body.msg).toContain('Full name cannot be empty');
    const zh = await post('/wujie/order', alice, { ...TOP_UP, country: undefined }).query({
      lang: 'zh',
    });
    expect(zh.body.msg).toContain('国家不能为空');
  });

  it('should require the company fields of a company only', async () => {
    const res = await post('/wujie/order', alice, { ...TOP_UP, signingParty: 'company' });
    expect(res.body.msg).toContain('Company name cannot be empty');
    await createOrder(alice, {
      signingParty: 'company',
      companyName: 'Acme',
      companyAddress: '2 Nanjing Road',
      jobTitle: 'CFO',
    });
  });
});

describe('two users', () => {
  it("should not let one user read or act on another user's order, proof or invoice", async () => {
    const { orderId } = await orderIn('completed');
    const put = (token: string) =>
      api(stack)
        .put('/prod-api/wujie/order/invoice')
        .set('Authorization', `Bearer ${token}`)
        .set('repeatSubmit', 'false')
        .query({ lang: 'en' })
        .send({ orderId });
    expect((await put(bob)).body).toMatchObject({ code: 404, msg: 'The order does not exist' });
    expect((await put(alice)).body.code).toBe(200);
    expect((await upload('invoice/upload', admin, orderId)).body.code).toBe(200);
    expect((await order(orderId)).invoiceStatus).toBe('issued');

    // Bob: not in his list, not readable, no move, no file.
    const list = await get('/wujie/order/list', bob, { pageSize: 50 });
    expect(list.body.rows.map((o: OrderView) => o.orderId)).not.toContain(orderId);
    expect((await get(`/wujie/order/${orderId}`, bob)).body.code).toBe(404);
    for (const kind of ['proof', 'invoice']) {
      const res = await get(`/wujie/order/file/${kind}`, bob, { orderId });
      expect(res.body).toMatchObject({ code: 404 });
    }
    const open = await orderIn('pending_payment');
    for (const path of ['/wujie/order/user/payed', '/wujie/order/cancel']) {
      expect((await post(path, bob, { orderId: open.orderId })).body.code).toBe(404);
    }
    expect((await upload('proof', bob, open.orderId)).body.code).toBe(404);
    expect((await order(open.orderId)).status).toBe('pending_payment');

    // Alice and the administrator get the files themselves.
    const proof = await get('/wujie/order/file/proof', alice, { orderId }).buffer(true);
    expect(proof.status).toBe(200);
    expect(Buffer.compare(proof.body as Buffer, PNG)).toBe(0);
    const invoice = await get('/wujie/order/file/invoice', alice, { orderId }).buffer(true);
    expect(invoice.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(invoice.body as Buffer, PDF)).toBe(0);
    const byAdmin = await get('/wujie/order/file/invoice', admin, { orderId });
    expect(byAdmin.status).toBe(200);

    // A user's list holds only their own orders; the administrator's holds both users'.
    const mine = await get('/wujie/order/list', alice, { pageSize: 500 });
    const aliceId = (mine.body.rows as OrderView[])[0].userId;
    expect((mine.body.rows as OrderView[]).every((o) => o.userId === aliceId)).toBe(true);
    const all = await get('/wujie/order/list', admin, { pageSize: 10, status: 'completed' });
    expect(all.body.total).toBeGreaterThan(0);
    expect((all.body.rows as OrderView[]).every((o) => o.status === 'completed')).toBe(true);
  });

  it("should show every user's orders to whoever holds wujie:recharge:verify, admin or not", async () => {
    const { orderId } = await orderIn('pending_verification');
    const verifier = await verifierToken();
    const listed = async (token: string) =>
      ((await get('/wujie/order/list', token, { pageSize: 50 })).body.rows as OrderView[]).map(
        (o) => o.orderId,
      );
    expect(await listed(verifier)).toContain(orderId);
    expect(await listed(bob)).not.toContain(orderId);

    // What verifying needs: the order, its proof, the move.
    expect((await get(`/wujie/order/${orderId}`, verifier)).body.code).toBe(200);
    expect((await get('/wujie/order/file/proof', verifier, { orderId })).status).toBe(200);
    expect((await post('/wujie/order/admin/payed', verifier, { orderId })).body.code).toBe(200);
    expect((await order(orderId)).status).toBe('completed');
  });

  it('should keep a 4.5 MB proof private: back to its owner byte for byte, nowhere public', async () => {
    const { orderId } = await createOrder(alice);
    const big = Buffer.concat([PNG, randomBytes(4.5 * 1024 * 1024)]);
    const res = await api(stack)
      .post('/prod-api/wujie/order/proof')
      .set('Authorization', `Bearer ${alice}`)
      .set('repeatSubmit', 'false')
      .query({ orderId })
      .attach('file', big, 'scan.png');
    expect(res.body.code).toBe(200);
    const back = await get('/wujie/order/file/proof', alice, { orderId }).buffer(true);
    expect(Buffer.compare(back.body as Buffer, big)).toBe(0);
    // The stored path is billing's to know; neither /profile nor /common/download reaches it.
    const [rows] = await stack.dbs.billing.query(
      "SELECT path FROM recharge_order_file WHERE order_id = ? AND kind = 'proof'",
      [orderId],
    );
    const path = (rows as { path: string }[])[0].path;
    expect((await api(stack).get(`/prod-api${path}`)).status).toBe(404);
    const download = await get('/common/download/resource', bob, { resource: path });
    expect(download.body.code).toBe(404);
  });

  it('should refuse a proof that is not what its name says and an invoice before it is asked', async () => {
    const { orderId } = await createOrder(alice);
    const fake = await api(stack)
      .post('/prod-api/wujie/order/proof')
      .set('Authorization', `Bearer ${alice}`)
      .set('repeatSubmit', 'false')
      .query({ orderId, lang: 'en' })
      .attach('file', Buffer.from('not an image at all'), 'proof.png');
    expect(fake.body.code).toBe(500);
    expect((await order(orderId)).files).toEqual([]);
    const completed = await orderIn('completed');
    expect((await upload('invoice/upload', admin, completed.orderId)).body).toMatchObject({
      code: 601,
      msg: 'Order status abnormal',
    });
  });
});

describe('overseas remittance', () => {
  it('should need the signed document and expire after five days by the scheduled job', async () => {
    const overseas = await createOrder(alice, { country: 'Germany' });
    const view = await order(overseas.orderId);
    expect(view.overseas).toBe(true);
    const days = (Date.parse(view.expireTime!) - Date.parse(view.createTime)) / 86_400_000;
    expect(days).toBe(5);
    await upload('proof', alice, overseas.orderId);
    const noContract = await post('/wujie/order/user/payed', alice, { orderId: overseas.orderId });
    expect(noContract.body).toMatchObject({ code: 601 });
    expect(noContract.body.msg).toContain('signed document');

    // An overseas order in each other state, and a domestic one: the sweep touches none of them.
    const paid = await createOrder(alice, { country: 'Germany' });
    await upload('proof', alice, paid.orderId);
    await upload('contract', alice, paid.orderId);
    expect(
      (await post('/wujie/order/user/payed', alice, { orderId: paid.orderId })).body.code,
    ).toBe(200);
    const domestic = await createOrder(alice);

    const expiry = billing.get(OrderExpiry);
    const created = Date.parse(view.createTime);
    expect(await expiry.sweep(new Date(created + 4 * 86_400_000))).toBe(0);
    expect((await order(overseas.orderId)).status).toBe('pending_payment');
    expect(await expiry.sweep(new Date(created + 5 * 86_400_000 + 60_000))).toBeGreaterThanOrEqual(
      1,
    );
    expect((await order(overseas.orderId)).status).toBe('cancelled');
    expect((await order(paid.orderId)).status).toBe('pending_verification');
    expect((await order(domestic.orderId)).status).toBe('pending_payment');
    // A second sweep finds nothing more to do.
    await expiry.sweep(new Date(created + 6 * 86_400_000));
    expect((await order(overseas.orderId)).status).toBe('cancelled');
  });
});

describe('Alipay face-to-face payment (signed double)', () => {
  const notify = (fields: Record<string, string>) =>
    api(stack).post('/prod-api/wujie/order/alipay/notify').type('form').send(fields);

  it('should precreate a QR code through the signed gateway', async () => {
    const created = await createOrder(alice, { payType: 'alipay' });
    expect(created.qrCode).toMatch(/^https:\/\/qr\.alipay\.com\//);
    expect(alipay.trades.get(created.orderNo)?.totalAmount).toBe('100.00');
    expect(alipay.badRequests).toBe(0);
  });

  it('should credit once however many times the same notification arrives', async () => {
    const { orderId, orderNo, points } = await createOrder(alice, { payType: 'alipay' });
    const fields = alipay.notification(orderNo);
    for (let i = 0; i < 3; i += 1) {
      const res = await notify(fields);
      expect(res.status).toBe(200);
      expect(res.text).toBe('success');
      // The gateway refuses an identical POST within one second (spec's duplicate-submit rule).
      await new Promise((r) => setTimeout(r, 1100));
    }
    expect((await order(orderId)).status).toBe('completed');
    expect(await credits(orderNo)).toEqual({ count: 1, points });
  });

  it('should credit once when notifications of one payment arrive at the same time', async () => {
    const { orderId, orderNo, points } = await createOrder(alice, { payType: 'alipay' });
    // Deliveries at different times (so the gateway's duplicate rule lets each through).
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        notify(alipay.notification(orderNo, { notify_time: `2026-11-27 10:0${i}:05` })),
      ),
    );
    expect(answers.map((a) => a.text)).toEqual(Array(8).fill('success'));
    expect((await order(orderId)).status).toBe('completed');
    expect(await credits(orderNo)).toEqual({ count: 1, points });
  });

  it('should credit nothing for a forged signature, another app id or another amount', async () => {
    const { orderId, orderNo } = await createOrder(alice, { payType: 'alipay' });
    const forged = await notify(alipay.notification(orderNo, {}, forgerKey()));
    expect(forged.text).toBe('failure');
    const tampered = { ...alipay.notification(orderNo), total_amount: '0.01' };
    expect((await notify(tampered)).text).toBe('failure');
    const otherApp = await notify(alipay.notification(orderNo, { app_id: '2021000000000999' }));
    expect(otherApp.text).toBe('failure');
    const cheaper = await notify(alipay.notification(orderNo, { total_amount: '1.00' }));
    expect(cheaper.text).toBe('failure');
    expect((await order(orderId)).status).toBe('pending_payment');
    expect(await credits(orderNo)).toEqual({ count: 0, points: 0 });
  });

  it.each(ORDER_STATUSES.map((s) => [s]))('alipayPaid from %s follows the table', async (from) => {
    const created = await orderIn(from, { payType: 'alipay' });
    const before = await credits(created.orderNo);
    await notify(alipay.notification(created.orderNo));
    const move = orderTransition('alipayPaid', from);
    const expected = move ? move.to : from;
    expect((await order(created.orderId)).status).toBe(expected);
    const after = await credits(created.orderNo);
    expect(after.count - before.count).toBe(move?.credits ? 1 : 0);
  });

  it('should close the Alipay trade of a cancelled order', async () => {
    const { orderId, orderNo } = await createOrder(alice, { payType: 'alipay' });
    expect((await post('/wujie/order/cancel', alice, { orderId })).body.code).toBe(200);
    expect(alipay.trades.get(orderNo)?.status).toBe('TRADE_CLOSED');
    const late = await notify(alipay.notification(orderNo));
    expect(late.text).toBe('failure');
    expect((await order(orderId)).status).toBe('cancelled');
    expect(await credits(orderNo)).toEqual({ count: 0, points: 0 });
  });

  it('should complete the order when the QR page polls a paid trade', async () => {
    const { orderId, orderNo, points } = await createOrder(alice, { payType: 'alipay' });
    const waiting = await post('/wujie/order/alipay/query', alice, { orderId });
    expect(waiting.body.data).toMatchObject({
      status: 'pending_payment',
      tradeStatus: 'WAIT_BUYER_PAY',
    });
    alipay.trades.get(orderNo)!.status = 'TRADE_SUCCESS';
    const paid = await post('/wujie/order/alipay/query', alice, { orderId });
    expect(paid.body.data).toMatchObject({ status: 'completed', tradeStatus: 'TRADE_SUCCESS' });
    expect(await credits(orderNo)).toEqual({ count: 1, points });
    expect((await post('/wujie/order/alipay/query', bob, { orderId })).body.code).toBe(404);
  });

  /** An Alipay order the buyer paid (Alipay's trade succeeded, the QR page's poll completed it). */
  async function paidAlipayOrder() {
    const created = await createOrder(alice, { payType: 'alipay' });
    alipay.trades.get(created.orderNo)!.status = 'TRADE_SUCCESS';
    const paid = await post('/wujie/order/alipay/query', alice, { orderId: created.orderId });
    expect(paid.body.data).toMatchObject({ status: 'completed' });
    return created;
  }

  const refund = (orderId: number, lang: 'en' | 'zh' = 'en') =>
    api(stack)
      .post('/prod-api/wujie/order/admin/refund')
      .set('Authorization', `Bearer ${admin}`)
      .set('repeatSubmit', 'false')
      .query({ lang })
      .send({ orderId, reason: 'Asked back' });

  it('should refund a paid Alipay order through alipay.trade.refund, then take its points back', async () => {
    const { orderId, orderNo } = await paidAlipayOrder();
    const res = await refund(orderId);
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
    expect(alipay.refunds.get(refundRequestNo(orderNo))).toEqual({
      outTradeNo: orderNo,
      amount: '100.00',
      calls: 1,
    });
    expect(alipay.badRequests).toBe(0);
    expect((await order(orderId)).status).toBe('cancelled');
    expect(await credits(orderNo)).toEqual({ count: 2, points: 0 });
  });

  it('should leave a refused refund paid and tell the administrator why in their language', async () => {
    const { orderId, orderNo, points } = await paidAlipayOrder();
    alipay.refundRefusal = { subCode: 'ACQ.SELLER_BALANCE_NOT_ENOUGH', subMsg: '卖家余额不足' };
    try {
      const en = await refund(orderId, 'en');
      expect(en.body).toMatchObject({ code: 601 });
      expect(en.body.msg).toContain("merchant's Alipay balance is too low");
      const zh = await refund(orderId, 'zh');
      expect(zh.body).toMatchObject({ code: 601 });
      expect(zh.body.msg).toContain('余额不足');
    } finally {
      alipay.refundRefusal = null;
    }
    expect((await order(orderId)).status).toBe('completed');
    expect(await credits(orderNo)).toEqual({ count: 1, points });
    expect(alipay.refunds.has(refundRequestNo(orderNo))).toBe(false);
    // Once Alipay can pay it back, the same refund goes through.
    expect((await refund(orderId)).body.code).toBe(200);
    expect((await order(orderId)).status).toBe('cancelled');
  });

  it('should finish a refund Alipay made but whose answer never reached billing, paying nothing twice', async () => {
    const { orderId, orderNo } = await paidAlipayOrder();
    // An earlier attempt: Alipay refunded under the order's refund request number, billing did
    // not hear back. The retry sends the same number, and Alipay answers fund_change N.
    alipay.refunds.set(refundRequestNo(orderNo), {
      outTradeNo: orderNo,
      amount: '100.00',
      calls: 1,
    });
    expect((await refund(orderId)).body.code).toBe(200);
    expect(alipay.refunds.get(refundRequestNo(orderNo))?.calls).toBe(2);
    expect((await order(orderId)).status).toBe('cancelled');
    expect(await credits(orderNo)).toEqual({ count: 2, points: 0 });
  });

  it('should not ask Alipay about a remittance order it refunds', async () => {
    const { orderId, orderNo } = await orderIn('completed');
    const before = alipay.refunds.size;
    expect((await refund(orderId)).body.code).toBe(200);
    expect(alipay.refunds.size).toBe(before);
    expect(await credits(orderNo)).toEqual({ count: 2, points: 0 });
  });
});

describe('four eyes on orders (issue 25)', () => {
  const FOUR_EYES = 'billing.four_eyes.enabled';
  const REFUSED = {
    code: 500,
    msg: 'You cannot confirm your own order, nor that of a user whose points you changed: another administrator must confirm it',
  };

  async function setFourEyes(enabled: boolean) {
    await stack.db.query(`UPDATE sys_config SET config_value = ? WHERE config_key = ?`, [
      String(enabled),
      FOUR_EYES,
    ]);
    await stack.redis.del(stack.key(`sys_config:${FOUR_EYES}`));
  }

  /** An order of `token`'s user, proof uploaded and said paid: waiting for an administrator. */
  async function awaitingVerification(token: string) {
    const created = await createOrder(token);
    expect((await upload('proof', token, created.orderId)).body.code).toBe(200);
    const paid = await post('/wujie/order/user/payed', token, { orderId: created.orderId });
    expect(paid.body.code).toBe(200);
    return created;
  }

  it('should refuse an administrator confirming their own order, and let another verifier do it', async () => {
    const { orderId, orderNo, points } = await awaitingVerification(admin);
    const own = await post('/wujie/order/admin/payed', admin, { orderId });
    expect(own.body).toEqual(REFUSED);
    const zh = await api(stack)
      .post('/prod-api/wujie/order/admin/payed?lang=zh')
      .set('Authorization', `Bearer ${admin}`)
      .set('repeatSubmit', 'false')
      .send({ orderId });
    expect(zh.body.msg).toContain('另一位管理员');
    expect((await order(orderId)).status).toBe('pending_verification');
    expect(await credits(orderNo)).toEqual({ count: 0, points: 0 });

    const other = await post('/wujie/order/admin/payed', await verifierToken(), { orderId });
    expect(other.body.code).toBe(200);
    expect(await credits(orderNo)).toEqual({ count: 1, points });
  });

  it('should refuse an administrator confirming the order of a user whose points they changed', async () => {
    const carol = await registerByPhone(stack);
    const { orderId } = await awaitingVerification(carol.token);
    const carolId = (await order(orderId)).userId;
    const change = await post('/wujie/order/points/admin/change', admin, {
      userId: carolId,
      points: 5,
      reason: 'goodwill',
    });
    expect(change.body.code, JSON.stringify(change.body)).toBe(200);
    expect((await post('/wujie/order/admin/payed', admin, { orderId })).body).toEqual(REFUSED);
    const other = await post('/wujie/order/admin/payed', await verifierToken(), { orderId });
    expect(other.body.code).toBe(200);
  });

  it('should let one administrator confirm their own order when the parameter is off', async () => {
    const { orderId } = await awaitingVerification(admin);
    await setFourEyes(false);
    try {
      const res = await post('/wujie/order/admin/payed', admin, { orderId });
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
      expect((await order(orderId)).status).toBe('completed');
    } finally {
      await setFourEyes(true);
    }
  });
});
