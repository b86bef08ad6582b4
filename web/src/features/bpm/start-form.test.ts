import { describe, expect, it } from 'vitest';

import { emptyValues, formFieldsOf, formProblems, formVariables } from './start-form';

const stored = [
  { id: 'days', label: '天数', labelEn: 'Days', type: 'long', required: true },
  { id: 'note', label: '备注', type: 'string', required: false },
  { id: 'urgent', label: '加急', type: 'boolean', required: false },
  {
    id: 'kind',
    label: '类型',
    type: 'enum',
    required: true,
    options: ['a', { value: 'b', label: 'B' }],
  },
  { id: '', label: 'no id', type: 'string' },
  { id: 'odd', label: 'Odd', type: 'colour' },
];

describe('process forms', () => {
  it('should read the stored fields, dropping those without an id and treating unknown types as text', () => {
    const fields = formFieldsOf(stored, 'en');
    expect(fields.map((f) => f.id)).toEqual(['days', 'note', 'urgent', 'kind', 'odd']);
    expect(fields[0]!.label).toBe('Days');
    expect(fields[1]!.label).toBe('备注');
    expect(fields[3]!.options).toEqual([
      { value: 'a', label: 'a' },
      { value: 'b', label: 'B' },
    ]);
    expect(fields[4]!.type).toBe('string');
    expect(formFieldsOf(stored, 'zh')[0]!.label).toBe('天数');
  });

  it('should refuse a required field left empty and a whole-number field holding something else', () => {
    const fields = formFieldsOf(stored, 'zh');
    expect(formProblems(fields, emptyValues(fields))).toEqual({
      days: 'required',
      kind: 'required',
    });
    expect(formProblems(fields, { days: '2.5', kind: 'a' })).toEqual({ days: 'whole' });
    expect(formProblems(fields, { days: ' ', kind: 'a' })).toEqual({ days: 'required' });
    expect(formProblems(fields, { days: 3, kind: 'a' })).toEqual({});
  });

  it('should require a required checkbox to be ticked', () => {
    const fields = formFieldsOf(
      [{ id: 'agree', label: 'Agree', type: 'boolean', required: true }],
      'en',
    );
    expect(formProblems(fields, { agree: false })).toEqual({ agree: 'required' });
    expect(formProblems(fields, { agree: true })).toEqual({});
  });

  it('should send typed variables and leave empty optional fields out', () => {
    const fields = formFieldsOf(stored, 'zh');
    expect(
      formVariables(fields, { days: '5', note: '', urgent: true, kind: 'b', odd: ' x ' }),
    ).toEqual({
      days: 5,
      urgent: true,
      kind: 'b',
      odd: 'x',
    });
  });
});
