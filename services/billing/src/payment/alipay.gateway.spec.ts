import { generateKeyPairSync } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { keyTypeOf } from './alipay.gateway';

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
