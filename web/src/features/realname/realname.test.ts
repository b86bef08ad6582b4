import { createDecipheriv, randomBytes } from 'node:crypto';

import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';

import { sealField } from './seal';
import { certNameError, certNoError } from './validation';

const render = (m: ReturnType<typeof certNoError>) => (m ? i18n._(m) : null);

describe('real-name form rules', () => {
  it('should require both fields and check the ID number before sending', () => {
    expect(render(certNameError('  '))).toBe('Your name cannot be empty');
    expect(render(certNameError('张3'))).toBe('The name is not valid');
    expect(certNameError('张三')).toBeNull();
    expect(render(certNoError(''))).toBe('ID number cannot be empty');
    expect(render(certNoError('1101051949'))).toBe('The ID number must have 18 characters');
    expect(render(certNoError('110105194912310021'))).toBe(
      'The ID number check digit is wrong, please check it',
    );
    expect(render(certNoError('110105194902300021'))).toBe(
      'The birth date in the ID number is not valid',
    );
    expect(certNoError('11010519491231002X')).toBeNull();
  });
});

describe(sealField.name, () => {
  it('should seal a field so that Node (the server side) opens it with the same key', () => {
    const key = randomBytes(32);
    const sealed = Buffer.from(sealField('张三', key.toString('base64')), 'base64');
    const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, 12));
    decipher.setAuthTag(sealed.subarray(sealed.length - 16));
    const plain = Buffer.concat([
      decipher.update(sealed.subarray(12, sealed.length - 16)),
      decipher.final(),
    ]);
    expect(plain.toString('utf8')).toBe('张三');
    expect(sealField('张三', key.toString('base64'))).not.toBe(sealed.toString('base64'));
  });
});
