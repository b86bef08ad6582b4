import { describe, expect, it } from 'vitest';

import {
  idNumberProblem,
  isValidIdNumber,
  maskIdNumber,
  maskName,
  normalizeCertName,
} from './realname';

describe('idNumberProblem', () => {
  const today = new Date('2026-11-27T00:00:00Z');

  it('should accept valid resident ID numbers (check digits computed by hand, X included)', () => {
    for (const id of [
      '11010519491231002X',
      '11010519491231002x',
      '310104198506123455',
      '110101200002290018',
    ]) {
      expect(idNumberProblem(id, today)).toBeNull();
    }
    expect(isValidIdNumber(' 110101199003071233 ')).toBe(true);
  });

  it('should refuse a wrong check digit', () => {
    expect(idNumberProblem('110105194912310021', today)).toBe('checksum');
    expect(idNumberProblem('110101199003071234', today)).toBe('checksum');
    // One digit changed in the body, check digit kept.
    expect(idNumberProblem('310104198506123465', today)).toBe('checksum');
  });

  it('should refuse impossible or future birth dates', () => {
    expect(idNumberProblem('110101199002300014', today)).toBe('date'); // 30 February
    expect(idNumberProblem('110101190002290011', today)).toBe('date'); // 1900 is no leap year
    expect(idNumberProblem('110101199013010012', today)).toBe('date'); // month 13
    expect(idNumberProblem('110101203001010014', today)).toBe('date'); // in the future
    expect(idNumberProblem('110101188001010011', today)).toBe('date'); // before 1900
  });

  it('should say what is missing or malformed', () => {
    expect(idNumberProblem('', today)).toBe('required');
    expect(idNumberProblem(undefined, today)).toBe('required');
    expect(idNumberProblem('11010519491231002', today)).toBe('length');
    expect(idNumberProblem('1101051949123100211', today)).toBe('length');
    expect(idNumberProblem('1101051949123100X2', today)).toBe('format');
    expect(idNumberProblem('11010519491231002Y', today)).toBe('format');
  });
});

describe('masking', () => {
  it('should show the first character of a name and the ends of an ID number', () => {
    expect(maskName('张三')).toBe('张*');
    expect(maskName('欧阳娜娜')).toBe('欧***');
    expect(maskName('张')).toBe('张*');
    expect(maskIdNumber('11010519491231002X')).toBe('1101********002X');
  });

  it('should accept names in any script and refuse digits and symbols', () => {
    expect(normalizeCertName('  张三 ')).toBe('张三');
    expect(normalizeCertName('阿卜杜·热合曼')).toBe('阿卜杜·热合曼');
    expect(normalizeCertName('Anna  Müller')).toBe('Anna Müller');
    expect(normalizeCertName('张3')).toBeNull();
    expect(normalizeCertName('<script>')).toBeNull();
    expect(normalizeCertName('   ')).toBeNull();
  });
});
