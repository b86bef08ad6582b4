import type { InvoiceStatus, OrderStatus, OrderView } from '@platform/contracts';

// How the billing screens show points and order states; pure, so the rules are tested on their own.

/** A signed change of points as shown in the ledger: "+100", "-30", "0". */
export function signedPoints(points: number): string {
  return points > 0 ? `+${points}` : String(points);
}

export const ORDER_STATUS_COLORS: Record<OrderStatus, string> = {
  pending_payment: 'orange',
  pending_verification: 'blue',
  completed: 'green',
  cancelled: 'gray',
};

export const INVOICE_STATUS_COLORS: Record<InvoiceStatus, string> = {
  none: 'gray',
  requested: 'orange',
  issued: 'green',
};

/** Which actions the order's owner has on it now (the transition table decides; this only hides buttons). */
export function ownerActions(order: Pick<OrderView, 'status' | 'invoiceStatus' | 'files'>) {
  const unpaid = order.status === 'pending_payment';
  return {
    pay: unpaid,
    cancel: unpaid,
    requestInvoice: order.status === 'completed' && order.invoiceStatus === 'none',
    downloadInvoice: order.invoiceStatus === 'issued' && order.files.includes('invoice'),
  };
}

/** Which actions an administrator has on the order now. */
export function adminActions(order: Pick<OrderView, 'status' | 'invoiceStatus'>) {
  return {
    verify: order.status === 'pending_verification' || order.status === 'pending_payment',
    reject: order.status === 'pending_verification',
    invoice: order.status === 'completed' && order.invoiceStatus === 'requested',
    refund: order.status === 'completed',
  };
}

/** Whole seconds left of a countdown that ends at `endsAt` (never below zero). */
export function secondsLeft(endsAt: number, now: number): number {
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}
