import { describe, expect, it } from 'vitest';

import {
  defaultProcessIdentity,
  isValidElementId,
  processKeyProblem,
  processNameProblem,
  randomSuffix,
} from './keys';
import { describeProblem, problem } from './problems';

describe('process key rule', () => {
  it.each(['order', '_draft', 'antibody-design.v2', 'a$b', 'A_1'])('should accept %s', (key) => {
    expect(processKeyProblem(key)).toBeNull();
  });

  it.each(['1abc', '-a', 'has space', '中文', 'a:b', 'a/b'])('should refuse %s', (key) => {
    expect(processKeyProblem(key)).toBe('bpmn.key_pattern');
  });

  it('should require a key and refuse one another process uses', () => {
    expect(processKeyProblem('')).toBe('bpmn.key_required');
    expect(processKeyProblem('leave', ['other', 'leave'])).toBe('bpmn.key_duplicate');
    expect(processKeyProblem('leave', ['other'])).toBeNull();
  });

  it('should give the spec messages', () => {
    const pattern = problem('x', 'bpmn.key_pattern');
    expect(describeProblem(pattern, 'zh')).toBe('key 只能使用英文数字命名');
    expect(describeProblem(problem('x', 'bpmn.key_duplicate'), 'zh')).toBe(
      'Key值已存在,不允许使用相同的key值。',
    );
    expect(describeProblem(pattern, 'en')).toMatch(/^The key must start with a letter/);
  });

  it('should require a name', () => {
    expect(processNameProblem(' ')).toBe('bpmn.name_required');
    expect(processNameProblem('请假')).toBeNull();
  });
});

describe('element id rule', () => {
  it.each(['Task_1', 'a.b-c:d', 'x'])('should accept %s', (id) => {
    expect(isValidElementId(id)).toBe(true);
  });

  it.each(['_a', '1a', 'a b', '', 'a$b'])('should refuse %s', (id) => {
    expect(isValidElementId(id)).toBe(false);
  });
});

describe('identities', () => {
  it('should name a new process after the current time', () => {
    expect(defaultProcessIdentity('zh', 1700000000000)).toEqual({
      id: 'Process_1700000000000',
      name: '业务流程_1700000000000',
    });
    expect(defaultProcessIdentity('en', 5).name).toBe('Process_5');
    expect(processKeyProblem(defaultProcessIdentity('zh').id)).toBeNull();
  });

  it('should make 8-character suffixes of letters and digits', () => {
    const suffix = randomSuffix();
    expect(suffix).toMatch(/^[a-z0-9]{8}$/);
    expect(randomSuffix(3, () => 0)).toBe('aaa');
  });
});
