import type { ValidatorCall } from '@platform/contracts';

import { type DiagramProblem, problem } from './problems';

// Validators of agent outputs and branches (names from dictionary `workflow_val_type`, spec §5):
// Equals, NotEquals, FileNotExist and JsonKeyNotEmpty take one text parameter; WithIn and
// JsonKeyExists a list. A list starts with one empty entry and keeps at least one.

export type ValidatorArity = 'text' | 'list';

export interface ValidatorDefinition {
  arity: ValidatorArity;
  /** Whether an empty text (or list entry) is meaningful, e.g. "equals the empty string". */
  allowsEmpty: boolean;
}

export const VALIDATOR_DEFINITIONS = {
  Equals: { arity: 'text', allowsEmpty: true },
  NotEquals: { arity: 'text', allowsEmpty: true },
  FileNotExist: { arity: 'text', allowsEmpty: false },
  JsonKeyNotEmpty: { arity: 'text', allowsEmpty: false },
  WithIn: { arity: 'list', allowsEmpty: true },
  JsonKeyExists: { arity: 'list', allowsEmpty: false },
} as const satisfies Record<string, ValidatorDefinition>;

export type ValidatorName = keyof typeof VALIDATOR_DEFINITIONS;
export const VALIDATOR_NAMES = Object.keys(VALIDATOR_DEFINITIONS) as ValidatorName[];

export function validatorDefinition(name: string): ValidatorDefinition | undefined {
  return Object.prototype.hasOwnProperty.call(VALIDATOR_DEFINITIONS, name)
    ? VALIDATOR_DEFINITIONS[name as ValidatorName]
    : undefined;
}

/** A fresh call of a validator: an empty text, or a list holding one empty entry. */
export function newValidatorCall(name: string): ValidatorCall {
  return { name, params: validatorDefinition(name)?.arity === 'list' ? [''] : '' };
}

/** Switches a call to another validator, keeping the first parameter value it had. */
export function renameValidatorCall(call: ValidatorCall, name: string): ValidatorCall {
  const first = Array.isArray(call.params) ? (call.params[0] ?? '') : call.params;
  return { name, params: validatorDefinition(name)?.arity === 'list' ? [first] : first };
}

export function addValidatorParam(call: ValidatorCall): ValidatorCall {
  return Array.isArray(call.params) ? { ...call, params: [...call.params, ''] } : call;
}

/** A list entry may be removed only while more than one remains. */
export function canRemoveValidatorParam(call: ValidatorCall): boolean {
  return Array.isArray(call.params) && call.params.length > 1;
}

export function removeValidatorParam(call: ValidatorCall, index: number): ValidatorCall {
  if (!canRemoveValidatorParam(call)) return call;
  return { ...call, params: (call.params as string[]).filter((_, i) => i !== index) };
}

export function setValidatorParam(call: ValidatorCall, value: string, index = 0): ValidatorCall {
  if (!Array.isArray(call.params)) return { ...call, params: value };
  return { ...call, params: call.params.map((p, i) => (i === index ? value : p)) };
}

/**
 * Reads a validator call from descriptor JSON. A single-parameter validator given a one-entry list
 * (or a list validator given a text) is read in its canonical form; anything else is kept as it
 * came, for `validatorCallProblems` to report.
 */
export function readValidatorCall(raw: unknown): ValidatorCall | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const { name, params } = raw as { name?: unknown; params?: unknown };
  if (typeof name !== 'string') return null;
  const arity = validatorDefinition(name)?.arity;
  if (arity === 'text' && Array.isArray(params) && params.length === 1) {
    return { name, params: params[0] as string };
  }
  if (arity === 'list' && typeof params === 'string') return { name, params: [params] };
  if (params === undefined || params === null) return newValidatorCall(name);
  return { name, params: params as string | string[] };
}

/** What is wrong with a validator call of node `nodeId` (empty when it is valid). */
export function validatorCallProblems(call: ValidatorCall, nodeId: string): DiagramProblem[] {
  const definition = validatorDefinition(call.name);
  const params = { name: call.name };
  if (!definition) return [problem(nodeId, 'bpmn.validator_unknown', params)];
  if (definition.arity === 'text') {
    if (typeof call.params !== 'string') {
      return [problem(nodeId, 'bpmn.validator_param_text', params)];
    }
    return !definition.allowsEmpty && call.params.trim() === ''
      ? [problem(nodeId, 'bpmn.validator_param_empty', params)]
      : [];
  }
  const list = call.params;
  if (!Array.isArray(list) || list.length === 0 || list.some((p) => typeof p !== 'string')) {
    return [problem(nodeId, 'bpmn.validator_param_list', params)];
  }
  return !definition.allowsEmpty && list.some((p) => p.trim() === '')
    ? [problem(nodeId, 'bpmn.validator_param_empty', params)]
    : [];
}
