// Recharge orders (issue 14): statuses, the one transition table every move goes through, and the
// top-up rules the web form and the server both apply.

/** Order status: pending payment → (user says paid) pending verification → completed, or cancelled. */
export const ORDER_STATUSES = [
  'pending_payment',
  'pending_verification',
  'completed',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Invoice status of an order: not invoiced → (user asks) awaiting invoice → (admin uploads the PDF) invoiced. */
export const INVOICE_STATUSES = ['none', 'requested', 'issued'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** Who made the order: the user (self), the platform (system) or an administrator. */
export const ORDER_TYPES = ['self', 'system', 'admin'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

export const PAY_TYPES = ['remittance', 'alipay'] as const;
export type PayType = (typeof PAY_TYPES)[number];

export const SIGNING_PARTIES = ['individual', 'company'] as const;
export type SigningParty = (typeof SIGNING_PARTIES)[number];

/** Who may make a move: the order's owner, an administrator (permission wujie:recharge:verify), or the platform. */
export type OrderActor = 'owner' | 'admin' | 'system';

/** A move of an order's status. */
export type OrderAction =
  'userPayed' | 'adminPayed' | 'adminRejected' | 'cancel' | 'adminRefund' | 'alipayPaid' | 'expire';

export interface OrderTransition {
  from: OrderStatus;
  to: OrderStatus;
  /** Who may make it (an administrator may also make the owner's moves on any order). */
  by: readonly OrderActor[];
  /** Completing credits the order's points to the owner (once: ledger key `order:<orderNo>`). */
  credits?: boolean;
  /** A refund takes the order's points back (key `order-refund:<orderNo>`; refused if spent). */
  debits?: boolean;
}

/**
 * THE transition table: a move not listed here answers "Order status abnormal" and changes nothing.
 * - userPayed: the owner says the remittance is sent (proof uploaded; overseas: signed document too).
 * - adminPayed: an administrator confirms the money arrived (also before the user said so).
 * - adminRejected: verification fails; the order goes back to pending payment with the reason.
 * - cancel: the owner or an administrator gives up an unpaid order.
 * - adminRefund: an administrator refunds a completed order; its points are taken back, which is
 *   refused (points.insufficient) when the user has spent them.
 * - alipayPaid: Alipay's signed notification (or trade query) says the trade succeeded.
 * - expire: the overseas remittance was not sent within five days (scheduled job).
 */
export const ORDER_TRANSITIONS: Record<OrderAction, readonly OrderTransition[]> = {
  userPayed: [{ from: 'pending_payment', to: 'pending_verification', by: ['owner'] }],
  adminPayed: [
    { from: 'pending_verification', to: 'completed', by: ['admin'], credits: true },
    { from: 'pending_payment', to: 'completed', by: ['admin'], credits: true },
  ],
  adminRejected: [{ from: 'pending_verification', to: 'pending_payment', by: ['admin'] }],
  cancel: [{ from: 'pending_payment', to: 'cancelled', by: ['owner', 'admin'] }],
  adminRefund: [{ from: 'completed', to: 'cancelled', by: ['admin'], debits: true }],
  alipayPaid: [{ from: 'pending_payment', to: 'completed', by: ['system'], credits: true }],
  expire: [{ from: 'pending_payment', to: 'cancelled', by: ['system'] }],
};

export const ORDER_ACTIONS = Object.keys(ORDER_TRANSITIONS) as OrderAction[];

/** The move `action` makes from `from`, or null when the table does not allow it. */
export function orderTransition(action: OrderAction, from: OrderStatus): OrderTransition | null {
  return ORDER_TRANSITIONS[action].find((t) => t.from === from) ?? null;
}

/** Moves of the invoice status; `request` needs a completed order, `issue` the uploaded PDF. */
export const INVOICE_TRANSITIONS = {
  request: { from: 'none', to: 'requested', by: ['owner'] },
  issue: { from: 'requested', to: 'issued', by: ['admin'] },
} as const satisfies Record<
  string,
  { from: InvoiceStatus; to: InvoiceStatus; by: readonly OrderActor[] }
>;
export type InvoiceAction = keyof typeof INVOICE_TRANSITIONS;

/** Days an overseas remittance order stays payable (spec §9). */
export const OVERSEAS_PAY_DAYS = 5;

/** Yuan of one order: whole yuan, at least 1, at most 1,000,000. */
export const ORDER_AMOUNT_MIN = 1;
export const ORDER_AMOUNT_MAX = 1_000_000;
/** Points per yuan when the parameter `points.price.perYuan` is not set. */
export const POINTS_PER_YUAN_DEFAULT = 10;
export const POINTS_PER_YUAN_CONFIG_KEY = 'points.price.perYuan';

export const ORDER_TEXT_MAX = 100;
export const ORDER_ADDRESS_MAX = 255;
export const ORDER_REASON_MAX = 255;

/** Countries (as users type them) that make a remittance domestic; any other is overseas. */
const DOMESTIC = new Set([
  'cn',
  'china',
  'prc',
  'mainland china',
  '中国',
  '中国大陆',
  '中华人民共和国',
]);

/** An overseas remittance needs a signed document and expires after OVERSEAS_PAY_DAYS days. */
export function isOverseas(payType: PayType, country: string): boolean {
  return payType === 'remittance' && !DOMESTIC.has(country.trim().toLowerCase());
}

/** Fields of the top-up form that must not be empty (company fields only for a company). */
export function requiredTopUpFields(signingParty: SigningParty | undefined): string[] {
  const base = ['amount', 'payType', 'signingParty', 'fullName', 'country', 'address'];
  return signingParty === 'company' ? [...base, 'companyName', 'companyAddress', 'jobTitle'] : base;
}

/** The points an amount buys at a price (points per yuan). */
export function pointsFor(amount: number, pointsPerYuan: number): number {
  return amount * pointsPerYuan;
}

/** Files of an order: the remittance proof, the signed document (overseas), the invoice PDF. */
export const ORDER_FILE_KINDS = ['proof', 'contract', 'invoice'] as const;
export type OrderFileKind = (typeof ORDER_FILE_KINDS)[number];

/** Extensions each kind accepts (checked by content at the gateway). */
export const ORDER_FILE_EXTENSIONS: Record<OrderFileKind, readonly string[]> = {
  proof: ['png', 'jpg', 'jpeg', 'pdf'],
  contract: ['pdf', 'png', 'jpg', 'jpeg'],
  invoice: ['pdf'],
};
