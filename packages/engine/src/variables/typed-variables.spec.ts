import { describe, expect, it } from 'vitest';

import { toPlainValues, toStoredVariables, toVariableDtos } from './typed-variables';

describe('typed variables', () => {
  it('should normalise any type case and infer missing types', () => {
    const stored = toStoredVariables({
      a: { value: '5', type: 'integer' },
      b: { value: { x: 1 }, type: 'JSON' },
      c: { value: true },
      d: { value: 2 ** 40 },
      e: { value: null, type: 'null' },
    });
    expect(stored).toEqual({
      a: { type: 'Integer', value: 5, valueInfo: {} },
      b: { type: 'Json', value: '{"x":1}', valueInfo: {} },
      c: { type: 'Boolean', value: true, valueInfo: {} },
      d: { type: 'Long', value: 2 ** 40, valueInfo: {} },
      e: { type: 'Null', value: null, valueInfo: {} },
    });
    expect(toPlainValues(stored)).toEqual({ a: 5, b: { x: 1 }, c: true, d: 2 ** 40, e: null });
    expect(Object.keys(toVariableDtos(stored, ['a', 'e']))).toEqual(['a', 'e']);
  });

  it('should refuse an unknown type with 400', () => {
    expect(() => toStoredVariables({ a: { value: 1, type: 'Matrix' } })).toThrow(
      /Unsupported value type 'Matrix'/,
    );
  });
});
