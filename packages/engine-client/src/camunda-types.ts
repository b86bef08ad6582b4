// Shapes of the Camunda 7 REST subset, with Camunda's field names. The embedded server produces
// them and `CamundaRestClient` consumes them, so both sides share one definition.

export type VariableValueType =
  | 'Null'
  | 'String'
  | 'Boolean'
  | 'Integer'
  | 'Short'
  | 'Long'
  | 'Double'
  | 'Date'
  | 'Json'
  | 'Object'
  | 'File'
  | 'Bytes';

export interface VariableValueDto {
  value: unknown;
  type?: string;
  valueInfo?: Record<string, unknown>;
  local?: boolean;
}

export type VariableMap = Record<string, VariableValueDto>;

export interface LinkDto {
  method: string;
  href: string;
  rel: string;
}

export interface ProcessDefinitionDto {
  id: string;
  key: string;
  category: string;
  description: string | null;
  name: string | null;
  version: number;
  resource: string;
  deploymentId: string;
  diagram: string | null;
  suspended: boolean;
  tenantId: string | null;
  versionTag: string | null;
  historyTimeToLive: number | null;
  startableInTasklist: boolean;
}

export interface DeploymentDto {
  links: LinkDto[];
  id: string;
  name: string | null;
  source: string | null;
  deploymentTime: string;
  tenantId: string | null;
  deployedProcessDefinitions: Record<string, ProcessDefinitionDto> | null;
  deployedCaseDefinitions: null;
  deployedDecisionDefinitions: null;
  deployedDecisionRequirementsDefinitions: null;
}

/** GET /deployment/{id} answers the deployment without its definitions. */
export type DeploymentSummaryDto = Pick<
  DeploymentDto,
  'links' | 'id' | 'name' | 'source' | 'deploymentTime' | 'tenantId'
>;

export type StartInstructionType = 'startBeforeActivity' | 'startAfterActivity' | 'startTransition';

export interface StartInstructionDto {
  type: StartInstructionType;
  activityId?: string;
  transitionId?: string;
  variables?: VariableMap;
}

export interface StartProcessInstanceDto {
  businessKey?: string;
  variables?: VariableMap;
  startInstructions?: StartInstructionDto[];
  skipCustomListeners?: boolean;
  skipIoMappings?: boolean;
  withVariablesInReturn?: boolean;
}

export interface ProcessInstanceDto {
  links: LinkDto[];
  id: string;
  definitionId: string;
  definitionKey: string;
  businessKey: string | null;
  caseInstanceId: null;
  ended: boolean;
  suspended: boolean;
  tenantId: string | null;
  variables?: VariableMap;
}

export type ModificationInstructionType =
  'cancel' | 'startBeforeActivity' | 'startAfterActivity' | 'startTransition';

export interface ModificationInstructionDto {
  type: ModificationInstructionType;
  activityId?: string;
  activityInstanceId?: string;
  transitionInstanceId?: string;
  ancestorActivityInstanceId?: string;
  transitionId?: string;
  variables?: VariableMap;
  cancelCurrentActiveActivityInstances?: boolean;
}

export interface ProcessInstanceModificationDto {
  instructions: ModificationInstructionDto[];
  skipCustomListeners?: boolean;
  skipIoMappings?: boolean;
  annotation?: string;
}

export type HistoricProcessInstanceState =
  'ACTIVE' | 'SUSPENDED' | 'COMPLETED' | 'EXTERNALLY_TERMINATED' | 'INTERNALLY_TERMINATED';

export interface HistoricProcessInstanceDto {
  id: string;
  rootProcessInstanceId: string;
  superProcessInstanceId: null;
  superCaseInstanceId: null;
  caseInstanceId: null;
  processDefinitionName: string | null;
  processDefinitionKey: string;
  processDefinitionVersion: number;
  processDefinitionId: string;
  businessKey: string | null;
  startTime: string;
  endTime: string | null;
  removalTime: string | null;
  durationInMillis: number | null;
  startUserId: string | null;
  startActivityId: string | null;
  deleteReason: string | null;
  tenantId: null;
  state: HistoricProcessInstanceState;
  restartedProcessInstanceId: null;
}

export interface HistoricActivityInstanceDto {
  id: string;
  parentActivityInstanceId: string | null;
  activityId: string;
  activityName: string | null;
  activityType: string;
  processDefinitionKey: string;
  processDefinitionId: string;
  processInstanceId: string;
  executionId: string;
  taskId: string | null;
  assignee: string | null;
  calledProcessInstanceId: null;
  calledCaseInstanceId: null;
  startTime: string;
  endTime: string | null;
  durationInMillis: number | null;
  canceled: boolean;
  completeScope: boolean;
  tenantId: null;
  removalTime: string | null;
  rootProcessInstanceId: string;
}

export interface CorrelationMessageDto {
  messageName: string;
  businessKey?: string;
  processInstanceId?: string;
  correlationKeys?: VariableMap;
  localCorrelationKeys?: VariableMap;
  processVariables?: VariableMap;
  processVariablesLocal?: VariableMap;
  processVariablesToTriggeredScope?: VariableMap;
  all?: boolean;
  resultEnabled?: boolean;
  variablesInResultEnabled?: boolean;
  tenantId?: string;
  withoutTenantId?: boolean;
}

export interface MessageCorrelationResultDto {
  resultType: 'Execution' | 'ProcessDefinition';
  processInstance: ProcessInstanceDto | null;
  execution: { id: string; processInstanceId: string; ended: boolean; tenantId: null } | null;
  variables?: VariableMap;
}

/** The answer of every `/count` call. */
export interface CountResultDto {
  count: number;
}

/**
 * POST /task's body (the fields the platform uses). Each of `orQueries` is met by a task meeting
 * any one of its fields; within one, a candidate field matches unassigned tasks only.
 */
export interface TaskQueryDto {
  processDefinitionKeyIn?: string[];
  processInstanceId?: string;
  assignee?: string;
  candidateUser?: string;
  nameLike?: string;
  orQueries?: Omit<TaskQueryDto, 'orQueries' | 'sorting'>[];
  sorting?: { sortBy: string; sortOrder: 'asc' | 'desc' }[];
}

/** A page of a list: Camunda's firstResult (from 0) and maxResults. */
export interface PageParams {
  firstResult: number;
  maxResults: number;
}

export interface TaskDto {
  id: string;
  name: string | null;
  assignee: string | null;
  owner: string | null;
  created: string;
  lastUpdated: string | null;
  due: null;
  followUp: null;
  delegationState: 'PENDING' | 'RESOLVED' | null;
  description: null;
  executionId: string;
  parentTaskId: null;
  priority: number;
  processDefinitionId: string;
  processInstanceId: string;
  taskDefinitionKey: string;
  caseExecutionId: null;
  caseInstanceId: null;
  caseDefinitionId: null;
  suspended: boolean;
  formKey: string | null;
  /** Operaton's name for Camunda's camundaFormRef. */
  operatonFormRef: null;
  tenantId: null;
  taskState: string;
}

/** A task's candidate (or its assignee and owner, which Operaton lists as links too). */
export interface IdentityLinkDto {
  userId: string | null;
  groupId: string | null;
  type: string;
}

/**
 * A comment on a task or a process instance (GET /task/{id}/comment, GET /process-instance/{id}/comment).
 * `userId` is the engine user who called (the platform's service account); the answer to create
 * carries a self link.
 */
export interface CommentDto {
  links?: { method: string; href: string; rel: string }[];
  id: string;
  userId: string | null;
  time: string;
  taskId: string | null;
  processInstanceId: string | null;
  message: string;
  removalTime: string | null;
  rootProcessInstanceId: string | null;
}

/** GET /history/task: a user task as its history keeps it, open or ended. */
export interface HistoricTaskInstanceDto {
  id: string;
  processDefinitionKey: string;
  processDefinitionId: string;
  processInstanceId: string;
  executionId: string;
  caseDefinitionKey: null;
  caseDefinitionId: null;
  caseInstanceId: null;
  caseExecutionId: null;
  activityInstanceId: string;
  name: string | null;
  description: null;
  /** `completed`, `deleted`, or null while open. */
  deleteReason: string | null;
  owner: string | null;
  assignee: string | null;
  startTime: string;
  endTime: string | null;
  duration: number | null;
  taskDefinitionKey: string;
  priority: number;
  due: null;
  parentTaskId: null;
  followUp: null;
  tenantId: null;
  removalTime: string | null;
  rootProcessInstanceId: string;
  taskState: string;
}

export interface CompleteTaskDto {
  variables?: VariableMap;
  withVariablesInReturn?: boolean;
}

export interface ExternalTaskDto {
  activityId: string;
  activityInstanceId: string;
  errorMessage: string | null;
  executionId: string;
  id: string;
  lockExpirationTime: string | null;
  createTime: string;
  processDefinitionId: string;
  processDefinitionKey: string;
  processDefinitionVersionTag: string | null;
  processInstanceId: string;
  tenantId: null;
  retries: number | null;
  suspended: boolean;
  workerId: string | null;
  topicName: string;
  priority: number;
  businessKey: string | null;
}

export interface LockedExternalTaskDto extends ExternalTaskDto {
  errorDetails: string | null;
  variables: VariableMap;
  extensionProperties: Record<string, string>;
}

export interface FetchTopicDto {
  topicName: string;
  lockDuration: number;
  variables?: string[] | null;
  localVariables?: boolean;
  businessKey?: string;
  processDefinitionId?: string;
  processDefinitionIdIn?: string[];
  processDefinitionKey?: string;
  processDefinitionKeyIn?: string[];
  processDefinitionVersionTag?: string;
  processVariables?: Record<string, unknown>;
  tenantIdIn?: string[];
  withoutTenantId?: boolean;
  includeExtensionProperties?: boolean;
  deserializeValues?: boolean;
}

export interface FetchAndLockDto {
  workerId: string;
  maxTasks: number;
  usePriority?: boolean;
  asyncResponseTimeout?: number;
  sorting?: { sortBy: string; sortOrder: 'asc' | 'desc' }[];
  topics: FetchTopicDto[];
}

export interface CompleteExternalTaskDto {
  workerId: string;
  variables?: VariableMap;
  localVariables?: VariableMap;
}

export interface ExternalTaskFailureDto {
  workerId: string;
  errorMessage?: string;
  errorDetails?: string;
  retries?: number;
  retryTimeout?: number;
}

export interface ExternalTaskBpmnErrorDto {
  workerId: string;
  errorCode: string;
  errorMessage?: string;
  variables?: VariableMap;
}

export interface IncidentDto {
  id: string;
  processDefinitionId: string;
  processInstanceId: string;
  executionId: string;
  incidentTimestamp: string;
  incidentType: string;
  activityId: string;
  failedActivityId: string | null;
  causeIncidentId: string;
  rootCauseIncidentId: string;
  configuration: string;
  incidentMessage: string | null;
  tenantId: null;
  jobDefinitionId: null;
  annotation: null;
}

export interface CamundaErrorBody {
  type: string;
  message: string;
  code?: number;
  details?: unknown;
}
