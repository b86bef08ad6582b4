// A process form as the form API stores it (bpm/form `fields`: {id, label, type, required}, the types of
// spec §3 Form field) turned into what the start and task pages render, check and send. Pure, so the
// rules are tested apart from the screen.

export type FormFieldType = 'string' | 'long' | 'boolean' | 'date' | 'enum' | 'custom';

export interface FormFieldOption {
  value: string;
  label: string;
}

export interface FormField {
  id: string;
  label: string;
  type: FormFieldType;
  required: boolean;
  options: FormFieldOption[];
}

const TYPES: readonly FormFieldType[] = ['string', 'long', 'boolean', 'date', 'enum', 'custom'];

export type FieldProblem = 'required' | 'whole';

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

function optionsOf(raw: unknown): FormFieldOption[] {
  if (!Array.isArray(raw)) return [];
  return raw.map((option) =>
    option && typeof option === 'object'
      ? {
          value: text((option as { value?: unknown }).value),
          label: text(
            (option as { label?: unknown; name?: unknown }).label ??
              (option as { name?: unknown }).name ??
              (option as { value?: unknown }).value,
          ),
        }
      : { value: text(option), label: text(option) },
  );
}

/**
 * The stored fields as rendered fields: an entry without an id is dropped (it could not become a
 * variable), an unknown type is text, and the label is the English one (`labelEn`) in English when the
 * form has one.
 */
export function formFieldsOf(raw: readonly unknown[] | undefined, language: string): FormField[] {
  const fields: FormField[] = [];
  for (const entry of raw ?? []) {
    if (!entry || typeof entry !== 'object') continue;
    const value = entry as Record<string, unknown>;
    const id = text(value.id ?? value.key).trim();
    if (!id) continue;
    const type = TYPES.includes(value.type as FormFieldType)
      ? (value.type as FormFieldType)
      : 'string';
    const label = text(language === 'en' ? (value.labelEn ?? value.label) : value.label) || id;
    fields.push({
      id,
      label,
      type,
      required: Boolean(value.required),
      options: optionsOf(value.options ?? value.values),
    });
  }
  return fields;
}

const isEmpty = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** What is wrong with one value of a field, or null. A required checkbox must be ticked. */
export function fieldProblem(field: FormField, value: unknown): FieldProblem | null {
  if (field.type === 'boolean') return field.required && value !== true ? 'required' : null;
  if (isEmpty(value)) return field.required ? 'required' : null;
  if (field.type === 'long' && !Number.isInteger(Number(value))) return 'whole';
  return null;
}

/** Every field's problem, by field id; empty when the form may be sent. */
export function formProblems(
  fields: readonly FormField[],
  values: Record<string, unknown>,
): Record<string, FieldProblem> {
  const problems: Record<string, FieldProblem> = {};
  for (const field of fields) {
    const problem = fieldProblem(field, values[field.id]);
    if (problem) problems[field.id] = problem;
  }
  return problems;
}

/**
 * The values as the process's variables: whole numbers as numbers (the engine keeps them as Long),
 * booleans as booleans, the rest as text; an empty optional field is left out rather than sent as ''.
 */
export function formVariables(
  fields: readonly FormField[],
  values: Record<string, unknown>,
): Record<string, unknown> {
  const variables: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.id];
    if (field.type === 'boolean') {
      variables[field.id] = value === true;
      continue;
    }
    if (isEmpty(value)) continue;
    variables[field.id] = field.type === 'long' ? Number(value) : text(value).trim();
  }
  return variables;
}

/** The starting values: unticked boxes, empty text. */
export function emptyValues(fields: readonly FormField[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((f) => [f.id, f.type === 'boolean' ? false : '']));
}
