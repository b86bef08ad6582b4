import { describe, expect, it } from 'vitest';

import {
  FORM_SCHEMA_MAX,
  formSchemaProblem,
  localizeSchema,
  missingRequiredField,
  schemaDictTypes,
  schemaFieldKeys,
  schemaOfFields,
  schemaOfForm,
} from './form-schema';

const LEGACY = [
  { id: 'reason', label: '原因', labelEn: 'Reason', type: 'string', required: true },
  { id: 'days', label: '天数', type: 'long', required: false },
  { id: 'urgent', label: '加急', type: 'boolean', required: false },
  { id: 'start', label: '开始', labelEn: 'Start', type: 'date', required: true },
  {
    id: 'kind',
    label: '类型',
    type: 'enum',
    required: true,
    options: [{ value: 'a', label: '甲' }, 'b'],
  },
  { id: 'note', label: '', type: 'custom', required: false },
  { id: 'other', label: '其他', type: 'rich' },
  { label: 'no id', type: 'string' },
  'not a field',
];

describe('schemaOfFields (old field lists open in form-js)', () => {
  const schema = schemaOfFields(LEGACY);

  it('maps each field type to its form-js component, keyed by the field id', () => {
    expect(schema.type).toBe('default');
    expect(schema.components.map((c) => [c.key, c.type])).toEqual([
      ['reason', 'textfield'],
      ['days', 'number'],
      ['urgent', 'checkbox'],
      ['start', 'datetime'],
      ['kind', 'select'],
      ['note', 'textarea'],
      ['other', 'textfield'],
    ]);
    expect(new Set(schema.components.map((c) => c.id)).size).toBe(7);
  });

  it('keeps required, whole numbers, dates, options and both labels', () => {
    const [reason, days, , start, kind, note] = schema.components;
    expect(reason).toMatchObject({
      label: '原因',
      validate: { required: true },
      properties: { labelEn: 'Reason' },
    });
    expect(days.validate).toBeUndefined();
    expect(days.decimalDigits).toBe(0);
    expect(start).toMatchObject({
      subtype: 'date',
      dateLabel: '开始',
      validate: { required: true },
    });
    expect(start.label).toBeUndefined();
    expect(kind.values).toEqual([
      { value: 'a', label: '甲' },
      { value: 'b', label: 'b' },
    ]);
    // A field without a label shows its id rather than nothing.
    expect(note.label).toBe('note');
  });

  it('gives an empty form for no fields, and every converted schema passes validation', () => {
    expect(schemaOfFields(undefined).components).toEqual([]);
    expect(formSchemaProblem(schema)).toBeNull();
  });

  it('opens a form with its own schema as is, and one without from its fields', () => {
    const own = { type: 'default', components: [{ type: 'textfield', key: 'x' }] };
    expect(schemaOfForm({ schema: own, fields: LEGACY })).toBe(own);
    expect(schemaOfForm({ schema: null, fields: LEGACY }).components).toHaveLength(7);
  });
});

describe('formSchemaProblem', () => {
  it('refuses what is not a form-js schema', () => {
    for (const bad of [null, 'x', [], { components: 'x' }, { type: 'group', components: [] }]) {
      expect(formSchemaProblem(bad)).toEqual({ key: 'bpm.form_schema_invalid' });
    }
  });

  it('refuses unknown component types, nested ones too', () => {
    const nested = {
      type: 'default',
      components: [{ type: 'group', components: [{ type: 'iframe', url: 'https://x' }] }],
    };
    expect(formSchemaProblem(nested)).toMatchObject({
      key: 'bpm.form_schema_type_unknown',
      params: { type: 'iframe' },
    });
    expect(formSchemaProblem({ type: 'default', components: [{ key: 'x' }] })).toMatchObject({
      key: 'bpm.form_schema_type_unknown',
    });
  });

  it('refuses a schema over the size limit', () => {
    const big = {
      type: 'default',
      components: [{ type: 'text', text: 'x'.repeat(FORM_SCHEMA_MAX) }],
    };
    expect(formSchemaProblem(big)).toEqual({
      key: 'bpm.form_schema_too_large',
      params: { max: FORM_SCHEMA_MAX },
    });
  });
});

describe('localizeSchema', () => {
  const schema = {
    type: 'default' as const,
    components: [
      { type: 'textfield', key: 'a', label: '甲', properties: { labelEn: 'A' } },
      { type: 'datetime', key: 'd', dateLabel: '日期', properties: { labelEn: 'Date' } },
      { type: 'textfield', key: 'b', label: '乙' },
      {
        type: 'group',
        components: [
          {
            type: 'select',
            key: 'leave',
            label: '类型',
            valuesKey: 'x',
            properties: { dictType: 'bpm_oa_leave_type' },
          },
        ],
      },
    ],
  };

  it('shows English labels to English readers, Chinese ones otherwise', () => {
    const en = localizeSchema(schema, 'en');
    expect(en.components.map((c) => c.label ?? c.dateLabel)).toEqual([
      'A',
      'Date',
      '乙',
      undefined,
    ]);
    const zh = localizeSchema(schema, 'zh');
    expect(zh.components.map((c) => c.label ?? c.dateLabel)).toEqual([
      '甲',
      '日期',
      '乙',
      undefined,
    ]);
    expect(schema.components[0].label).toBe('甲');
  });

  it("fills a dictionary-bound select's options from the dictionary", () => {
    expect(schemaDictTypes(schema)).toEqual(['bpm_oa_leave_type']);
    const out = localizeSchema(schema, 'en', {
      bpm_oa_leave_type: [{ value: 'annual', label: 'Annual leave' }],
    });
    const select = out.components[3].components![0];
    expect(select.values).toEqual([{ value: 'annual', label: 'Annual leave' }]);
    expect(select.valuesKey).toBeUndefined();
  });
});

describe('a step form checked on the server', () => {
  const schema = schemaOfFields([
    { id: 'opinion', label: '意见', labelEn: 'Opinion', type: 'string', required: true },
    { id: 'agree', label: '同意', type: 'boolean', required: true },
    { id: 'note', label: '备注', type: 'string' },
  ]);

  it('should name the first required field left empty, in both languages', () => {
    expect(missingRequiredField(schema, { opinion: ' ', agree: true })).toEqual({
      key: 'opinion',
      label: '意见',
      labelEn: 'Opinion',
    });
    // A required checkbox must be ticked; without an English label the stored one is used.
    expect(missingRequiredField(schema, { opinion: 'ok', agree: false })).toMatchObject({
      key: 'agree',
      labelEn: '同意',
    });
    expect(missingRequiredField(schema, { opinion: 'ok', agree: true })).toBeNull();
  });

  it("should list the form's field keys, nested ones too", () => {
    expect(schemaFieldKeys(schema)).toEqual(['opinion', 'agree', 'note']);
    expect(
      schemaFieldKeys({
        type: 'default',
        components: [{ type: 'group', components: [{ type: 'textfield', key: 'inner' }] }],
      }),
    ).toEqual(['inner']);
  });
});
