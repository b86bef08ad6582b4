import { describe, expect, it } from 'vitest';

import {
  checkExpressionText,
  createJuelExpressions,
  evaluateJuel,
  ExpressionHandler,
} from './juel-expressions';

const vars = {
  score: 0.9,
  status: 'OK',
  count: 3,
  docs: ['a'],
  empty: [],
  nested: { level: { deep: 7 } },
};
const scope = (name: string) => (name in vars ? vars[name as keyof typeof vars] : null);

describe('evaluateJuel', () => {
  it.each([
    ["score > 0.8 && status == 'OK'", true],
    ["score > 0.95 || status ne 'OK'", false],
    ['count ge 3 and not empty docs', true],
    ['empty empty', true],
    ['nested.level.deep * 2', 14],
    ["nested['level'].deep mod 4", 3],
    ['missing == null', true],
    ['missing > 1', false],
    ["count > 2 ? 'many' : 'few'", 'many'],
    ['-count + 10 div 2', 2],
    ['docs.length', 1],
  ])('should evaluate %s to %s', (body, expected) => {
    expect(evaluateJuel(body, scope)).toEqual(expected);
  });

  it('should refuse calls, assignments and prototype access', () => {
    expect(checkExpressionText('${execution.getVariable("x")}')).toMatch(/CallExpression/);
    expect(checkExpressionText('${a = 1}')).toMatch(/cannot parse/);
    expect(() => evaluateJuel('nested.constructor', scope)).toThrow(/not accessible/);
    expect(checkExpressionText('plain text ${score > 1} and ${status}')).toBeNull();
  });
});

describe(createJuelExpressions.name, () => {
  const fallback: ExpressionHandler = {
    resolveExpression: (template) => `fallback:${template}`,
    isExpression: () => true,
    hasExpression: () => true,
  };
  const sut = createJuelExpressions(fallback);
  const context = {
    environment: { variables: { score: 0.5, name: 'Ada' } },
    content: { doc: 'd1' },
  };

  it('should evaluate against process variables, then message content', () => {
    expect(sut.resolveExpression('${score < 0.8}', context)).toBe(true);
    expect(sut.resolveExpression('${doc}', context)).toBe('d1');
    expect(sut.resolveExpression('Hello ${name}!', context)).toBe('Hello Ada!');
  });

  it('should hand engine paths to the default handler', () => {
    expect(sut.resolveExpression('${environment.variables.score}', context)).toBe(
      'fallback:${environment.variables.score}',
    );
  });
});
