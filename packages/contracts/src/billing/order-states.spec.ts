import { describe, expect, it } from 'vitest';

import {
  isOverseas,
  ORDER_ACTIONS,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  orderTransition,
  pointsFor,
  requiredTopUpFields,
} from './order-states';

describe('the order transition table', () => {
  it('should name each action at most once per status, and only known statuses', () => {
    for (const action of ORDER_ACTIONS) {
      const froms = ORDER_TRANSITIONS[action].map((t) => t.from);
      expect(new Set(froms).size).toBe(froms.length);
      for (const t of ORDER_TRANSITIONS[action]) {
        expect(ORDER_STATUSES).toContain(t.from);
        expect(ORDER_STATUSES).toContain(t.to);
      }
    }
  });

  it('should let nothing leave a cancelled order, and only a refund leave a completed one', () => {
    const out = (from: string) =>
      ORDER_ACTIONS.filter((a) => ORDER_TRANSITIONS[a].some((t) => t.from === from));
    expect(out('cancelled')).toEqual([]);
    expect(out('completed')).toEqual(['adminRefund']);
  });

  it('should credit only on the moves into completed, and debit only on the refund', () => {
    for (const action of ORDER_ACTIONS) {
      for (const t of ORDER_TRANSITIONS[action]) {
        expect(Boolean(t.credits)).toBe(t.to === 'completed');
        expect(Boolean(t.debits)).toBe(action === 'adminRefund');
      }
    }
  });

  it('should answer null for a move the table does not list', () => {
    expect(orderTransition('userPayed', 'completed')).toBeNull();
    expect(orderTransition('userPayed', 'pending_payment')?.to).toBe('pending_verification');
  });
});

describe('top-up rules', () => {
  it('should treat a remittance from outside China as overseas, Alipay never', () => {
    expect(isOverseas('remittance', ' China ')).toBe(false);
    expect(isOverseas('remittance', '中国')).toBe(false);
    expect(isOverseas('remittance', 'Germany')).toBe(true);
    expect(isOverseas('alipay', 'Germany')).toBe(false);
  });

  it('should require the company fields of a company only', () => {
    expect(requiredTopUpFields('individual')).not.toContain('companyName');
    expect(requiredTopUpFields('company')).toEqual(
      expect.arrayContaining(['companyName', 'companyAddress', 'jobTitle']),
    );
    expect(pointsFor(100, 10)).toBe(1000);
  });
});
