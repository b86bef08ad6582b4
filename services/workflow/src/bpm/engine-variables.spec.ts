import { ENGINE_STRING_MAX_LENGTH } from '@platform/contracts';
import { describe, expect, it } from 'vitest';

import { inputsVariable, toTypedVariables } from './engine-variables';

describe("a form's values as the engine's variables", () => {
  it('types numbers, text, booleans, nulls and objects for the gateways to compare', () => {
    expect(
      toTypedVariables({ days: 5, rate: 0.5, reason: '家里有事', ok: true, none: null }),
    ).toEqual({
      days: { value: 5, type: 'Long' },
      rate: { value: 0.5, type: 'Double' },
      reason: { value: '家里有事', type: 'String' },
      ok: { value: true, type: 'Boolean' },
      none: { value: null, type: 'Null' },
    });
    expect(toTypedVariables({ tags: ['a'] })).toEqual({ tags: { value: '["a"]', type: 'Json' } });
  });

  it("sends as Json a text Operaton's String row cannot keep: too long, or with emoji", () => {
    const long = 'x'.repeat(ENGINE_STRING_MAX_LENGTH + 1);

    expect(toTypedVariables({ a: 'x'.repeat(ENGINE_STRING_MAX_LENGTH) }).a.type).toBe('String');
    expect(toTypedVariables({ long, smile: '好的😀' })).toEqual({
      long: { value: JSON.stringify(long), type: 'Json' },
      smile: { value: '"好的😀"', type: 'Json' },
    });
  });
});

describe("a mission's inputs as its instance's variable", () => {
  it('leaves the structures out: the mission row keeps their atoms', () => {
    const variable = inputsVariable({
      text: 'Predict',
      structures: [{ name: 'a.pdb', pdb: 'ATOM …' }],
    });

    expect(variable).toEqual({ type: 'String', value: '{"text":"Predict"}' });
  });
});
