import { describe, expect, it } from 'vitest';

import { countryOfAddress, isInternalAddress, isMainlandAddress } from './ip-location';

describe('isMainlandAddress', () => {
  it('should place public addresses with the bundled database', () => {
    expect(countryOfAddress('114.114.114.114')).toBe('CN');
    expect(countryOfAddress('240e::1')).toBe('CN');
    expect(countryOfAddress('8.8.8.8')).toBe('US');
    expect(isMainlandAddress('114.114.114.114')).toBe(true);
    expect(isMainlandAddress('::ffff:114.114.114.114')).toBe(true);
    expect(isMainlandAddress('8.8.8.8')).toBe(false);
  });

  it('should not count Hong Kong as mainland', () => {
    // 202.181.0.0/16 is HKNIC's own block (Hong Kong).
    expect(countryOfAddress('202.181.1.1')).toBe('HK');
    expect(isMainlandAddress('202.181.1.1')).toBe(false);
  });

  it('should treat loopback and private addresses as mainland by default', () => {
    for (const ip of ['127.0.0.1', '::1', '10.1.2.3', '192.168.0.5', '172.20.0.1', 'fd00::1']) {
      expect(isInternalAddress(ip)).toBe(true);
      expect(isMainlandAddress(ip)).toBe(true);
      expect(isMainlandAddress(ip, false)).toBe(false);
    }
    expect(isInternalAddress('172.32.0.1')).toBe(false);
  });

  it('should know nothing of what is not an address', () => {
    expect(countryOfAddress('not-an-ip')).toBeNull();
    expect(isMainlandAddress('not-an-ip')).toBe(false);
  });
});
