import type { VariableMap } from '@platform/engine-client';

/**
 * A form's values as the engine's typed variables, so that gateway conditions compare numbers as
 * numbers (`${days > 3}`) on both engines: whole numbers Long, other numbers Double, text String,
 * true/false Boolean, null Null, lists and objects Json.
 */
export function toTypedVariables(values: Record<string, unknown>): VariableMap {
  const typed: VariableMap = {};
  for (const [name, value] of Object.entries(values)) typed[name] = typedValue(value);
  return typed;
}

function typedValue(value: unknown): VariableMap[string] {
  if (value === null || value === undefined) return { value: null, type: 'Null' };
  if (typeof value === 'boolean') return { value, type: 'Boolean' };
  if (typeof value === 'number') {
    return Number.isSafeInteger(value) ? { value, type: 'Long' } : { value, type: 'Double' };
  }
  if (typeof value === 'string') return { value, type: 'String' };
  return { value: JSON.stringify(value), type: 'Json' };
}

/** The engine's variables back as plain values (Json parsed; files left out). */
export function plainVariables(variables: VariableMap): Record<string, unknown> {
  const plain: Record<string, unknown> = {};
  for (const [name, variable] of Object.entries(variables)) {
    if (variable.type === 'File') continue;
    plain[name] =
      variable.type === 'Json' && typeof variable.value === 'string'
        ? safeParse(variable.value)
        : variable.value;
  }
  return plain;
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
