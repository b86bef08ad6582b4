import { describe, expect, it } from 'vitest';

import { maskStatement } from './statement-stats';

describe('maskStatement', () => {
  it('should replace every literal by ? and keep names with digits', () => {
    expect(
      maskStatement(
        `SELECT u.user_id, t1.x FROM sys_user u JOIN t1 ON t1.id = u.dept_id
          WHERE u.user_name = 'alice' AND u.email = "a@b.c" AND u.status IN (0, 1) AND u.score > -2.5e3
            AND u.token = x'0AF1' AND u.flags = 0x1F AND u.note = 'it''s \\'quoted\\''`,
      ),
    ).toBe(
      'SELECT u.user_id, t1.x FROM sys_user u JOIN t1 ON t1.id = u.dept_id WHERE u.user_name = ? AND u.email = ? AND u.status IN (?, ?) AND u.score > ? AND u.token = ? AND u.flags = ? AND u.note = ?',
    );
  });

  it('should leave bound parameters as they are and mask SLEEP(0.5)', () => {
    expect(maskStatement('SELECT SLEEP(0.5), `idx_2` FROM t WHERE a = ? LIMIT 10')).toBe(
      'SELECT SLEEP(?), `idx_2` FROM t WHERE a = ? LIMIT ?',
    );
  });
});
