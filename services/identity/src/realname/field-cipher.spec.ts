import { randomBytes } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { FieldCipher, openBrowserCipher, sealForServer } from './field-cipher';

describe(FieldCipher.name, () => {
  const oldKey = randomBytes(32).toString('hex');
  const newKey = randomBytes(32).toString('hex');

  it('should store a value only as ciphertext tagged with its key id', () => {
    const sut = new FieldCipher(newKey);
    const stored = sut.encrypt('11010519491231002X');
    expect(stored).toMatch(new RegExp(`^f1\\.${sut.keyId}\\.`));
    expect(stored).not.toContain('11010519491231002X');
    expect(sut.encrypt('11010519491231002X')).not.toBe(stored); // fresh IV each time
    expect(sut.decrypt(stored)).toBe('11010519491231002X');
  });

  it('should open rows of a rotated key only while it is listed as previous', () => {
    const before = new FieldCipher(oldKey).encrypt('张三');
    const sut = new FieldCipher(newKey, [oldKey]);
    expect(sut.isStale(before)).toBe(true);
    expect(sut.decrypt(before)).toBe('张三');
    expect(sut.isStale(sut.encrypt('张三'))).toBe(false);
    expect(() => new FieldCipher(newKey).decrypt(before)).toThrow(/not configured/);
  });

  it('should refuse a value that was altered', () => {
    const sut = new FieldCipher(newKey);
    const stored = sut.encrypt('张三');
    const [v, id, body] = stored.split('.');
    const bytes = Buffer.from(body, 'base64');
    bytes[14] ^= 1;
    expect(() => sut.decrypt(`${v}.${id}.${bytes.toString('base64')}`)).toThrow();
  });

  it('should give equal ID numbers equal digests under one key only', () => {
    const a = new FieldCipher(newKey);
    expect(a.digest('11010519491231002X')).toBe(a.digest('11010519491231002X'));
    expect(a.digest('11010519491231002X')).not.toBe(
      new FieldCipher(oldKey).digest('11010519491231002X'),
    );
  });
});

describe('browser sealing', () => {
  it('should open what the one-time key sealed and nothing sealed with another key', () => {
    const key = randomBytes(32);
    expect(openBrowserCipher(sealForServer('张三', key), key)).toBe('张三');
    expect(() => openBrowserCipher(sealForServer('张三', randomBytes(32)), key)).toThrow();
    expect(() => openBrowserCipher('c2hvcnQ=', key)).toThrow();
  });
});
