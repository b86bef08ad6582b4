import { describe, expect, it } from 'vitest';

import {
  ELEMENT_ID_PATTERN,
  identifierKind,
  isCompleteCode,
  isSupportedAreaCode,
  isValidEmail,
  isValidPassword,
  isValidPhone,
  normalizeAreaCode,
  passwordProblems,
  PHONE_AREAS,
  PROCESS_KEY_PATTERN,
} from './rules';

describe('password rule', () => {
  it.each([
    ['Abcdef1!', true],
    [`Ab1!${'x'.repeat(28)}`, true],
    [`Ab1!${'x'.repeat(29)}`, false],
    ['Ab1!xyz', false],
    ['abcdef1!', false],
    ['ABCDEF1!', false],
    ['Abcdefg!', false],
    ['Abcdefg1', false],
    ['Abc def1!', false],
  ])('should judge %s as %s', (password, valid) => {
    expect(isValidPassword(password)).toBe(valid);
    expect(passwordProblems(password).length === 0).toBe(valid);
  });

  it('should name every problem of a password', () => {
    expect(passwordProblems('a b')).toEqual(['length', 'spaces', 'digit', 'upper', 'special']);
  });
});

describe('phone numbers per area code', () => {
  const samples: Record<string, [valid: string, invalid: string]> = {
    '86': ['13812345678', '12812345678'],
    '886': ['912345678', '812345678'],
    '852': ['51234567', '31234567'],
    '853': ['61234567', '51234567'],
    '32': ['470123456', '370123456'],
    '45': ['20123456', '0123456'],
    '358': ['401234567', '301234567'],
    '33': ['612345678', '512345678'],
    '49': ['15123456789', '05123456789'],
    '352': ['621123456', '631123456'],
    '31': ['612345678', '512345678'],
    '47': ['41234567', '31234567'],
    '351': ['912345678', '942345678'],
    '34': ['612345678', '512345678'],
    '44': ['7700900123', '6700900123'],
    '1': ['2025550143', '1025550143'],
    '65': ['81234567', '61234567'],
    '81': ['9012345678', '6012345678'],
  };

  it('should support exactly the 18 area codes of the specification', () => {
    expect(PHONE_AREAS.map((a) => a.code).sort()).toEqual(Object.keys(samples).sort());
  });

  it.each(Object.entries(samples))('should apply the pattern of +%s', (code, [valid, invalid]) => {
    expect(isValidPhone(valid, code)).toBe(true);
    expect(isValidPhone(valid, `+${code}`)).toBe(true);
    expect(isValidPhone(invalid, code)).toBe(false);
  });

  it('should strip plus signs from area codes and refuse unknown ones', () => {
    expect(normalizeAreaCode('+86')).toBe('86');
    expect(isSupportedAreaCode('+999')).toBe(false);
    expect(isValidPhone('13812345678', '999')).toBe(false);
  });
});

describe('identifiers, e-mail and codes', () => {
  it('should tell e-mail, phone and user name apart', () => {
    expect(identifierKind('a@b.co')).toBe('email');
    expect(identifierKind('+86 138-1234-5678')).toBe('phone');
    expect(identifierKind('admin')).toBe('username');
  });

  it('should validate e-mail addresses', () => {
    expect(isValidEmail('scientist@lab.example.cn')).toBe(true);
    expect(isValidEmail('no-at-sign')).toBe(false);
    expect(isValidEmail(`${'a'.repeat(45)}@b.com`)).toBe(false);
  });

  it('should treat a code as complete at exactly six characters once trimmed', () => {
    expect(isCompleteCode(' 123456 ')).toBe(true);
    expect(isCompleteCode('12345')).toBe(false);
    expect(isCompleteCode('1234567')).toBe(false);
  });

  it('should apply the designer key and element id rules', () => {
    expect(PROCESS_KEY_PATTERN.test('_flow-1.v2$')).toBe(true);
    expect(PROCESS_KEY_PATTERN.test('1flow')).toBe(false);
    expect(ELEMENT_ID_PATTERN.test('Task_1:a.b-c')).toBe(true);
    expect(ELEMENT_ID_PATTERN.test('_task')).toBe(false);
  });
});
