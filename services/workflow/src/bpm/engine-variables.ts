import {
  fitsEngineString,
  type JsonTextVariable,
  jsonTextVariable,
  type MissionInputs,
} from '@platform/contracts';
import type { VariableMap } from '@platform/engine-client';

/**
 * A form's values as the engine's typed variables, so that gateway conditions compare numbers as
 * numbers (`${days > 3}`) on both engines: whole numbers Long, other numbers Double, text String
 * (Json when Operaton could not keep it as one: see `fitsEngineString`), true/false Boolean, null
 * Null, lists and objects Json.
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
  // A text Operaton cannot keep as a String (long, or with emoji) is Json: a failed start otherwise.
  if (typeof value === 'string' && fitsEngineString(value)) return { value, type: 'String' };
  return { value: JSON.stringify(value), type: 'Json' };
}

/**
 * A mission's inputs as its instance's `inputs` variable, for Cockpit (no agent reads it: the node
 * context has them). The structures' atoms stay in the mission row, so it is mostly a String.
 */
export function inputsVariable(inputs: MissionInputs): JsonTextVariable {
  return jsonTextVariable({ ...inputs, structures: undefined });
}
