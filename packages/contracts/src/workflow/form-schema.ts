// Process forms as bpmn.io form-js schemas (issue 29, the form builder), beside the older field lists
// ({id, label, labelEn?, type, required, options?}, spec §3 Form field) that still open: a form kept
// only as a field list is converted on read (schemaOfFields), so the editor and the viewer see one shape.
//
// Bilingual labels: form-js has one `label` per component, so it carries the Chinese text and the
// English one rides in the component's custom properties as `properties.labelEn` (the editor's
// "Custom properties" group edits it, and form-js keeps unknown properties untouched). The viewer
// swaps it in for English readers (localizeSchema). A choice field (select, radio, checklist, taglist)
// bound to a dictionary names its type in `properties.dictType`; the viewer fills its `values` from the
// dictionary API in the reader's language.
//
// Pure (no form-js import), so the server validates with it and the web converts with it.

/** Component types the platform accepts (form-js 1.x), the root `default` included. Left out on
 *  purpose: iframe (embeds any address), html (raw markup), filepicker and documentPreview (they
 *  need upload and document endpoints the platform does not give forms). */
export const FORM_COMPONENT_TYPES = [
  'default',
  'textfield',
  'textarea',
  'number',
  'checkbox',
  'checklist',
  'radio',
  'select',
  'taglist',
  'datetime',
  'button',
  'text',
  'image',
  'spacer',
  'separator',
  'group',
  'dynamiclist',
  'table',
  'expression',
] as const;

/** The largest schema kept, as JSON text (a form of a few hundred fields stays well under it). */
export const FORM_SCHEMA_MAX = 200_000;

/** form-js's schema version the converter writes (form-js 1.23 reads it and older ones). */
export const FORM_SCHEMA_VERSION = 18;

export interface FormSchemaValue {
  label: string;
  value: string;
}

export interface FormSchemaComponent {
  type: string;
  id?: string;
  key?: string;
  label?: string;
  /** datetime's label (form-js names it apart from `label`). */
  dateLabel?: string;
  subtype?: string;
  decimalDigits?: number;
  validate?: { required?: boolean; [rule: string]: unknown };
  values?: FormSchemaValue[];
  /** Custom properties: `labelEn` (English label), `dictType` (dictionary feeding the options). */
  properties?: Record<string, string>;
  components?: FormSchemaComponent[];
  [other: string]: unknown;
}

export interface FormSchema {
  type: 'default';
  id?: string;
  schemaVersion?: number;
  components: FormSchemaComponent[];
  [other: string]: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

function optionsOf(raw: unknown): FormSchemaValue[] {
  if (!Array.isArray(raw)) return [];
  return raw.map((option) =>
    isRecord(option)
      ? {
          value: text(option.value),
          label: text(option.label ?? option.name ?? option.value),
        }
      : { value: text(option), label: text(option) },
  );
}

/** One stored field as a component, or null for an entry that cannot become a variable (no id). */
function componentOf(entry: unknown, index: number): FormSchemaComponent | null {
  if (!isRecord(entry)) return null;
  const key = text(entry.id ?? entry.key).trim();
  if (!key) return null;
  const label = text(entry.label) || key;
  const labelEn = text(entry.labelEn);
  const common: FormSchemaComponent = {
    type: 'textfield',
    id: `Field_${index}`,
    key,
    label,
    ...(entry.required ? { validate: { required: true } } : {}),
    ...(labelEn ? { properties: { labelEn } } : {}),
  };
  switch (entry.type) {
    case 'long':
      return { ...common, type: 'number', decimalDigits: 0 };
    case 'boolean':
      return { ...common, type: 'checkbox' };
    case 'date': {
      const { label: dateLabel, ...rest } = common;
      return { ...rest, type: 'datetime', subtype: 'date', dateLabel };
    }
    case 'enum':
      return { ...common, type: 'select', values: optionsOf(entry.options ?? entry.values) };
    case 'custom':
      return { ...common, type: 'textarea' };
    default:
      return common;
  }
}

/** A field list (the form API's `fields`) as a form-js schema; an unknown field type becomes text. */
export function schemaOfFields(fields: readonly unknown[] | undefined): FormSchema {
  const components: FormSchemaComponent[] = [];
  (fields ?? []).forEach((entry, index) => {
    const component = componentOf(entry, index);
    if (component) components.push(component);
  });
  return { type: 'default', id: 'Form', schemaVersion: FORM_SCHEMA_VERSION, components };
}

/** The schema a form opens with: its own when it has one, else its field list converted. */
export function schemaOfForm(form: { schema?: unknown; fields?: readonly unknown[] }): FormSchema {
  return isFormSchema(form.schema) ? form.schema : schemaOfFields(form.fields);
}

export function isFormSchema(value: unknown): value is FormSchema {
  return isRecord(value) && Array.isArray(value.components);
}

function* componentsIn(components: readonly unknown[]): Generator<unknown> {
  for (const component of components) {
    yield component;
    if (isRecord(component) && Array.isArray(component.components)) {
      yield* componentsIn(component.components);
    }
  }
}

export type FormSchemaProblem =
  | { key: 'bpm.form_schema_invalid' }
  | { key: 'bpm.form_schema_too_large'; params: { max: number } }
  | { key: 'bpm.form_schema_type_unknown'; params: { type: string; types: string } };

/** What is wrong with a schema to be saved, or null: not a form-js schema, too large, or a component
 *  of a type the platform does not accept (nested ones too). */
export function formSchemaProblem(value: unknown): FormSchemaProblem | null {
  if (!isFormSchema(value) || value.type !== 'default') return { key: 'bpm.form_schema_invalid' };
  if (JSON.stringify(value).length > FORM_SCHEMA_MAX) {
    return { key: 'bpm.form_schema_too_large', params: { max: FORM_SCHEMA_MAX } };
  }
  for (const component of componentsIn(value.components)) {
    const type = isRecord(component) ? component.type : undefined;
    if (typeof type !== 'string' || !(FORM_COMPONENT_TYPES as readonly string[]).includes(type)) {
      return {
        key: 'bpm.form_schema_type_unknown',
        params: { type: text(type), types: FORM_COMPONENT_TYPES.slice(1).join(', ') },
      };
    }
  }
  return null;
}

const CHOICE_TYPES = ['select', 'radio', 'checklist', 'taglist'];

/**
 * The schema as a reader sees it: English labels (`properties.labelEn`) for English readers, and the
 * options of choice fields bound to a dictionary (`properties.dictType`) from `dictionaries`, already in
 * the reader's language (a type missing there keeps the options the schema has). A copy; the stored
 * schema is not touched.
 */
export function localizeSchema(
  schema: FormSchema,
  language: string,
  dictionaries: Readonly<Record<string, readonly FormSchemaValue[]>> = {},
): FormSchema {
  const localize = (component: FormSchemaComponent): FormSchemaComponent => {
    const next: FormSchemaComponent = { ...component };
    const labelEn = component.properties?.labelEn;
    if (language === 'en' && labelEn) {
      if (component.type === 'datetime') next.dateLabel = labelEn;
      else next.label = labelEn;
    }
    const dictType = component.properties?.dictType;
    if (dictType && CHOICE_TYPES.includes(component.type) && dictionaries[dictType]) {
      next.values = dictionaries[dictType].map((v) => ({ label: v.label, value: v.value }));
      // form-js reads `valuesKey`/`valuesExpression` before `values`: the dictionary wins.
      delete next.valuesKey;
      delete next.valuesExpression;
    }
    if (Array.isArray(component.components)) next.components = component.components.map(localize);
    return next;
  };
  return { ...schema, components: schema.components.map(localize) };
}

/** The dictionary types a schema's choice fields are bound to (to fetch before rendering). */
export function schemaDictTypes(schema: FormSchema): string[] {
  const types = new Set<string>();
  for (const component of componentsIn(schema.components)) {
    if (!isRecord(component)) continue;
    const properties = component.properties;
    if (isRecord(properties) && typeof properties.dictType === 'string' && properties.dictType) {
      types.add(properties.dictType);
    }
  }
  return [...types];
}

const isBlank = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/**
 * The first required field of the schema that `values` leave empty, with its labels (zh as stored,
 * en from `properties.labelEn`), or null when every required field has a value. A required checkbox
 * must be ticked, as form-js asks in the browser; the server checks again what the browser sent.
 */
export function missingRequiredField(
  schema: FormSchema,
  values: Readonly<Record<string, unknown>>,
): { key: string; label: string; labelEn: string } | null {
  for (const component of componentsIn(schema.components)) {
    if (!isRecord(component) || typeof component.key !== 'string') continue;
    const validate = component.validate;
    if (!isRecord(validate) || validate.required !== true) continue;
    const value = values[component.key];
    const empty = component.type === 'checkbox' ? value !== true : isBlank(value);
    if (!empty) continue;
    const label = text(component.type === 'datetime' ? component.dateLabel : component.label);
    const properties = isRecord(component.properties) ? component.properties : {};
    return {
      key: component.key,
      label: label || component.key,
      labelEn: text(properties.labelEn) || label || component.key,
    };
  }
  return null;
}

/** The keys of a schema's fields (nested ones too): the variables a form fills. */
export function schemaFieldKeys(schema: FormSchema): string[] {
  const keys: string[] = [];
  for (const component of componentsIn(schema.components)) {
    if (isRecord(component) && typeof component.key === 'string' && component.key) {
      keys.push(component.key);
    }
  }
  return keys;
}
