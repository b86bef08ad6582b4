import {
  type InvoiceStatus,
  type Language,
  ORDER_FILE_KINDS,
  type OrderFileKind,
  type OrderStatus,
  type OrderType,
  type OrderView,
  type PayType,
  renderMessage,
  type SigningParty,
} from '@platform/contracts';

/** A row of recharge_order as mysql2 returns it (bigint as string, datetime as Date). */
export interface OrderRow {
  id: string | number;
  order_no: string;
  user_id: string | number;
  amount: number;
  points: string | number;
  type: OrderType;
  pay_type: PayType;
  status: OrderStatus;
  invoice_status: InvoiceStatus;
  signing_party: SigningParty;
  full_name: string;
  country: string;
  address: string;
  company_name: string | null;
  company_address: string | null;
  job_title: string | null;
  overseas: number;
  remark: string | null;
  reject_reason: string | null;
  qr_code: string | null;
  trade_no: string | null;
  create_time: Date;
  pay_time: Date | null;
  expire_time: Date | null;
  /** Comma-joined kinds of the order's files (list query). */
  file_kinds?: string | null;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** The columns every order query selects, with the kinds of files the order holds. */
export const ORDER_COLUMNS = `o.*, (SELECT GROUP_CONCAT(f.kind) FROM recharge_order_file f
  WHERE f.order_id = o.id) AS file_kinds`;

export function orderView(row: OrderRow, lang: Language): OrderView {
  const kinds = (row.file_kinds ?? '').split(',');
  return {
    orderId: Number(row.id),
    orderNo: row.order_no,
    userId: Number(row.user_id),
    amount: Number(row.amount),
    points: Number(row.points),
    type: row.type,
    payType: row.pay_type,
    status: row.status,
    statusText: renderMessage(`order.status.${row.status}`, lang),
    invoiceStatus: row.invoice_status,
    invoiceStatusText: renderMessage(`order.invoice.${row.invoice_status}`, lang),
    signingParty: row.signing_party,
    fullName: row.full_name,
    country: row.country,
    address: row.address,
    companyName: row.company_name,
    companyAddress: row.company_address,
    jobTitle: row.job_title,
    overseas: Boolean(row.overseas),
    remark: row.remark,
    rejectReason: row.reject_reason,
    files: ORDER_FILE_KINDS.filter((k: OrderFileKind) => kinds.includes(k)),
    qrCode: row.status === 'pending_payment' ? row.qr_code : null,
    createTime: iso(row.create_time) ?? '',
    payTime: iso(row.pay_time),
    expireTime: iso(row.expire_time),
  };
}
