import { i18n } from '@lingui/core';
import { PHONE_AREAS } from '@platform/contracts';
import { describe, expect, it } from 'vitest';

import {
  codeError,
  confirmError,
  identifierError,
  passwordError,
  phoneError,
  REGION_NAMES,
} from './validation';

const render = (error: ReturnType<typeof phoneError>) => (error ? i18n._(error) : null);

/** One valid and one invalid mobile number for each of the 18 area codes. */
const SAMPLES: Record<string, [string, string]> = {
  '86': ['13812345678', '12812345678'],
  '886': ['0912345678', '0812345678'],
  '852': ['51234567', '31234567'],
  '853': ['66123456', '56123456'],
  '32': ['0470123456', '0370123456'],
  '45': ['20123456', '10123456'],
  '358': ['0401234567', '0301234567'],
  '33': ['0612345678', '0512345678'],
  '49': ['015123456789', '014123456789'],
  '352': ['621123456', '631123456'],
  '31': ['0612345678', '0512345678'],
  '47': ['41234567', '51234567'],
  '351': ['912345678', '942345678'],
  '34': ['612345678', '512345678'],
  '44': ['07123456789', '08123456789'],
  '1': ['2125550123', '1125550123'],
  '65': ['81234567', '71234567'],
  '81': ['09012345678', '06012345678'],
};

describe('phone patterns per area code', () => {
  it('should cover the 18 supported area codes, each with a region name', () => {
    expect(PHONE_AREAS.map((a) => a.code).sort()).toEqual(Object.keys(SAMPLES).sort());
    for (const area of PHONE_AREAS) expect(REGION_NAMES[area.region]).toBeDefined();
  });

  it.each(Object.entries(SAMPLES))(
    'should accept and reject numbers for +%s',
    (qu, [good, bad]) => {
      expect(phoneError(good, qu)).toBeNull();
      expect(render(phoneError(bad, qu))).toBe('Phone number format is incorrect');
    },
  );

  it('should require a number', () => {
    expect(render(phoneError('  ', '86'))).toBe('Phone number cannot be empty');
  });
});

describe('sign-in identifier', () => {
  it('should accept e-mail addresses, mobile numbers and user names', () => {
    expect(identifierError('someone@example.com')).toBeNull();
    expect(identifierError('13812345678')).toBeNull();
    expect(identifierError('admin')).toBeNull();
  });

  it('should say "Email or phone number format error" otherwise', () => {
    for (const bad of ['someone@', '12345', 'a b', 'x']) {
      expect(render(identifierError(bad))).toBe('Email or phone number format error');
    }
    expect(render(identifierError(''))).toBe('Email or phone number cannot be empty');
  });
});

describe('codes and passwords', () => {
  it('should want exactly 6 characters after trimming', () => {
    expect(codeError(' 123456 ')).toBeNull();
    expect(codeError('12345')).not.toBeNull();
  });

  it('should apply the password rule and the confirmation match', () => {
    expect(passwordError('Abcdef1!')).toBeNull();
    expect(passwordError('abcdefg1')).not.toBeNull();
    expect(render(confirmError('Abcdef1?', 'Abcdef1!'))).toBe('Passwords do not match');
    expect(confirmError('Abcdef1!', 'Abcdef1!')).toBeNull();
  });
});
