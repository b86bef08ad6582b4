// Rules and fixed lists of the workflow area (spec §3, §4, §5), shared by the web forms and the services.

/** Development status of a workflow (dictionary `workflow_status`). */
export const WORKFLOW_STATUS = {
  development: '0',
  testing: '1',
  online: '2',
  paused: '3',
  notOnline: '4',
} as const;
export type WorkflowStatus = (typeof WORKFLOW_STATUS)[keyof typeof WORKFLOW_STATUS];
export const WORKFLOW_STATUSES = Object.values(WORKFLOW_STATUS);

/** Statuses in which a workflow can run, so its diagram must convert to an agent graph without errors. */
export const RUNNABLE_WORKFLOW_STATUSES: readonly WorkflowStatus[] = [
  WORKFLOW_STATUS.testing,
  WORKFLOW_STATUS.online,
];

/** Node types of the agent descriptor and the branch descriptor (dictionary `workflow_agent_type`). */
export const AGENT_TYPES = ['Agent', 'Branch', 'Function', 'Human'] as const;
export type AgentType = (typeof AGENT_TYPES)[number];
export const DEFAULT_AGENT_TYPE: AgentType = 'Agent';
export const DEFAULT_BRANCH_TYPE: AgentType = 'Branch';

export const NAME_MAX = 100;
export const DESCRIPTION_MAX = 1000;
export const TAG_MAX = 30;
export const TAGS_MAX = 20;
/** Largest diagram or function source accepted (characters). */
export const XML_MAX = 2_000_000;
export const CODE_MAX = 100_000;
export const TEXT_MAX = 20_000;

/** Types a function parameter or return value may declare. */
export const FUNCTION_VALUE_TYPES = [
  'string',
  'number',
  'integer',
  'boolean',
  'object',
  'array',
  'any',
] as const;
export type FunctionValueType = (typeof FUNCTION_VALUE_TYPES)[number];

/** A function's name is also the name its code defines, so it is a JavaScript identifier. */
export const FUNCTION_NAME_PATTERN = /^[A-Za-z_$][\w$]{0,63}$/;

/** True when a value fits a declared function value type (used for sample arguments and results). */
export function fitsValueType(value: unknown, type: FunctionValueType): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'array':
      return Array.isArray(value);
    default:
      return true;
  }
}

/** The 7 dimensions of a user task's assignment rule (spec §2 process designer screen). */
export const TASK_ASSIGN_TYPES = [
  'role',
  'deptLeader',
  'deptMember',
  'post',
  'user',
  'userGroup',
  'script',
] as const;
export type TaskAssignType = (typeof TASK_ASSIGN_TYPES)[number];

/** Built-in scripts a "custom script" assignment may name. */
export const TASK_ASSIGN_SCRIPTS = ['starter', 'starterDeptLeader', 'starterDeptLeader2'] as const;
export type TaskAssignScript = (typeof TASK_ASSIGN_SCRIPTS)[number];

/**
 * A deployed definition's state as RuoYi-Vue-Pro's `PUT /bpm/model/update-state` sends it (Flowable's
 * SuspensionState codes): a suspended definition starts no new instance.
 */
export const BPM_DEFINITION_STATE = { active: 1, suspended: 2 } as const;
export type BpmDefinitionState = (typeof BPM_DEFINITION_STATE)[keyof typeof BPM_DEFINITION_STATE];

/** Normalizes a tag list: trimmed, non-empty, unique, in the given order. */
export function normalizeTags(tags: readonly unknown[] | undefined): string[] {
  const seen = new Set<string>();
  for (const tag of tags ?? []) {
    const text = typeof tag === 'string' ? tag.trim() : '';
    if (text) seen.add(text);
  }
  return [...seen];
}
