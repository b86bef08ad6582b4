import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  DESCRIPTION_MAX,
  FUNCTION_NAME_PATTERN,
  type FunctionValueType,
  NAME_MAX,
  TAG_MAX,
  TAGS_MAX,
  unknownAgentTools,
} from '@platform/contracts';

// Form rules of the workflow pages (spec §5: a workflow needs at least one agent, a function at least
// one tag and code), checked before the server sees the form; the server checks the same again.

export type FormErrors = Record<string, MessageDescriptor | null>;

const nameError = (name: string): MessageDescriptor | null => {
  if (!name.trim()) return msg`Name cannot be empty`;
  return name.trim().length > NAME_MAX
    ? msg`Length should not exceed ${NAME_MAX} characters`
    : null;
};

const descriptionError = (text: string | undefined): MessageDescriptor | null =>
  (text ?? '').length > DESCRIPTION_MAX
    ? msg`Length should not exceed ${DESCRIPTION_MAX} characters`
    : null;

function tagsError(tags: readonly string[], min: number): MessageDescriptor | null {
  if (tags.length < min) return msg`Add at least one tag`;
  if (tags.length > TAGS_MAX) return msg`At most ${TAGS_MAX} tags`;
  return tags.some((tag) => tag.length > TAG_MAX)
    ? msg`A tag has at most ${TAG_MAX} characters`
    : null;
}

export interface WorkflowFormValues {
  name: string;
  description: string;
  descriptionEn: string;
  status: string;
  agentIds: string[];
  params: string;
  tags: string[];
  /** Points a mission on the workflow costs; '' = the system parameter wujie.mission.price. */
  price: number | '';
}

export function workflowFormErrors(values: WorkflowFormValues): FormErrors {
  return {
    name: nameError(values.name),
    description: descriptionError(values.description),
    descriptionEn: descriptionError(values.descriptionEn),
    agentIds: values.agentIds.length ? null : msg`Choose at least one agent`,
    tags: tagsError(values.tags, 0),
  };
}

/** A skill grants built-in tools only (AGENT_TOOLS); names the server would refuse are named here. */
export function skillToolsError(tools: readonly unknown[]): MessageDescriptor | null {
  const unknown = unknownAgentTools(tools).map(String);
  return unknown.length
    ? msg`Unknown tool: ${unknown.join(', ')}. Choose built-in tools only`
    : null;
}

export interface FunctionParamValues {
  name: string;
  type: FunctionValueType;
  required: boolean;
  description: string;
}

export interface FunctionFormValues {
  name: string;
  description: string;
  tags: string[];
  params: FunctionParamValues[];
  returnType: FunctionValueType;
  returnDescription: string;
  code: string;
}

const functionNameError = (name: string): MessageDescriptor | null => {
  if (!name.trim()) return msg`Name cannot be empty`;
  return FUNCTION_NAME_PATTERN.test(name.trim())
    ? null
    : msg`A function name starts with a letter, _ or $, then letters, digits, _ or $`;
};

/** Errors of each parameter row, keyed `params.<index>.name` as Mantine's form addresses them. */
function paramErrors(params: readonly FunctionParamValues[]): FormErrors {
  const errors: FormErrors = {};
  params.forEach((param, index) => {
    const clash = params.findIndex((other) => other.name.trim() === param.name.trim()) !== index;
    errors[`params.${index}.name`] =
      functionNameError(param.name) ?? (clash ? msg`This parameter name is used twice` : null);
  });
  return errors;
}

export function functionFormErrors(values: FunctionFormValues): FormErrors {
  return {
    name: functionNameError(values.name),
    description: descriptionError(values.description),
    returnDescription: descriptionError(values.returnDescription),
    tags: tagsError(values.tags, 1),
    code: values.code.trim() ? null : msg`Code cannot be empty`,
    ...paramErrors(values.params),
  };
}

/** Only the fields that have an error (what Mantine's `validate` expects to block a submit). */
export function onlyErrors(errors: FormErrors): Record<string, MessageDescriptor> {
  return Object.fromEntries(
    Object.entries(errors).filter((entry): entry is [string, MessageDescriptor] => !!entry[1]),
  );
}

export interface SampleArguments {
  args: Record<string, unknown>;
  /** Parameter name → what is wrong with its sample text. */
  errors: Record<string, MessageDescriptor>;
}

/**
 * The sample arguments of a test run from the texts typed per parameter: strings as typed, numbers and
 * booleans parsed, objects, arrays and "any" as JSON. An empty text leaves the argument out, so the
 * server's "required argument missing" check speaks for required ones.
 */
export function parseSampleArguments(
  params: readonly Pick<FunctionParamValues, 'name' | 'type'>[],
  texts: Record<string, string>,
): SampleArguments {
  const args: Record<string, unknown> = {};
  const errors: Record<string, MessageDescriptor> = {};
  for (const { name, type } of params) {
    const text = texts[name] ?? '';
    if (!text.trim()) continue;
    const parsed = parseSample(text, type);
    if (parsed.ok) args[name] = parsed.value;
    else errors[name] = parsed.error;
  }
  return { args, errors };
}

type Parsed = { ok: true; value: unknown } | { ok: false; error: MessageDescriptor };

function parseSample(text: string, type: FunctionValueType): Parsed {
  switch (type) {
    case 'string':
      return { ok: true, value: text };
    case 'number':
    case 'integer': {
      const value = Number(text.trim());
      const fits = type === 'integer' ? Number.isInteger(value) : Number.isFinite(value);
      return fits ? { ok: true, value } : { ok: false, error: msg`Enter a ${type}` };
    }
    case 'boolean':
      if (text.trim() === 'true' || text.trim() === 'false') {
        return { ok: true, value: text.trim() === 'true' };
      }
      return { ok: false, error: msg`Enter true or false` };
    default:
      try {
        return { ok: true, value: JSON.parse(text) as unknown };
      } catch {
        return { ok: false, error: msg`Enter valid JSON` };
      }
  }
}
