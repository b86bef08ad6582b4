import {
  AGENT_TYPES,
  type AgentDescriptor,
  type BranchDescriptor,
  type BranchRule,
  DEFAULT_AGENT_TYPE,
  DEFAULT_BRANCH_TYPE,
  type ValidatorCall,
} from '@platform/contracts';

import { type DiagramProblem, problem } from './problems';
import { readValidatorCall, validatorCallProblems } from './validators';

// Codecs of the JSON that user tasks (agent descriptor) and exclusive gateways (branch descriptor)
// keep in their documentation (spec §3). Decoding fills defaults and reports every problem with the
// node id; keys it does not know are kept, so a round trip through the editors loses nothing.

export interface Decoded<T> {
  /** The descriptor with defaults filled in (usable by an editor even when there are problems). */
  value: T;
  /** False when the documentation is empty. */
  present: boolean;
  problems: DiagramProblem[];
}

type Json = Record<string, unknown>;

export function emptyAgentDescriptor(): AgentDescriptor {
  return { nameen: '', type: DEFAULT_AGENT_TYPE, instruction: '', output: '', validators: [] };
}

export function emptyBranchDescriptor(): BranchDescriptor {
  return { nameen: '', type: DEFAULT_BRANCH_TYPE, branches: [] };
}

function parseObject(text: string | undefined, nodeId: string) {
  if (!text || text.trim() === '') return { json: null, present: false, problems: [] };
  try {
    const json: unknown = JSON.parse(text);
    if (typeof json === 'object' && json !== null && !Array.isArray(json)) {
      return { json: json as Json, present: true, problems: [] };
    }
  } catch {
    // reported below, like any other value that is not an object
  }
  return { json: null, present: true, problems: [problem(nodeId, 'bpmn.descriptor_json')] };
}

/** Reads a text field: absent gives the fallback, a non-text value is a problem. */
function textField(
  json: Json,
  name: string,
  fallback: string,
  nodeId: string,
  out: DiagramProblem[],
) {
  const value = json[name];
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'string') return value;
  out.push(problem(nodeId, 'bpmn.descriptor_field', { name }));
  return fallback;
}

function typeField(json: Json, fallback: string, nodeId: string, out: DiagramProblem[]) {
  const type = textField(json, 'type', fallback, nodeId, out) || fallback;
  if (!(AGENT_TYPES as readonly string[]).includes(type)) {
    out.push(problem(nodeId, 'bpmn.type_invalid', { type }));
  }
  return type;
}

function validatorsField(json: Json, nodeId: string, out: DiagramProblem[]): ValidatorCall[] {
  const raw = json.validators;
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) {
    out.push(problem(nodeId, 'bpmn.descriptor_field', { name: 'validators' }));
    return [];
  }
  return raw.flatMap((entry, index) => {
    const call = readValidatorCall(entry);
    if (!call) {
      out.push(problem(nodeId, 'bpmn.descriptor_field', { name: `validators[${index}]` }));
      return [];
    }
    out.push(...validatorCallProblems(call, nodeId));
    return [call];
  });
}

export function decodeAgentDescriptor(
  text: string | undefined,
  nodeId = '',
): Decoded<AgentDescriptor> {
  const parsed = parseObject(text, nodeId);
  if (!parsed.json) {
    return { value: emptyAgentDescriptor(), present: parsed.present, problems: parsed.problems };
  }
  const json = parsed.json;
  const problems: DiagramProblem[] = [];
  const value: AgentDescriptor = {
    ...json,
    nameen: textField(json, 'nameen', '', nodeId, problems),
    type: typeField(json, DEFAULT_AGENT_TYPE, nodeId, problems),
    instruction: textField(json, 'instruction', '', nodeId, problems),
    output: textField(json, 'output', '', nodeId, problems),
    validators: validatorsField(json, nodeId, problems),
  };
  if (value.type === DEFAULT_AGENT_TYPE && value.instruction.trim() === '') {
    problems.push(problem(nodeId, 'bpmn.instruction_required'));
  }
  return { value, present: true, problems };
}

function readBranch(raw: unknown, index: number, nodeId: string, out: DiagramProblem[]) {
  const where = `branches[${index}]`;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    out.push(problem(nodeId, 'bpmn.descriptor_field', { name: where }));
    return null;
  }
  const entry = raw as Json;
  const validator = readValidatorCall(entry.validator);
  if (!validator) {
    out.push(problem(nodeId, 'bpmn.descriptor_field', { name: `${where}.validator` }));
    return null;
  }
  out.push(...validatorCallProblems(validator, nodeId));
  const target = entry.target_node ?? '';
  if (typeof target !== 'string') {
    out.push(problem(nodeId, 'bpmn.descriptor_field', { name: `${where}.target_node` }));
    return null;
  }
  return { ...entry, validator, target_node: target } as BranchRule;
}

export function decodeBranchDescriptor(
  text: string | undefined,
  nodeId = '',
): Decoded<BranchDescriptor> {
  const parsed = parseObject(text, nodeId);
  if (!parsed.json) {
    return { value: emptyBranchDescriptor(), present: parsed.present, problems: parsed.problems };
  }
  const json = parsed.json;
  const problems: DiagramProblem[] = [];
  let branches: BranchRule[] = [];
  if (Array.isArray(json.branches)) {
    branches = json.branches.flatMap((raw, i) => readBranch(raw, i, nodeId, problems) ?? []);
  } else if (json.branches !== undefined && json.branches !== null) {
    problems.push(problem(nodeId, 'bpmn.descriptor_field', { name: 'branches' }));
  }
  const value: BranchDescriptor = {
    ...json,
    nameen: textField(json, 'nameen', '', nodeId, problems),
    type: typeField(json, DEFAULT_BRANCH_TYPE, nodeId, problems),
    branches,
  };
  return { value, present: true, problems };
}

/** Known keys first in a fixed order, then any others, so saved diagrams diff cleanly. */
function ordered(value: object, keys: readonly string[]): Json {
  const source = value as Json;
  const out: Json = {};
  for (const key of keys) out[key] = source[key];
  for (const [key, entry] of Object.entries(source)) if (!(key in out)) out[key] = entry;
  return out;
}

export function encodeAgentDescriptor(descriptor: AgentDescriptor): string {
  const validators = descriptor.validators.map((v) => ordered(v, ['name', 'params']));
  return JSON.stringify(
    ordered({ ...descriptor, validators }, [
      'nameen',
      'type',
      'instruction',
      'output',
      'validators',
    ]),
  );
}

export function encodeBranchDescriptor(descriptor: BranchDescriptor): string {
  const branches = descriptor.branches.map((b) =>
    ordered({ ...b, validator: ordered(b.validator, ['name', 'params']) }, [
      'validator',
      'target_node',
    ]),
  );
  return JSON.stringify(ordered({ ...descriptor, branches }, ['nameen', 'type', 'branches']));
}
