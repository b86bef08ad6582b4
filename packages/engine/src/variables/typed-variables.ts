import {
  formatCamundaDate,
  parseCamundaDate,
  type VariableMap,
  type VariableValueDto,
  type VariableValueType,
} from '@platform/engine-client';

import { badRequest } from '../rest/camunda-errors';

/** A variable as stored: Camunda's capitalised type name and the value as Camunda serialises it. */
export interface StoredVariable {
  type: VariableValueType;
  value: unknown;
  valueInfo: Record<string, unknown>;
}

export type StoredVariables = Record<string, StoredVariable>;

const TYPE_NAMES: Record<string, VariableValueType> = {
  null: 'Null',
  string: 'String',
  boolean: 'Boolean',
  integer: 'Integer',
  short: 'Short',
  long: 'Long',
  double: 'Double',
  date: 'Date',
  json: 'Json',
  object: 'Object',
  file: 'File',
  bytes: 'Bytes',
};

/** Normalises one REST variable (any type case, or no type) into the stored form. */
export function toStoredVariable(dto: VariableValueDto): StoredVariable {
  const valueInfo = dto.valueInfo ?? {};
  if (dto.type === undefined || dto.type === null || dto.type === '') {
    return inferStoredVariable(dto.value, valueInfo);
  }
  const type = TYPE_NAMES[String(dto.type).toLowerCase()];
  if (!type) throw badRequest(`Unsupported value type '${dto.type}'`);
  if (type === 'File') return { type, value: dto.value ?? null, valueInfo: fileInfo(valueInfo) };
  return { type, value: normaliseValue(type, dto.value), valueInfo };
}

/** Operaton keeps these of a file's valueInfo (the JS client's lower-case `mimetype` is dropped). */
function fileInfo(valueInfo: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const key of ['filename', 'mimeType', 'encoding']) {
    if (valueInfo[key] !== undefined && valueInfo[key] !== null) kept[key] = valueInfo[key];
  }
  return kept;
}

const JAVA_TYPES: Partial<Record<VariableValueType, string>> = {
  Integer: 'java.lang.Integer',
  Short: 'java.lang.Short',
  Long: 'java.lang.Long',
  Double: 'java.lang.Double',
  Date: 'java.util.Date',
};

function conversionError(type: VariableValueType, value: unknown) {
  return badRequest(
    `Cannot convert value '${value}' of type '${type}' to java type ${JAVA_TYPES[type]}`,
  );
}

function inferStoredVariable(value: unknown, valueInfo: Record<string, unknown>): StoredVariable {
  if (value === null || value === undefined) return { type: 'Null', value: null, valueInfo };
  if (typeof value === 'string') return { type: 'String', value, valueInfo };
  if (typeof value === 'boolean') return { type: 'Boolean', value, valueInfo };
  if (typeof value === 'number') {
    const type = Number.isInteger(value) ? (isInt32(value) ? 'Integer' : 'Long') : 'Double';
    return { type, value, valueInfo };
  }
  return { type: 'Json', value: JSON.stringify(value), valueInfo };
}

function isInt32(n: number): boolean {
  return n >= -2147483648 && n <= 2147483647;
}

function normaliseValue(type: VariableValueType, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (type) {
    case 'Integer':
    case 'Short':
    case 'Long':
    case 'Double': {
      const n = typeof value === 'number' ? value : Number(value);
      if (Number.isNaN(n) || value === '') throw conversionError(type, value);
      return n;
    }
    case 'Date': {
      // Operaton answers dates in its own format, whatever offset they came with.
      const ms = typeof value === 'string' ? parseCamundaDate(value) : null;
      if (ms === null) throw conversionError(type, value);
      return formatCamundaDate(ms);
    }
    case 'Boolean':
      return value === true || value === 'true';
    case 'Json':
    case 'Object':
      return typeof value === 'string' ? value : JSON.stringify(value);
    default:
      return value;
  }
}

export function toStoredVariables(dtos: VariableMap | null | undefined): StoredVariables {
  const result: StoredVariables = {};
  for (const [name, dto] of Object.entries(dtos ?? {})) result[name] = toStoredVariable(dto);
  return result;
}

/** The REST form of stored variables, optionally only the named ones. */
export function toVariableDtos(
  stored: StoredVariables,
  names?: readonly string[] | null,
): VariableMap {
  const result: VariableMap = {};
  for (const [name, variable] of Object.entries(stored)) {
    if (names && !names.includes(name)) continue;
    // A file's content is read separately (GET …/variables/{name}/data), as from Operaton.
    const value = variable.type === 'File' ? null : variable.value;
    result[name] = { type: variable.type, value, valueInfo: variable.valueInfo };
  }
  return result;
}

/** The plain JavaScript value that expressions see (JSON parsed, numbers as numbers). */
export function toPlainValue(variable: StoredVariable): unknown {
  if (variable.value === null || variable.value === undefined) return null;
  if (variable.type === 'Json' || variable.type === 'Object') {
    try {
      return JSON.parse(String(variable.value));
    } catch {
      return variable.value;
    }
  }
  return variable.value;
}

export function toPlainValues(stored: StoredVariables): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [name, variable] of Object.entries(stored)) result[name] = toPlainValue(variable);
  return result;
}

/** Stores a plain value produced by the engine (e.g. a multi-instance element) with an inferred type. */
export function fromPlainValue(value: unknown): StoredVariable {
  return inferStoredVariable(value, {});
}
