import { describe, expect, it } from 'vitest';

import { ENGINE_STRING_MAX_LENGTH, jsonTextVariable, parseJsonTextVariable } from './agent-runtime';

describe('a JSON value as a process variable', () => {
  it('is a String while its text fits the variable row, Json beyond', () => {
    const fits = { result: 'x'.repeat(ENGINE_STRING_MAX_LENGTH - '{"result":""}'.length) };
    const over = { result: `${fits.result}y` };

    expect(jsonTextVariable(fits)).toEqual({ type: 'String', value: JSON.stringify(fits) });
    expect(JSON.stringify(fits)).toHaveLength(ENGINE_STRING_MAX_LENGTH);
    expect(jsonTextVariable(over)).toEqual({ type: 'Json', value: JSON.stringify(over) });
  });

  it('counts characters, as the varchar column does, not bytes', () => {
    const chinese = { result: '抗'.repeat(3000) };

    expect(jsonTextVariable(chinese).type).toBe('String');
  });

  it("escapes characters beyond the BMP, which the engine's utf8 (3-byte) columns refuse", () => {
    const outputs = { result: 'binds 🧬 well', '𠀀': ['😀'] };
    const variable = jsonTextVariable(outputs);

    expect(variable.type).toBe('String');
    expect(variable.value).not.toMatch(/[\u{10000}-\u{10FFFF}]/u);
    expect(variable.value).toContain('\\ud83e\\uddec');
    expect(parseJsonTextVariable(variable.value)).toEqual(outputs);
  });

  it('reads back what either type wrote, and leaves a text that is not JSON as it is', () => {
    const outputs = { result: 'done', validators: [{ name: 'Equals', passed: true }] };

    expect(parseJsonTextVariable(jsonTextVariable(outputs).value)).toEqual(outputs);
    expect(parseJsonTextVariable('plain words')).toBe('plain words');
    expect(parseJsonTextVariable(null)).toBeNull();
    expect(parseJsonTextVariable(undefined)).toBeUndefined();
  });
});
