import { describe, expect, it } from 'vitest';

import { parseRemittanceAccount } from './order-views';

describe(parseRemittanceAccount.name, () => {
  const json = JSON.stringify({
    bankName: { zh: '招商银行', en: 'China Merchants Bank' },
    accountName: { zh: '某某科技有限公司' },
    accountNumber: '6222 0000',
    note: { en: 'SWIFT CMBCCNBS' },
  });

  it('should pick each text in the language asked, else in the other', () => {
    expect(parseRemittanceAccount(json, 'en')).toEqual({
      bankName: 'China Merchants Bank',
      accountName: '某某科技有限公司',
      accountNumber: '6222 0000',
      note: 'SWIFT CMBCCNBS',
    });
    expect(parseRemittanceAccount(json, 'zh')).toMatchObject({
      bankName: '招商银行',
      note: 'SWIFT CMBCCNBS',
    });
  });

  it('should keep a plain-text parameter whole, as the note', () => {
    expect(parseRemittanceAccount(' Bank of Tests\n6222 0000 ', 'zh')).toEqual({
      bankName: '',
      accountName: '',
      accountNumber: '',
      note: 'Bank of Tests\n6222 0000',
    });
    expect(parseRemittanceAccount('{not json', 'en')?.note).toBe('{not json');
  });

  it('should answer null for an empty parameter or one that names nothing', () => {
    for (const value of [undefined, null, '', '  ', '{}', '{"bankName": {"zh": " "}}']) {
      expect(parseRemittanceAccount(value, 'en')).toBeNull();
    }
  });
});
