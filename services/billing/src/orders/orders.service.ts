import { randomInt } from 'node:crypto';

import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import {
  DomainError,
  INVOICE_TRANSITIONS,
  isOverseas,
  type Language,
  ledgerReasonText,
  type OrderAction,
  type OrderActor,
  type OrderCreatedView,
  type OrderFileKind,
  type OrderFileUploadView,
  type OrderFileView,
  orderTransition,
  type OrderView,
  OVERSEAS_PAY_DAYS,
  type PageView,
  PLATFORM_EVENTS,
  pointsFor,
  renderMessage,
} from '@platform/contracts';
import type { CreateOrderBody, OrderFileUploadBody, OrderListQuery } from '@platform/contracts/dto';
import type { DataSource, EntityManager } from 'typeorm';

import { InjectBillingDb } from '../database/inject';
import { writeEvent } from '../events/outbox';
import { LedgerService } from '../ledger/ledger.service';
import {
  ALIPAY_GATEWAY,
  type AlipayGateway,
  type AlipayRefundAnswer,
  isRefunded,
  refundRequestNo,
} from '../payment/alipay.gateway';
import { BILLING_CLOCK, type Clock } from './clock';
import { FourEyes } from './four-eyes';
import { ORDER_COLUMNS, type OrderRow, orderView } from './order.rows';
import { PointsPrice } from './points-price';

/** Who asks: the session's user, and whether they hold wujie:recharge:verify. */
export interface OrderCaller {
  userId: number;
  /** The session's user name: what the ledger records as the operator of manual points changes. */
  userName?: string;
  /** Sees and handles every user's orders (an administrator, or a role given the permission). */
  verifier: boolean;
}

const DAY_MS = 86_400_000;
const operatorOf = (caller: OrderCaller | null) => (caller ? `user:${caller.userId}` : 'system');

/**
 * Recharge orders. Every status move goes through `move`, which reads the one transition table
 * (contracts ORDER_TRANSITIONS) with the order row locked; completing credits the points through
 * the ledger in the same transaction (key `order:<orderNo>`, so a repeat credits nothing) and
 * writes the events to the outbox in it too.
 */
@Injectable()
export class OrdersService {
  private readonly logger = new Logger(OrdersService.name);

  constructor(
    @InjectBillingDb() private readonly db: DataSource,
    private readonly ledger: LedgerService,
    private readonly price: PointsPrice,
    private readonly fourEyes: FourEyes,
    @Inject(BILLING_CLOCK) private readonly clock: Clock,
    @Optional() @Inject(ALIPAY_GATEWAY) private readonly alipay: AlipayGateway | null,
  ) {}

  async create(body: CreateOrderBody, caller: OrderCaller): Promise<OrderCreatedView> {
    if (body.payType === 'alipay' && !this.alipay)
      throw new DomainError('order.alipay_unavailable');
    const points = pointsFor(body.amount, await this.price.perYuan());
    const overseas = isOverseas(body.payType, body.country);
    const now = this.clock.now();
    const company = body.signingParty === 'company';
    const insert = (orderNo: string) =>
      this.db.query(
        `INSERT INTO recharge_order (order_no, user_id, amount, points, type, pay_type, status,
         signing_party, full_name, country, address, company_name, company_address, job_title,
         overseas, remark, create_time, expire_time)
       VALUES (?, ?, ?, ?, 'self', ?, 'pending_payment', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          orderNo,
          caller.userId,
          body.amount,
          points,
          body.payType,
          body.signingParty,
          body.fullName,
          body.country,
          body.address,
          company ? (body.companyName ?? null) : null,
          company ? (body.companyAddress ?? null) : null,
          company ? (body.jobTitle ?? null) : null,
          overseas ? 1 : 0,
          body.remark ?? null,
          now,
          overseas ? new Date(now.getTime() + OVERSEAS_PAY_DAYS * DAY_MS) : null,
        ],
      ) as Promise<{ insertId: number }>;
    // A random order number may, rarely, be taken within the same second: draw again.
    let orderNo = newOrderNo(now);
    let result: { insertId: number } | undefined;
    for (let attempt = 1; !result; attempt += 1) {
      try {
        result = await insert(orderNo);
      } catch (error) {
        const code = (error as { driverError?: { code?: string } }).driverError?.code;
        if (code !== 'ER_DUP_ENTRY' || attempt >= 3) throw error;
        orderNo = newOrderNo(now);
      }
    }
    const orderId = Number(result.insertId);
    const created: OrderCreatedView = { orderId, orderNo, points };
    if (body.payType === 'alipay')
      created.qrCode = await this.precreate(orderId, orderNo, body.amount);
    return created;
  }

  async list(
    query: OrderListQuery,
    caller: OrderCaller,
    lang: Language,
  ): Promise<PageView<OrderView>> {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: string, value: unknown) => {
      where.push(sql);
      params.push(value);
    };
    // A user sees only their own orders, whatever the filters say.
    if (!caller.verifier) add('o.user_id = ?', caller.userId);
    else if (query.userId) add('o.user_id = ?', query.userId);
    if (query.orderNo) add('o.order_no LIKE ?', `%${escapeLike(query.orderNo)}%`);
    if (query.status) add('o.status = ?', query.status);
    if (query.invoiceStatus) add('o.invoice_status = ?', query.invoiceStatus);
    if (query.payType) add('o.pay_type = ?', query.payType);
    if (query.beginTime) add('o.create_time >= ?', new Date(query.beginTime));
    if (query.endTime)
      add('o.create_time < ?', new Date(new Date(query.endTime).getTime() + DAY_MS));
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const size = query.pageSize ?? 20;
    const offset = ((query.pageNum ?? 1) - 1) * size;
    const direction = query.isAsc === 'asc' || query.isAsc === 'ascending' ? 'ASC' : 'DESC';
    const [rows, count] = await Promise.all([
      this.db.query(
        `SELECT ${ORDER_COLUMNS} FROM recharge_order o ${clause} ORDER BY o.id ${direction} LIMIT ? OFFSET ?`,
        [...params, size, offset],
      ) as Promise<OrderRow[]>,
      this.db.query(`SELECT COUNT(*) AS total FROM recharge_order o ${clause}`, params) as Promise<
        { total: string | number }[]
      >,
    ]);
    return { rows: rows.map((r) => orderView(r, lang)), total: Number(count[0].total) };
  }

  async get(orderId: number, caller: OrderCaller, lang: Language): Promise<OrderView> {
    return orderView(await this.visible(this.db.manager, orderId, caller), lang);
  }

  /**
   * Makes `action` on an order as `actor`: refused with "Order status abnormal" (and nothing
   * changed) unless the table allows it from the order's status for that actor.
   */
  async move(
    orderId: number,
    action: OrderAction,
    actor: OrderActor,
    caller: OrderCaller | null,
    options: { reason?: string; tradeNo?: string; lang?: Language } = {},
  ): Promise<OrderView> {
    // Confirming a payment credits points: a second person's job unless the parameter says otherwise.
    const confirmer =
      action === 'adminPayed' && caller && (await this.fourEyes.enabled()) ? caller : null;
    await this.db.transaction(async (tx) => {
      const order = await this.locked(tx, orderId, actor === 'owner' ? caller : null);
      if (confirmer) await this.fourEyes.check(tx, Number(order.user_id), confirmer);
      await this.apply(tx, order, action, actor, caller, options);
      // Last, inside the transaction: the table and the points check have passed (so no money goes
      // back for a refund the ledger would refuse), and a refusal rolls the whole move back.
      if (action === 'adminRefund' && paidThroughAlipay(order)) {
        await this.refundThroughAlipay(order, options.reason ?? '');
      }
    });
    const rows: OrderRow[] = await this.db.query(
      `SELECT ${ORDER_COLUMNS} FROM recharge_order o WHERE o.id = ?`,
      [orderId],
    );
    return orderView(rows[0], options.lang ?? 'zh');
  }

  /** The owner cancels their unpaid order; an administrator any unpaid order. */
  async cancel(orderId: number, caller: OrderCaller, lang: Language): Promise<OrderView> {
    const rows: { user_id: string | number }[] = await this.db.query(
      'SELECT user_id FROM recharge_order WHERE id = ?',
      [orderId],
    );
    const mine = rows.length > 0 && Number(rows[0].user_id) === caller.userId;
    const actor: OrderActor = mine || !caller.verifier ? 'owner' : 'admin';
    const view = await this.move(orderId, 'cancel', actor, caller, { lang });
    if (view.payType === 'alipay' && this.alipay) {
      // So the QR code shown before cannot be paid any more; a failure is logged, the order stays
      // cancelled, and a payment that still arrives is refused (logged for the administrator).
      await this.alipay.close(view.orderNo).catch((error: unknown) => {
        this.logger.error(`alipay.trade.close ${view.orderNo}: ${String(error)}`);
      });
    }
    return view;
  }

  /** The owner asks for an invoice of a completed order (not invoiced → awaiting invoice). */
  async requestInvoice(orderId: number, caller: OrderCaller): Promise<void> {
    await this.db.transaction(async (tx) => {
      const order = await this.locked(tx, orderId, caller);
      const move = INVOICE_TRANSITIONS.request;
      if (order.status !== 'completed' || order.invoice_status !== move.from) {
        throw abnormal();
      }
      await tx.query('UPDATE recharge_order SET invoice_status = ? WHERE id = ?', [
        move.to,
        orderId,
      ]);
      await log(tx, orderId, 'invoiceRequest', move.from, move.to, operatorOf(caller));
    });
  }

  /**
   * Stores a file of an order (already checked by content at the gateway). The owner uploads the
   * remittance proof and the signed document while the order is unpaid; an administrator uploads
   * the invoice PDF of an order awaiting its invoice, which makes it invoiced.
   */
  async upload(body: OrderFileUploadBody, caller: OrderCaller): Promise<OrderFileUploadView> {
    return this.db.transaction(async (tx) => {
      const invoice = body.kind === 'invoice';
      // The invoice is the administrator's (the gateway checks the permission); the rest the owner's.
      const order = await this.locked(tx, body.orderId, invoice ? null : caller);
      if (invoice) {
        const move = INVOICE_TRANSITIONS.issue;
        if (order.invoice_status !== move.from) throw abnormal();
        await tx.query('UPDATE recharge_order SET invoice_status = ? WHERE id = ?', [
          move.to,
          body.orderId,
        ]);
        await log(tx, body.orderId, 'invoiceIssue', move.from, move.to, operatorOf(caller));
      } else if (order.status !== 'pending_payment') {
        throw new DomainError('order.file_not_allowed', {}, 601);
      }
      // The file this one replaces (the order row is locked): the gateway deletes it once stored.
      const [previous] = (await tx.query(
        'SELECT path FROM recharge_order_file WHERE order_id = ? AND kind = ?',
        [body.orderId, body.kind],
      )) as { path: string }[];
      await tx.query(
        `INSERT INTO recharge_order_file (order_id, kind, file_name, ext, size, path, uploaded_by)
         VALUES (?, ?, ?, ?, ?, ?, ?)
         ON DUPLICATE KEY UPDATE file_name = VALUES(file_name), ext = VALUES(ext),
           size = VALUES(size), path = VALUES(path), uploaded_by = VALUES(uploaded_by),
           create_time = CURRENT_TIMESTAMP(3)`,
        [
          body.orderId,
          body.kind,
          body.fileName,
          body.ext,
          body.size,
          body.path,
          operatorOf(caller),
        ],
      );
      return { replacedPath: previous && previous.path !== body.path ? previous.path : null };
    });
  }

  /** A file of an order, for its owner or an administrator. */
  async file(orderId: number, kind: OrderFileKind, caller: OrderCaller): Promise<OrderFileView> {
    await this.visible(this.db.manager, orderId, caller);
    const rows: { file_name: string; ext: string; path: string }[] = await this.db.query(
      'SELECT file_name, ext, path FROM recharge_order_file WHERE order_id = ? AND kind = ?',
      [orderId, kind],
    );
    if (!rows.length) throw new DomainError('order.file_not_found', {}, 404);
    return {
      fileName: rows[0].file_name,
      ext: rows[0].ext,
      path: rows[0].path,
    };
  }

  /** Cancels the overseas orders whose five days passed at `now` (the scheduled job's sweep). */
  async expireDue(now: Date = this.clock.now()): Promise<number> {
    const due: { id: string | number }[] = await this.db.query(
      `SELECT id FROM recharge_order WHERE status = 'pending_payment' AND expire_time IS NOT NULL
         AND expire_time <= ? ORDER BY id LIMIT 500`,
      [now],
    );
    let expired = 0;
    for (const { id } of due) {
      try {
        await this.move(Number(id), 'expire', 'system', null);
        expired += 1;
      } catch (error) {
        // Paid or cancelled meanwhile: the table refused, which is right.
        if (!(error instanceof DomainError)) throw error;
      }
    }
    return expired;
  }

  // ---- Alipay -------------------------------------------------------------------------------

  /** A new QR code for an unpaid Alipay order (the owner's). */
  async alipayPrecreate(orderId: number, caller: OrderCaller): Promise<OrderCreatedView> {
    const order = await this.visible(this.db.manager, orderId, caller, true);
    if (order.pay_type !== 'alipay' || order.status !== 'pending_payment') throw abnormal();
    const qrCode = await this.precreate(orderId, order.order_no, order.amount);
    return { orderId, orderNo: order.order_no, points: Number(order.points), qrCode };
  }

  /** Asks Alipay about the trade (the QR page polls): a paid trade completes the order. */
  async alipayQuery(orderId: number, caller: OrderCaller) {
    const order = await this.visible(this.db.manager, orderId, caller);
    const gateway = this.requireAlipay();
    if (order.pay_type !== 'alipay') throw abnormal();
    if (order.status !== 'pending_payment') return { status: order.status, tradeStatus: null };
    const trade = await gateway.query(order.order_no).catch((error: unknown) => {
      this.logger.warn(`alipay.trade.query ${order.order_no}: ${String(error)}`);
      throw new DomainError('order.payment_error');
    });
    if (trade && isPaid(trade.tradeStatus) && trade.totalAmount === yuan(order.amount)) {
      const moved = await this.completeByAlipay(order.order_no, trade.tradeNo ?? undefined);
      return { status: moved, tradeStatus: trade.tradeStatus };
    }
    if (trade?.tradeStatus === 'TRADE_CLOSED') throw new DomainError('order.payment_error');
    return { status: order.status, tradeStatus: trade?.tradeStatus ?? null };
  }

  /**
   * Alipay's asynchronous notification: answered 'success' once handled (Alipay then stops
   * resending), 'failure' when it is not genuine or does not match the order. Only a verified
   * signature, our app id, a known order and its exact amount complete an order; a repeat finds the
   * order completed and credits nothing.
   */
  async alipayNotify(fields: Record<string, string>): Promise<'success' | 'failure'> {
    const gateway = this.alipay;
    if (!gateway || !gateway.verifyNotify(fields)) {
      this.logger.warn(`alipay notification refused: bad signature (${fields.out_trade_no ?? ''})`);
      return 'failure';
    }
    if (fields.app_id !== gateway.appId) return 'failure';
    const rows: OrderRow[] = await this.db.query(
      'SELECT * FROM recharge_order WHERE order_no = ?',
      [fields.out_trade_no ?? ''],
    );
    const order = rows[0];
    if (!order || order.pay_type !== 'alipay') return 'failure';
    if (fields.total_amount !== yuan(order.amount)) {
      this.logger.warn(
        `alipay notification refused: amount ${fields.total_amount} ≠ ${order.order_no}`,
      );
      return 'failure';
    }
    if (!isPaid(fields.trade_status ?? '')) return 'success';
    if (order.status === 'cancelled') {
      this.logger.error(`alipay paid the cancelled order ${order.order_no}: refund it by hand`);
      return 'failure';
    }
    await this.completeByAlipay(order.order_no, fields.trade_no);
    return 'success';
  }

  private async completeByAlipay(orderNo: string, tradeNo?: string) {
    return this.db.transaction(async (tx) => {
      const rows: OrderRow[] = await tx.query(
        'SELECT * FROM recharge_order WHERE order_no = ? FOR UPDATE',
        [orderNo],
      );
      const order = rows[0];
      // Completed already (an earlier notification or query): nothing more to do.
      if (order.status === 'completed') return order.status;
      await this.apply(tx, order, 'alipayPaid', 'system', null, { tradeNo });
      return 'completed' as const;
    });
  }

  /** alipay.trade.refund of the whole order; throws (in the caller's words) unless Alipay paid back. */
  private async refundThroughAlipay(order: OrderRow, reason: string): Promise<void> {
    const gateway = this.requireAlipay();
    const amount = yuan(order.amount);
    const answer = await gateway
      .refund({
        orderNo: order.order_no,
        tradeNo: order.trade_no,
        amount,
        requestNo: refundRequestNo(order.order_no),
        reason,
      })
      .catch((error: unknown) => {
        // No answer: Alipay may have refunded; a retry sends the same request number.
        this.logger.warn(`alipay.trade.refund ${order.order_no}: ${String(error)}`);
        throw new DomainError('order.refund_unconfirmed', {}, 601);
      });
    if (isRefunded(answer, amount)) return;
    this.logger.warn(
      `alipay.trade.refund ${order.order_no} refused: ${answer.code} ${answer.subCode ?? ''} ` +
        `fund_change=${answer.fundChange ?? ''} refund_fee=${answer.refundFee ?? ''}`,
    );
    throw refundRefusal(answer);
  }

  private async precreate(orderId: number, orderNo: string, amount: number): Promise<string> {
    const gateway = this.requireAlipay();
    const subject = `${ledgerReasonText('recharge', 'zh')} ${orderNo}`;
    const qrCode = await gateway.precreate(orderNo, amount, subject).catch((error: unknown) => {
      this.logger.warn(`alipay.trade.precreate ${orderNo}: ${String(error)}`);
      throw new DomainError('order.payment_error');
    });
    await this.db.query('UPDATE recharge_order SET qr_code = ? WHERE id = ?', [qrCode, orderId]);
    return qrCode;
  }

  private requireAlipay(): AlipayGateway {
    if (!this.alipay) throw new DomainError('order.alipay_unavailable');
    return this.alipay;
  }

  // ---- the one place a status changes -------------------------------------------------------

  private async apply(
    tx: EntityManager,
    order: OrderRow,
    action: OrderAction,
    actor: OrderActor,
    caller: OrderCaller | null,
    options: { reason?: string; tradeNo?: string },
  ): Promise<void> {
    const move = orderTransition(action, order.status);
    if (!move || !move.by.includes(actor)) throw abnormal();
    const orderId = Number(order.id);
    if (action === 'userPayed') await this.requireFiles(tx, order);
    if (action === 'alipayPaid' && order.pay_type !== 'alipay') throw abnormal();
    if ((action === 'adminRejected' || action === 'adminRefund') && !options.reason?.trim()) {
      throw new DomainError('order.reject_reason_required', {}, 601);
    }
    const completed = move.to === 'completed';
    await tx.query(
      `UPDATE recharge_order SET status = ?, reject_reason = ?, pay_time = ?, trade_no = COALESCE(?, trade_no)
       WHERE id = ? AND status = ?`,
      [
        move.to,
        action === 'adminRejected' || action === 'adminRefund'
          ? (options.reason ?? null)
          : order.reject_reason,
        completed ? this.clock.now() : order.pay_time,
        options.tradeNo ?? null,
        orderId,
        order.status,
      ],
    );
    const operator = operatorOf(caller);
    const logId = await log(tx, orderId, action, order.status, move.to, operator, options.reason);
    const userId = Number(order.user_id);
    if (move.credits) {
      const points = Number(order.points);
      // The ledger writes billing.points.credited to the outbox with the entry (once per key).
      await this.ledger.post(
        {
          userId,
          points,
          reason: 'recharge',
          idempotencyKey: `order:${order.order_no}`,
          reference: { type: 'order', id: order.order_no },
          operator,
          remark: order.order_no,
        },
        tx,
      );
    }
    if (move.debits) {
      // Refused with points.insufficient (the whole move rolls back) when the points are spent.
      await this.ledger.post(
        {
          userId,
          points: -Number(order.points),
          reason: 'rechargeRefund',
          idempotencyKey: `order-refund:${order.order_no}`,
          reference: { type: 'order', id: order.order_no },
          operator,
          remark: options.reason?.slice(0, 200) ?? order.order_no,
        },
        tx,
      );
    }
    await writeEvent(
      tx,
      PLATFORM_EVENTS.orderStatusChanged,
      `order.status:${order.order_no}:${logId}`,
      {
        userId,
        orderNo: order.order_no,
        // As the notification service shows it: the status in zh and en; the code beside them.
        status: renderMessage(`order.status.${move.to}`, 'zh'),
        statusEn: renderMessage(`order.status.${move.to}`, 'en'),
        statusCode: move.to,
      },
    );
  }

  private async requireFiles(tx: EntityManager, order: OrderRow): Promise<void> {
    const rows: { kind: string }[] = await tx.query(
      'SELECT kind FROM recharge_order_file WHERE order_id = ?',
      [order.id],
    );
    const kinds = new Set(rows.map((r) => r.kind));
    if (!kinds.has('proof')) throw new DomainError('order.proof_required', {}, 601);
    if (order.overseas && !kinds.has('contract')) {
      throw new DomainError('order.contract_required', {}, 601);
    }
  }

  /** The order locked for a change; `owner` given: it must be theirs (else it "does not exist"). */
  private async locked(tx: EntityManager, orderId: number, owner: OrderCaller | null) {
    const rows: OrderRow[] = await tx.query(
      'SELECT * FROM recharge_order WHERE id = ? FOR UPDATE',
      [orderId],
    );
    const order = rows[0];
    if (!order || (owner && Number(order.user_id) !== owner.userId)) {
      throw new DomainError('order.not_found', {}, 404);
    }
    return order;
  }

  /** An order the caller may see: their own, or any for a verifier (unless `ownOnly`). */
  private async visible(
    manager: EntityManager,
    orderId: number,
    caller: OrderCaller,
    ownOnly = false,
  ): Promise<OrderRow> {
    const rows: OrderRow[] = await manager.query(
      `SELECT ${ORDER_COLUMNS} FROM recharge_order o WHERE o.id = ?`,
      [orderId],
    );
    const order = rows[0];
    const mine = order && Number(order.user_id) === caller.userId;
    if (!order || (!mine && (ownOnly || !caller.verifier))) {
      throw new DomainError('order.not_found', {}, 404);
    }
    return order;
  }
}

const abnormal = () => new DomainError('order.status_abnormal', {}, 601);

/** Alipay's trade number is the proof the money came through Alipay (an administrator's
 * confirmation of an Alipay order records none: that money is returned by hand, as a remittance). */
const paidThroughAlipay = (order: OrderRow) => order.pay_type === 'alipay' && !!order.trade_no;

/** Alipay sub codes an administrator can act on, in our own words (both languages). */
const REFUND_REFUSALS: Record<
  string,
  'order.refund_balance_insufficient' | 'order.refund_trade_closed'
> = {
  'ACQ.SELLER_BALANCE_NOT_ENOUGH': 'order.refund_balance_insufficient',
  'ACQ.TRADE_HAS_FINISHED': 'order.refund_trade_closed',
  'ACQ.TRADE_HAS_CLOSE': 'order.refund_trade_closed',
  'ACQ.TRADE_STATUS_ERROR': 'order.refund_trade_closed',
};

function refundRefusal(answer: AlipayRefundAnswer): DomainError {
  // Accepted but no money moved and none refunded before: not a refusal, not a refund either.
  if (answer.code === '10000') return new DomainError('order.refund_unconfirmed', {}, 601);
  const known = answer.subCode ? REFUND_REFUSALS[answer.subCode] : undefined;
  if (known) return new DomainError(known, {}, 601);
  return new DomainError(
    'order.refund_refused',
    { code: answer.subCode ?? answer.code, reason: answer.subMsg ?? '' },
    601,
  );
}
const isPaid = (status: string) => status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED';
const yuan = (amount: number) => Number(amount).toFixed(2);
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** R + UTC yyyyMMddHHmmss + 6 random digits (unique index; 1 in a million per second to collide). */
function newOrderNo(now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `R${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

async function log(
  tx: EntityManager,
  orderId: number,
  action: string,
  from: string,
  to: string,
  operator: string,
  remark?: string,
): Promise<number> {
  const result = (await tx.query(
    `INSERT INTO recharge_order_log (order_id, action, from_status, to_status, operator, remark)
     VALUES (?, ?, ?, ?, ?, ?)`,
    [orderId, action, from, to, operator, remark?.slice(0, 255) ?? null],
  )) as { insertId: number };
  return Number(result.insertId);
}
