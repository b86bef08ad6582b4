import { MISFIRE_POLICIES } from '@platform/contracts';
import { describe, expect, it } from 'vitest';

import { sanitizeRichText } from '../common/rich-text';
import { parseImportRow } from '../users/user-import.service';
import { nextRun, normalizeCron } from './cron';
import { shouldRun } from './jobs.service';

describe('misfire policy', () => {
  it.each([
    [MISFIRE_POLICIES.fireNow, 120_000, false, true],
    [MISFIRE_POLICIES.fireOnce, 120_000, false, true],
    [MISFIRE_POLICIES.doNothing, 120_000, false, false],
    [MISFIRE_POLICIES.doNothing, 5_000, false, true],
    [MISFIRE_POLICIES.doNothing, 120_000, true, true],
  ])('policy %s, %i ms late, manual %s: runs %s', (policy, late, manual, runs) => {
    expect(shouldRun(policy, late, 60_000, manual)).toBe(runs);
  });
});

describe('cron expressions', () => {
  it('should accept 5 and 6 fields and read Quartz "?" as any', () => {
    expect(normalizeCron('0 3 * * *')).toBe('0 3 * * *');
    expect(normalizeCron('0 0 3 * * ?')).toBe('0 0 3 * * *');
    expect(nextRun('0 0 3 * * ?', new Date('2026-01-01T05:00:00Z'))?.toISOString()).toBe(
      '2026-01-02T03:00:00.000Z',
    );
  });

  it.each(['', '* * *', '0 0 3 * * ? 2026', '61 * * * *', 'rm -rf /'])(
    'should refuse %j',
    (cron) => {
      expect(normalizeCron(cron)).toBeNull();
    },
  );
});

describe('rich text allow-list', () => {
  it('should keep formatting and escape anything else', () => {
    expect(sanitizeRichText('<p style="text-align:center">a<script>x()</script></p>')).toBe(
      '<p style="text-align:center">a&lt;script&gt;x()&lt;/script&gt;</p>',
    );
    expect(sanitizeRichText('<a href="javascript:x()" onmouseover="y()">l</a>')).toBe(
      '<a rel="noopener noreferrer">l</a>',
    );
    expect(sanitizeRichText('<img src="data:image/png;base64,AAAA">')).toBe(
      '<img src="data:image/png;base64,AAAA" />',
    );
  });
});

describe('user import rows', () => {
  it('should clean a good row and name the first problem of a bad one', () => {
    expect(
      parseImportRow({ userName: ' ann ', phonenumber: '13800000000', deptId: '100' }),
    ).toEqual({
      userName: 'ann',
      nickName: 'ann',
      email: null,
      qu: '86',
      phonenumber: '13800000000',
      sex: '2',
      status: '0',
      deptId: 100,
    });
    expect(parseImportRow({ userName: 'a' })).toBe('user.username_rule');
    expect(parseImportRow({ userName: 'ann', email: 'nope' })).toBe('validation.email');
    expect(parseImportRow({ userName: 'ann', phonenumber: '123' })).toBe('validation.phone');
    expect(parseImportRow({ userName: 'ann', deptId: 'x' })).toBe('validation.invalid');
  });
});
