import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  registerDecorator,
  ValidateNested,
  type ValidationOptions,
} from 'class-validator';

import { MISSION_PRICE_MAX } from '../billing/mission-patterns';
import { MAX_PAGE_SIZE } from '../common/envelope';
import type { MessageKey } from '../common/messages';
import { PROCESS_KEY_PATTERN } from '../common/rules';
import { AGENT_TOOL_NAMES, unknownAgentTools } from '../workflow/agent-tools';
import {
  AGENT_TYPES,
  BPM_DEFINITION_STATE,
  type BpmDefinitionState,
  CODE_MAX,
  DESCRIPTION_MAX,
  FUNCTION_NAME_PATTERN,
  FUNCTION_VALUE_TYPES,
  type FunctionValueType,
  NAME_MAX,
  TAG_MAX,
  TAGS_MAX,
  TASK_ASSIGN_TYPES,
  type TaskAssignType,
  TEXT_MAX,
  WORKFLOW_STATUSES,
  type WorkflowStatus,
  XML_MAX,
} from '../workflow/rules';
import { MaxLen, OneOf, Optional, Required, Text } from './decorators';

// Request bodies of the workflow area (spec §7 Workflow; agents, skills, functions, process models).

const says = (message: MessageKey, context?: Record<string, unknown>): ValidationOptions => ({
  message,
  context,
});
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const toNumber = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;

const Id = (): PropertyDecorator => (target, property) => {
  Transform(toNumber)(target, property);
  IsInt(says('validation.invalid'))(target, property);
  Min(1, says('validation.invalid'))(target, property);
};

const IdList = (min = 0, message: MessageKey = 'validation.min_items'): PropertyDecorator =>
  ((target, property) => {
    IsArray(says('validation.invalid'))(target, property);
    IsInt({ each: true, ...says('validation.invalid') })(target, property);
    ArrayMaxSize(500, says('validation.invalid'))(target, property);
    if (min > 0) ArrayMinSize(min, says(message, { count: min }))(target, property);
  }) as PropertyDecorator;

/** A list of built-in tool names (AGENT_TOOLS), every one known. */
const AgentToolList = (): PropertyDecorator => (target, property) =>
  registerDecorator({
    name: 'agentToolList',
    target: target.constructor,
    propertyName: String(property),
    options: says('skill.tool_unknown', { tools: AGENT_TOOL_NAMES.join(', ') }),
    validator: {
      validate: (value: unknown) => Array.isArray(value) && unknownAgentTools(value).length === 0,
    },
  });

const Name = (): PropertyDecorator => (target, property) => {
  Required()(target, property);
  Text()(target, property);
  MaxLen(NAME_MAX)(target, property);
  Transform(trim)(target, property);
};

const OptionalText =
  (max: number): PropertyDecorator =>
  (target, property) => {
    Optional()(target, property);
    Text()(target, property);
    MaxLen(max)(target, property);
  };

const Tags = (min = 0, message: MessageKey = 'validation.min_items'): PropertyDecorator =>
  ((target, property) => {
    IsArray(says('validation.invalid'))(target, property);
    IsString({ each: true, ...says('validation.invalid') })(target, property);
    MaxLength(TAG_MAX, { each: true, ...says('validation.max_length', { length: TAG_MAX }) })(
      target,
      property,
    );
    ArrayMaxSize(TAGS_MAX, says('validation.invalid'))(target, property);
    if (min > 0) ArrayMinSize(min, says(message, { count: min }))(target, property);
  }) as PropertyDecorator;

/** `pageNum`/`pageSize` of a list query (default page size 20). */
export class PageBody {
  @Optional()
  @Transform(toNumber)
  @IsInt(says('validation.invalid'))
  @Min(1, says('validation.invalid'))
  pageNum?: number;

  @Optional()
  @Transform(toNumber)
  @IsInt(says('validation.invalid'))
  @Min(1, says('validation.invalid'))
  @Max(MAX_PAGE_SIZE, says('validation.invalid'))
  pageSize?: number;
}

/** `taglist/{id}`: a workflow's id, or 0 for every tag in use. */
export class TagListBody {
  @Transform(toNumber)
  @IsInt(says('validation.invalid'))
  @Min(0, says('validation.invalid'))
  id!: number;
}

/** Ids of a delete call: `DELETE /x/1,2,3`. */

export class NameQuery extends PageBody {
  @OptionalText(NAME_MAX)
  name?: string;
}

export class WorkflowListQuery extends NameQuery {
  @Optional()
  @OneOf(WORKFLOW_STATUSES)
  status?: WorkflowStatus;

  @OptionalText(TAG_MAX)
  tag?: string;

  @OptionalText(255)
  processKey?: string;
}

export class WorkflowSimpleQuery {
  @OptionalText(NAME_MAX)
  name?: string;

  @Optional()
  @OneOf(WORKFLOW_STATUSES)
  status?: WorkflowStatus;
}

/** POST /wujie/workflow. */
export class WorkflowBody {
  @Name()
  name!: string;

  @Optional()
  @OneOf(WORKFLOW_STATUSES)
  status?: WorkflowStatus;

  @OptionalText(DESCRIPTION_MAX)
  description?: string;

  @OptionalText(DESCRIPTION_MAX)
  descriptionEn?: string;

  /** At least one agent (spec §5). */
  @IdList(1, 'workflow.agents_required')
  agentIds!: number[];

  @OptionalText(TEXT_MAX)
  params?: string;

  /** The flowchart's BPMN XML. */
  @OptionalText(XML_MAX)
  workflow?: string;

  @Optional()
  @Tags()
  tags?: string[];

  /**
   * Price of a mission on the workflow, in points (issue 14); null: the system parameter
   * `wujie.mission.price`; left out: unchanged (a new workflow: null).
   */
  @Optional()
  @IsInt(says('validation.invalid'))
  @Min(0, says('validation.invalid'))
  @Max(MISSION_PRICE_MAX, says('validation.invalid'))
  price?: number | null;
}

/** PUT /wujie/workflow. */
export class UpdateWorkflowBody extends WorkflowBody {
  @Id()
  id!: number;
}

/** POST /wujie/workflow/xmltojson: the diagram and, for the preview, the workflow's fields. */
export class XmlToJsonBody {
  @Required()
  @Text()
  @MaxLen(XML_MAX)
  workflow!: string;

  @OptionalText(NAME_MAX)
  name?: string;

  @OptionalText(DESCRIPTION_MAX)
  description?: string;

  @Optional()
  @IdList()
  agentIds?: number[];
}

export class VersionBody {
  @Id()
  id!: number;

  @Id()
  version!: number;
}

export class VersionDiffBody {
  @Id()
  id!: number;

  @Id()
  from!: number;

  @Id()
  to!: number;
}

export class AgentListQuery extends NameQuery {
  @Optional()
  @OneOf(AGENT_TYPES)
  type?: string;

  @Optional()
  @OneOf(['0', '1'])
  status?: '0' | '1';
}

/** Name, description (zh and en) and instruction: what agents and skills have in common. */
export class DescribedBody {
  @Name()
  name!: string;

  @OptionalText(NAME_MAX)
  nameEn?: string;

  @OptionalText(DESCRIPTION_MAX)
  description?: string;

  @OptionalText(DESCRIPTION_MAX)
  descriptionEn?: string;

  @OptionalText(TEXT_MAX)
  instruction?: string;
}

export class AgentBody extends DescribedBody {
  @Optional()
  @OneOf(AGENT_TYPES)
  type?: string;

  @Optional()
  @IdList()
  skillIds?: number[];

  @Optional()
  @OneOf(['0', '1'])
  status?: '0' | '1';
}

export class UpdateAgentBody extends AgentBody {
  @Id()
  id!: number;
}

export class SkillBody extends DescribedBody {
  @Optional()
  @IdList()
  functionIds?: number[];

  /** Built-in tools the skill grants: AGENT_TOOLS names. */
  @Optional()
  @AgentToolList()
  tools?: string[];
}

export class UpdateSkillBody extends SkillBody {
  @Id()
  id!: number;
}

export class FunctionListQuery extends NameQuery {
  @OptionalText(TAG_MAX)
  tag?: string;
}

export class FunctionParamBody {
  @Required()
  @Text()
  @Matches(FUNCTION_NAME_PATTERN, says('function.name_pattern'))
  name!: string;

  @Required()
  @OneOf(FUNCTION_VALUE_TYPES)
  type!: FunctionValueType;

  @Optional()
  @IsBoolean(says('validation.invalid'))
  required?: boolean;

  @OptionalText(DESCRIPTION_MAX)
  description?: string;
}

/** What defines a function's behaviour: enough to test-run it before it is saved. */
export class FunctionCodeBody {
  @Required()
  @Text()
  @Matches(FUNCTION_NAME_PATTERN, says('function.name_pattern'))
  @Transform(trim)
  name!: string;

  @Optional()
  @IsArray(says('validation.invalid'))
  @ArrayMaxSize(50, says('validation.invalid'))
  @ValidateNested({ each: true })
  @Type(() => FunctionParamBody)
  params?: FunctionParamBody[];

  @Optional()
  @OneOf(FUNCTION_VALUE_TYPES)
  returnType?: FunctionValueType;

  @IsNotEmpty(says('function.code_required'))
  @IsString(says('function.code_required'))
  @MaxLen(CODE_MAX)
  code!: string;
}

export class FunctionBody extends FunctionCodeBody {
  @OptionalText(DESCRIPTION_MAX)
  description?: string;

  /** At least one tag (spec §5). */
  @Tags(1, 'function.tags_required')
  tags!: string[];

  @OptionalText(DESCRIPTION_MAX)
  returnDescription?: string;
}

export class UpdateFunctionBody extends FunctionBody {
  @Id()
  id!: number;
}

/** POST /wujie/functions/run: the code as edited plus sample arguments by parameter name. */
export class FunctionRunBody extends FunctionCodeBody {
  @Optional()
  @IsObject(says('validation.invalid'))
  args: Record<string, unknown> = {};
}

export class BpmModelListQuery extends NameQuery {
  @OptionalText(255)
  key?: string;

  @OptionalText(NAME_MAX)
  category?: string;
}

export class BpmModelBody {
  @Required()
  @Text()
  @MaxLen(255)
  @Matches(PROCESS_KEY_PATTERN, says('bpmn.key_pattern'))
  @Transform(trim)
  key!: string;

  @Name()
  name!: string;

  @OptionalText(DESCRIPTION_MAX)
  description?: string;

  @OptionalText(NAME_MAX)
  category?: string;

  @Optional()
  @Id()
  formId?: number | null;

  @OptionalText(XML_MAX)
  bpmnXml?: string;
}

export class UpdateBpmModelBody extends BpmModelBody {
  @Id()
  id!: number;
}

/** RuoYi-Vue-Pro's `PUT /bpm/model/update-state`: the model's deployed definition, 1 active or 2 suspended. */
export class BpmModelUpdateStateBody {
  @Id()
  id!: number;

  @OneOf(Object.values(BPM_DEFINITION_STATE))
  state!: BpmDefinitionState;
}

export class RuleListQuery {
  @Id()
  modelId!: number;
}

export class TaskAssignRuleBody {
  @Id()
  modelId!: number;

  @Required()
  @Text()
  @MaxLen(255)
  taskDefinitionKey!: string;

  @Required()
  @OneOf(TASK_ASSIGN_TYPES)
  type!: TaskAssignType;

  @IsArray(says('bpm.rule_options_required'))
  @ArrayMinSize(1, says('bpm.rule_options_required'))
  @ArrayMaxSize(500, says('validation.invalid'))
  options!: (number | string)[];
}

export class UpdateTaskAssignRuleBody extends TaskAssignRuleBody {
  @Id()
  id!: number;
}

export class BpmFormBody {
  @Name()
  name!: string;

  @Optional()
  @OneOf(['0', '1'])
  status?: '0' | '1';

  @Optional()
  @IsArray(says('validation.invalid'))
  @ArrayMaxSize(500, says('validation.invalid'))
  fields?: unknown[];

  /** A form-js schema; its content (size, component types) is checked by the service with
   *  formSchemaProblem, whose messages name what is wrong. null clears it. */
  @Optional()
  @IsObject(says('bpm.form_schema_invalid'))
  schema?: Record<string, unknown> | null;

  @OptionalText(TEXT_MAX)
  conf?: string;

  @OptionalText(DESCRIPTION_MAX)
  remark?: string;
}

export class UpdateBpmFormBody extends BpmFormBody {
  @Id()
  id!: number;
}

export class UserGroupBody {
  @Name()
  name!: string;

  @OptionalText(DESCRIPTION_MAX)
  description?: string;

  @IdList(1)
  memberUserIds!: number[];

  @Optional()
  @OneOf(['0', '1'])
  status?: '0' | '1';
}

export class UpdateUserGroupBody extends UserGroupBody {
  @Id()
  id!: number;
}

// People's processes (issue 29): the RuoYi-Vue-Pro BPM calls on definitions, instances and tasks.

/** An engine id (a process instance, a task): Camunda's ids are UUIDs, the embedded engine's too. */
const EngineId = (): PropertyDecorator => (target, property) => {
  Required()(target, property);
  Text()(target, property);
  MaxLen(64)(target, property);
  Matches(/^[\w:.-]+$/, says('validation.invalid'))(target, property);
};

/** A reason given with an approval, rejection, transfer, delegation or cancellation. */
const Reason = (): PropertyDecorator => (target, property) => {
  Required()(target, property);
  Text()(target, property);
  MaxLen(500)(target, property);
  Transform(trim)(target, property);
};

export class ProcessDefinitionPageQuery extends NameQuery {
  @OptionalText(255)
  key?: string;

  @OptionalText(NAME_MAX)
  category?: string;

  /** RuoYi-Vue-Pro's filter: 1 only active definitions (the start page), 2 only suspended ones. */
  @Optional()
  @Type(() => Number)
  @OneOf(Object.values(BPM_DEFINITION_STATE))
  suspensionState?: BpmDefinitionState;
}

export class ProcessInstanceCreateBody {
  @Required()
  @Text()
  @MaxLen(255)
  processDefinitionId!: string;

  /** The start form's values; each becomes a typed variable (String, Long, Double, Boolean, Json). */
  @Optional()
  @IsObject(says('validation.invalid'))
  variables?: Record<string, unknown>;
}

export class EngineIdQuery {
  @EngineId()
  id!: string;
}

export class ProcessInstanceIdQuery {
  @EngineId()
  processInstanceId!: string;
}

export class ProcessInstanceCancelBody {
  @EngineId()
  id!: string;

  @Reason()
  reason!: string;
}

export class MyProcessInstancePageQuery extends NameQuery {
  @Optional()
  @OneOf(['running', 'approved', 'rejected', 'cancelled'])
  status?: 'running' | 'approved' | 'rejected' | 'cancelled';
}

export class TaskPageQuery extends NameQuery {}

export class TaskApproveBody {
  @EngineId()
  id!: string;

  @Reason()
  reason!: string;

  /** Values of this step's form fields, as typed variables of the instance. */
  @Optional()
  @IsObject(says('validation.invalid'))
  variables?: Record<string, unknown>;
}

export class TaskRejectBody {
  @EngineId()
  id!: string;

  @Reason()
  reason!: string;
}

export class TaskTransferBody {
  @EngineId()
  id!: string;

  @Id()
  assigneeUserId!: number;

  @Reason()
  reason!: string;
}

export class TaskDelegateBody {
  @EngineId()
  id!: string;

  @Id()
  delegateUserId!: number;

  @Reason()
  reason!: string;
}

/** A comment on a task (`PUT /bpm/task/comment`; RuoYi-Vue-Pro has no such call): its text in `reason`. */
export class TaskCommentBody {
  @EngineId()
  id!: string;

  @Reason()
  reason!: string;
}

/** `yyyy-MM-dd HH:mm:ss`, RuoYi-Vue-Pro's date-time format. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

const DateTimeText = (): PropertyDecorator => (target, property) => {
  Required()(target, property);
  Text()(target, property);
  Matches(DATE_TIME, says('validation.invalid'))(target, property);
};

export class LeaveCreateBody {
  /** A value of the dictionary bpm_oa_leave_type (sick, personal, annual…). */
  @Required()
  @Text()
  @MaxLen(20)
  type!: string;

  @DateTimeText()
  startTime!: string;

  @DateTimeText()
  endTime!: string;

  @Reason()
  reason!: string;
}

export class LeavePageQuery extends PageBody {
  @Optional()
  @OneOf(['running', 'approved', 'rejected', 'cancelled'])
  status?: 'running' | 'approved' | 'rejected' | 'cancelled';

  @OptionalText(20)
  type?: string;
}
