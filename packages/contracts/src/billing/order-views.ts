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

/** Answer of the Alipay trade query the QR page polls. */
export interface AlipayQueryView {
  status: OrderStatus;
  /** Alipay's trade status (WAIT_BUYER_PAY, TRADE_SUCCESS, TRADE_CLOSED …) or null when unknown. */
  tradeStatus: string | null;
}
