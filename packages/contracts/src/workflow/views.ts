import type { AgentDescriptor, AgentGraph, BranchDescriptor } from './agent-graph';
import type { AgentToolName } from './agent-tools';
import type { FunctionValueType, TaskAssignType, WorkflowStatus } from './rules';

/** Who created and last changed a record, and when (ISO 8601, UTC). */
export interface AuditView {
  createBy: string;
  createTime: string;
  updateBy: string;
  updateTime: string;
}

/** A page of a list: the gateway spreads it into `{code, msg, rows, total}`. */
export interface PageView<T> {
  rows: T[];
  total: number;
}

export interface WorkflowSimpleView {
  id: number;
  name: string;
  /** The BPMN process id of the diagram; fixed once set. */
  processKey: string | null;
  status: WorkflowStatus;
  description: string;
  descriptionEn: string;
}

export interface WorkflowSummaryView extends WorkflowSimpleView, AuditView {
  agentIds: number[];
  params: string;
  tags: string[];
  /** Number of the current version. */
  version: number;
  /** Price of a mission in points; null: the system parameter `wujie.mission.price` applies. */
  price: number | null;
}

export interface WorkflowView extends WorkflowSummaryView {
  /** The flowchart: BPMN 2.0 XML. */
  workflow: string;
}

/** An agent or branch node's settings as a version holds them (descriptor null when unreadable). */
export interface AgentSettingView {
  id: string;
  kind: 'agent' | 'branch';
  name: string;
  documentation: string;
  descriptor: AgentDescriptor | BranchDescriptor | null;
}

export interface WorkflowVersionSummaryView {
  workflowId: number;
  version: number;
  name: string;
  status: WorkflowStatus;
  /** Version this one was restored from, if any. */
  restoredFrom: number | null;
  current: boolean;
  createBy: string;
  createTime: string;
}

export interface WorkflowVersionView extends WorkflowVersionSummaryView {
  processKey: string | null;
  description: string;
  descriptionEn: string;
  agentIds: number[];
  params: string;
  tags: string[];
  workflow: string;
  agents: AgentSettingView[];
}

export interface FieldChangeView {
  field: string;
  from: unknown;
  to: unknown;
}

export interface AgentSettingChangeView {
  id: string;
  kind: 'agent' | 'branch';
  change: 'added' | 'removed' | 'changed';
  name: string;
  fields: FieldChangeView[];
}

export interface WorkflowDiffView {
  workflowId: number;
  from: number;
  to: number;
  /** Changed workflow fields (name, status, descriptions, agents, parameters, tags). */
  fields: FieldChangeView[];
  xmlChanged: boolean;
  /** Unified diff of the two diagrams' XML (empty when equal). */
  xml: string;
  /** Changed agent and branch settings, per node id. */
  agents: AgentSettingChangeView[];
}

/** What a run records and executes: the workflow's current version and its agent graph. */
export interface WorkflowRunRefView {
  workflowId: number;
  version: number;
  processKey: string;
  workflow: string;
  graph: AgentGraph;
}

export interface AgentView extends AuditView {
  id: number;
  name: string;
  nameEn: string;
  type: string;
  description: string;
  descriptionEn: string;
  instruction: string;
  skillIds: number[];
  /** '0' enabled, '1' disabled. */
  status: '0' | '1';
}

export interface NamedView {
  id: number;
  name: string;
  nameEn?: string;
}

export interface SkillView extends AuditView {
  id: number;
  name: string;
  nameEn: string;
  description: string;
  descriptionEn: string;
  instruction: string;
  functionIds: number[];
  /** Built-in tools the skill grants (AGENT_TOOLS names). */
  tools: AgentToolName[];
}

export interface FunctionParamView {
  name: string;
  type: FunctionValueType;
  required: boolean;
  description: string;
}

export interface FunctionView extends AuditView {
  id: number;
  name: string;
  description: string;
  tags: string[];
  params: FunctionParamView[];
  returnType: FunctionValueType;
  returnDescription: string;
  code: string;
}

export type FunctionRunStatus = 'success' | 'error' | 'timeout' | 'memory';

/** Outcome of running a function's code in the sandbox. */
export interface FunctionRunView {
  status: FunctionRunStatus;
  /** The returned value (JSON), when status is success. */
  result?: unknown;
  /** Whether the result fits the declared return type. */
  returnTypeMatches?: boolean;
  error?: string;
  /** What the code printed with console.log/info/warn/error (capped). */
  logs: string[];
  elapsedMs: number;
}

export interface BpmModelView extends AuditView {
  id: number;
  key: string;
  name: string;
  description: string;
  category: string;
  formId: number | null;
  bpmnXml: string;
  /** The engine's process definition of the last deployment (null: never deployed). */
  processDefinitionId: string | null;
  /** Its version in the engine (versions count per process key). */
  processDefinitionVersion: number | null;
  deployTime: string | null;
}

export type BpmModelSummaryView = Omit<BpmModelView, 'bpmnXml'>;

/** A deployed process (the model's latest deployment) that people may start. */
export interface ProcessDefinitionView {
  id: string;
  key: string;
  name: string;
  category: string;
  description: string;
  version: number;
  deploymentTime: string | null;
  formId: number | null;
  suspended: boolean;
  /** The model deployed as this definition: what `PUT /bpm/model/update-state` takes. */
  modelId: number;
}

/** RuoYi-Vue-Pro's `GET /bpm/process-definition/get`: a startable definition with its start form, which
 *  whoever may start it reads (the form API itself is for form and model editors). */
export interface ProcessDefinitionDetailView extends ProcessDefinitionView {
  form: Pick<BpmFormView, 'id' | 'name' | 'fields' | 'schema' | 'conf'> | null;
}

/** running until the engine ends it; approved when it ran to its end; rejected or cancelled by people. */
export type ProcessInstanceStatus = 'running' | 'approved' | 'rejected' | 'cancelled';

export interface ProcessInstanceView {
  id: string;
  processDefinitionId: string;
  processDefinitionKey: string;
  name: string;
  category: string;
  startUserId: number;
  status: ProcessInstanceStatus;
  /** Why it was rejected or cancelled. */
  reason: string;
  createTime: string;
  endTime: string | null;
}

export interface ProcessInstanceDetailView extends ProcessInstanceView {
  /** The instance's variables as plain values (the start form's and the steps'). */
  variables: Record<string, unknown>;
  /** The BPMN of the definition version it runs on (null when the engine no longer has it). */
  bpmnXml: string | null;
  /** Activity ids for the diagram's markers: done, waiting now, and where it was rejected. */
  finishedActivityIds: string[];
  activeActivityIds: string[];
  rejectedActivityIds: string[];
}

export interface BpmTaskView {
  id: string;
  name: string | null;
  taskDefinitionKey: string;
  processInstanceId: string;
  processInstanceName: string;
  startUserId: number | null;
  /** Platform user ids (the engine keeps them as strings). */
  assigneeUserId: number | null;
  ownerUserId: number | null;
  delegationState: 'PENDING' | 'RESOLVED' | null;
  createTime: string;
  endTime: string | null;
}

/** One person's action on a task, for the timeline. */
export interface BpmTaskActionView {
  /** `comment` is a remark on the task that does not move it (its text in `reason`). */
  action: 'approve' | 'reject' | 'transfer' | 'delegate' | 'resolve' | 'comment';
  userId: number;
  targetUserId: number | null;
  reason: string;
  time: string;
}

export interface BpmTaskTimelineView extends BpmTaskView {
  /** approved, rejected, cancelled, or running while open; what people did on it, in order. */
  result: 'running' | 'approved' | 'rejected' | 'cancelled';
  actions: BpmTaskActionView[];
  /** Who may take the open task (the engine's candidate users). */
  candidateUserIds: number[];
  /** Why the task went where it did when its rule named nobody (in the caller's language), else ''. */
  note: string;
  /**
   * The step's own form, named by the user task's `camunda:formKey` (`bpm-form:<form id>`): filled
   * by whoever approves the open task, read-only once the step is done; null when it has none.
   */
  form: Pick<BpmFormView, 'id' | 'name' | 'fields' | 'schema' | 'conf'> | null;
}

export interface BpmFormView extends AuditView {
  id: number;
  name: string;
  /** '0' enabled, '1' disabled. */
  status: '0' | '1';
  /** Field definitions of the form designer (JSON values), kept for forms made before the schema. */
  fields: unknown[];
  /** The form-js schema (form-schema.ts); null for a form kept only as fields (schemaOfForm converts). */
  schema: Record<string, unknown> | null;
  conf: string;
  remark: string;
}

/** A user task of a model with its assignment rule (id, type null when it has none yet). */
export interface TaskAssignRuleView {
  id: number | null;
  modelId: number;
  taskDefinitionKey: string;
  taskDefinitionName: string;
  type: TaskAssignType | null;
  /** Role, department, post, user or group ids; script names for `script`. */
  options: (number | string)[];
}

export interface UserGroupView extends AuditView {
  id: number;
  name: string;
  description: string;
  memberUserIds: number[];
  status: '0' | '1';
}

/** A leave request of the OA example; its status follows its process instance. */
export interface OaLeaveView {
  id: number;
  userId: number;
  type: string;
  reason: string;
  /** `yyyy-MM-dd HH:mm:ss`, as submitted. */
  startTime: string;
  endTime: string;
  /** Whole days between start and end. */
  days: number;
  status: ProcessInstanceStatus;
  processInstanceId: string | null;
  createTime: string;
}
