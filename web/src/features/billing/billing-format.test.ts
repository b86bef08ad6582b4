import { describe, expect, it } from 'vitest';

import { adminActions, ownerActions, secondsLeft, signedPoints } from './billing-format';

describe('billing format', () => {
  it('should sign credits with + and keep the minus of debits', () => {
    expect(signedPoints(500)).toBe('+500');
    expect(signedPoints(-30)).toBe('-30');
    expect(signedPoints(0)).toBe('0');
  });

  it('should offer the owner pay and cancel only while the order is unpaid', () => {
    const unpaid = ownerActions({ status: 'pending_payment', invoiceStatus: 'none', files: [] });
    expect(unpaid).toEqual({
      pay: true,
      cancel: true,
      requestInvoice: false,
      downloadInvoice: false,
    });
    const waiting = ownerActions({
      status: 'pending_verification',
      invoiceStatus: 'none',
      files: ['proof'],
    });
    expect(waiting.pay || waiting.cancel).toBe(false);
  });

  it('should offer the invoice request on a completed order and the download once the PDF is there', () => {
    expect(
      ownerActions({ status: 'completed', invoiceStatus: 'none', files: [] }).requestInvoice,
    ).toBe(true);
    expect(
      ownerActions({ status: 'completed', invoiceStatus: 'requested', files: [] }).requestInvoice,
    ).toBe(false);
    expect(
      ownerActions({ status: 'completed', invoiceStatus: 'issued', files: ['invoice'] })
        .downloadInvoice,
    ).toBe(true);
    expect(
      ownerActions({ status: 'completed', invoiceStatus: 'issued', files: [] }).downloadInvoice,
    ).toBe(false);
  });

  it("should offer the administrator's dialogs by the order's status", () => {
    expect(adminActions({ status: 'pending_verification', invoiceStatus: 'none' })).toEqual({
      verify: true,
      reject: true,
      invoice: false,
      refund: false,
    });
    expect(adminActions({ status: 'completed', invoiceStatus: 'requested' })).toEqual({
      verify: false,
      reject: false,
      invoice: true,
      refund: true,
    });
    expect(adminActions({ status: 'cancelled', invoiceStatus: 'none' })).toEqual({
      verify: false,
      reject: false,
      invoice: false,
      refund: false,
    });
  });

  it('should count whole seconds down to zero', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 12_000)).toBe(0);
  });
});
