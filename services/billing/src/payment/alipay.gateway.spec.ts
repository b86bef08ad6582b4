import { generateKeyPairSync } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { isRefunded, keyTypeOf } from './alipay.gateway';

const bareBody = (pem: string) => pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');

describe(keyTypeOf.name, () => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
  const pkcs8 = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const pkcs1 = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();

  it('should read the kind from a PEM header', () => {
    expect(keyTypeOf(pkcs8)).toBe('PKCS8');
    expect(keyTypeOf(pkcs1)).toBe('PKCS1');
  });

  it("should tell a bare base64 body (Alipay's key tool) by parsing it", () => {
    expect(keyTypeOf(bareBody(pkcs8))).toBe('PKCS8');
    expect(keyTypeOf(bareBody(pkcs1))).toBe('PKCS1');
  });
});

describe(isRefunded.name, () => {
  const answer = {
    code: '10000',
    subCode: null,
    subMsg: null,
    fundChange: 'Y',
    refundFee: '100.00',
  };

  it('should count money that moved now, or a repeat whose refunded total covers the amount', () => {
    expect(isRefunded(answer, '100.00')).toBe(true);
    expect(isRefunded({ ...answer, fundChange: 'N' }, '100.00')).toBe(true);
  });

  it('should not count an accepted request that moved nothing, nor a business failure', () => {
    expect(isRefunded({ ...answer, fundChange: 'N', refundFee: '0.00' }, '100.00')).toBe(false);
    expect(isRefunded({ ...answer, fundChange: null, refundFee: null }, '100.00')).toBe(false);
    const failed = { ...answer, code: '40004', subCode: 'ACQ.SELLER_BALANCE_NOT_ENOUGH' };
    expect(isRefunded(failed, '100.00')).toBe(false);
  });
});
