import type { FormSchema, FormSchemaComponent } from '@platform/contracts';

/** form-js's submitted data as process variables: an empty optional field is left out rather than sent
 *  as '' or null (as the field-list forms did), the rest as form-js typed it (numbers, booleans, text). */
export function formVariablesOf(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(data).filter(
      ([, value]) =>
        value !== undefined &&
        value !== null &&
        !(typeof value === 'string' && value.trim() === '') &&
        !(Array.isArray(value) && value.length === 0),
    ),
  );
}

/** The variable names a schema's fields write (nested groups too): the values it shows itself. */
export function schemaKeys(schema: FormSchema): string[] {
  const keys: string[] = [];
  const walk = (components: readonly FormSchemaComponent[]) => {
    for (const component of components) {
      if (component.key) keys.push(component.key);
      if (Array.isArray(component.components)) walk(component.components);
    }
  };
  walk(schema.components);
  return keys;
}
