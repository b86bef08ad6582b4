/**
 * Message patterns of recharge orders, payment and invoices (billing service). The gateway sends them
 * with the caller from the session; the billing service decides what the caller may see or do.
 */
export const BILLING_ORDER_PATTERNS = {
  /** A user's new recharge order {amount, payType, signing information} → OrderCreatedView. */
  create: 'billing.order.create',
  /** A page of orders: the caller's own, every user's for an administrator (with filters). */
  list: 'billing.order.list',
  /** One order (its owner or an administrator). */
  get: 'billing.order.get',
  /** The owner says the remittance is sent: pending payment → pending verification. */
  userPayed: 'billing.order.user-payed',
  /** An administrator confirms the payment: → completed, points credited. */
  adminPayed: 'billing.order.admin-payed',
  /** An administrator rejects the verification: → pending payment, with the reason. */
  adminRejected: 'billing.order.admin-rejected',
  /** An administrator refunds a completed order: → cancelled, its points taken back. */
  adminRefund: 'billing.order.admin-refund',
  /** The owner or an administrator cancels an unpaid order. */
  cancel: 'billing.order.cancel',
  /** The owner asks for an invoice of a completed order. */
  invoiceRequest: 'billing.order.invoice-request',
  /** A file of an order (proof, signed document, invoice PDF) checked by the gateway, as base64. */
  fileUpload: 'billing.order.file-upload',
  /** A file of an order for download (its owner or an administrator). */
  fileGet: 'billing.order.file-get',
  /** Asks Alipay for the trade's state (the QR page polls it); completes the order when paid. */
  alipayQuery: 'billing.order.alipay-query',
  /** A new QR code for an unpaid Alipay order. */
  alipayPrecreate: 'billing.order.alipay-precreate',
  /** Alipay's asynchronous notification (form fields as received), verified by its signature. */
  alipayNotify: 'billing.order.alipay-notify',
  /** What the top-up form may offer: whether Alipay is configured, the remittance bank account. */
  payConfig: 'billing.order.pay-config',
} as const;
