import {
  type ExternalTaskDto,
  formatCamundaDate,
  type HistoricActivityInstanceDto,
  type HistoricProcessInstanceDto,
  type HistoricProcessInstanceState,
  type HistoricTaskInstanceDto,
  type IncidentDto,
  parseCamundaDate,
  type TaskDto,
} from '@platform/engine-client';

import type { EngineDatabase } from '../db/engine-database';
import { badRequest, notFound, restNotFound } from '../rest/camunda-errors';
import { ExternalTaskRow, toExternalTaskDto } from './external-task.service';

export type Query = Record<string, string | undefined>;

/** Operaton's page when only one bound is given: from the first row, or with no upper bound. */
const UNBOUNDED = 2_147_483_647;

/** Builds WHERE/ORDER BY/LIMIT from Camunda's query parameters, with bound values only. */
class SqlQuery {
  readonly where: string[] = [];
  readonly params: unknown[] = [];

  eq(column: string, value: string | undefined): this {
    if (value !== undefined && value !== '') this.add(`${column} = ?`, value);
    return this;
  }

  in(column: string, value: string | undefined): this {
    if (value) this.add(`${column} IN (?)`, value.split(','));
    return this;
  }

  like(column: string, value: string | undefined): this {
    if (value) this.add(`${column} LIKE ?`, value);
    return this;
  }

  flag(condition: string, value: string | undefined): this {
    if (value === 'true') this.where.push(condition);
    return this;
  }

  add(sql: string, ...values: unknown[]): void {
    this.where.push(sql);
    this.params.push(...values);
  }

  /** One condition: any of the other query's conditions (Camunda's `orQueries`). */
  anyOf(other: SqlQuery): void {
    if (other.where.length) this.add(`(${other.where.join(' OR ')})`, ...other.params);
  }

  sql(
    table: string,
    query: Query,
    sortColumns: Record<string, string>,
    defaultOrder: string,
    select = '*',
  ): [string, unknown[]] {
    let order = defaultOrder;
    if (Boolean(query.sortBy) !== Boolean(query.sortOrder)) {
      throw badRequest('Only a single sorting parameter specified. sortBy and sortOrder required');
    }
    if (query.sortBy) {
      const column = sortColumns[query.sortBy];
      if (!column)
        throw badRequest(`Cannot set query parameter 'sortBy' to value '${query.sortBy}'`);
      if (query.sortOrder !== 'asc' && query.sortOrder !== 'desc') {
        throw badRequest(`Cannot set query parameter 'sortOrder' to value '${query.sortOrder}'`);
      }
      // Rows that tie keep the table's own order (activities in the order they ran: two can start in
      // one millisecond), and then one by id, so that pages neither repeat nor skip a row.
      const tieBreak = /\bid ASC$/.test(defaultOrder) ? defaultOrder : `${defaultOrder}, id ASC`;
      order = `${column} ${query.sortOrder === 'desc' ? 'DESC' : 'ASC'}, ${tieBreak}`;
    }
    const base = `SELECT ${select} FROM ${table} ${this.whereSql()} ORDER BY ${order}`;
    // As Operaton's REST layer (QueryUtil): no bounds, every row; one bound, the other defaults.
    if (query.firstResult === undefined && query.maxResults === undefined) {
      return [base, this.params];
    }
    const offset = pageBound(query, 'firstResult', 0);
    const limit = pageBound(query, 'maxResults', UNBOUNDED);
    return [`${base} LIMIT ? OFFSET ?`, [...this.params, limit, offset]];
  }

  /** The `/count` twin of `sql`: paging and sorting do not change a count. */
  count(table: string): [string, unknown[]] {
    return [`SELECT COUNT(*) AS count FROM ${table} ${this.whereSql()}`, this.params];
  }

  private whereSql(): string {
    return this.where.length ? `WHERE ${this.where.join(' AND ')}` : '';
  }
}

/** firstResult / maxResults: whole numbers from 0 (Operaton binds them to Integer). */
function pageBound(query: Query, name: 'firstResult' | 'maxResults', fallback: number): number {
  const raw = query[name];
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value > UNBOUNDED) {
    throw badRequest(`Cannot set query parameter '${name}' to value '${raw}'`);
  }
  return value;
}

interface HistProcessRow {
  id: string;
  definition_id: string;
  definition_key: string;
  definition_version: number;
  definition_name: string | null;
  business_key: string | null;
  start_time: number;
  end_time: number | null;
  start_activity_id: string | null;
  start_user_id: string | null;
  delete_reason: string | null;
  removal_time: number | null;
  state: HistoricProcessInstanceState;
}

interface HistActivityRow {
  id: string;
  process_instance_id: string;
  parent_id: string | null;
  activity_id: string;
  activity_name: string | null;
  activity_type: string;
  definition_id: string;
  definition_key: string;
  execution_id: string;
  task_id: string | null;
  assignee: string | null;
  start_time: number;
  end_time: number | null;
  canceled: number;
  complete_scope: number;
  /** The instance's, once it has ended. */
  removal_time: number | null;
}

interface UserTaskRow {
  id: string;
  process_instance_id: string;
  execution_id: string;
  activity_id: string;
  name: string | null;
  assignee: string | null;
  form_key: string | null;
  priority: number;
  created: number;
  definition_id: string;
  suspended: number;
  owner: string | null;
  delegation_state: 'PENDING' | 'RESOLVED' | null;
  last_updated: number | null;
}

interface HistTaskRow {
  id: string;
  process_instance_id: string;
  execution_id: string;
  activity_id: string;
  name: string | null;
  assignee: string | null;
  owner: string | null;
  priority: number;
  definition_id: string;
  definition_key: string;
  start_time: number;
  end_time: number | null;
  delete_reason: string | null;
  task_state: string;
  removal_time: number | null;
}

/** Read-only queries: history, task lists, external tasks and incidents. */
export class EngineQueries {
  constructor(private readonly db: EngineDatabase) {}

  async historicProcessInstances(query: Query): Promise<HistoricProcessInstanceDto[]> {
    const [sql, params] = historicProcessFilter(query).sql(
      'eng_hist_process_instance',
      query,
      {
        instanceId: 'id',
        definitionId: 'definition_id',
        definitionKey: 'definition_key',
        definitionName: 'definition_name',
        definitionVersion: 'definition_version',
        businessKey: 'business_key',
        startTime: 'start_time',
        endTime: 'end_time',
        duration: '(end_time - start_time)',
        tenantId: 'id',
      },
      'start_time ASC',
    );
    const [rows] = await this.db.pool.query(sql, params);
    return (rows as HistProcessRow[]).map(toHistProcessDto);
  }

  /** GET /history/process-instance/count. */
  historicProcessInstanceCount(query: Query): Promise<CountDto> {
    return this.count(historicProcessFilter(query).count('eng_hist_process_instance'));
  }

  async historicActivityInstances(query: Query): Promise<HistoricActivityInstanceDto[]> {
    const q = new SqlQuery()
      .eq('process_instance_id', query.processInstanceId)
      .eq('activity_id', query.activityId)
      .eq('activity_type', query.activityType)
      .eq('id', query.activityInstanceId)
      .eq('execution_id', query.executionId)
      .eq('definition_id', query.processDefinitionId)
      .flag('end_time IS NOT NULL', query.finished)
      .flag('end_time IS NULL', query.unfinished)
      .flag('canceled = 1', query.canceled)
      .flag('complete_scope = 1', query.completeScope);
    const [sql, params] = q.sql(
      'eng_hist_activity_instance',
      query,
      {
        activityInstanceId: 'id',
        instanceId: 'process_instance_id',
        executionId: 'execution_id',
        activityId: 'activity_id',
        activityName: 'activity_name',
        activityType: 'activity_type',
        startTime: 'start_time',
        endTime: 'end_time',
        duration: '(end_time - start_time)',
        definitionId: 'definition_id',
        occurrence: 'seq',
        tenantId: 'seq',
      },
      'seq ASC',
      // The removal time the instance's activities were given when it ended (history written before
      // the platform's Operaton stopped writing them, issue 31; null since).
      '*, (SELECT h.removal_time FROM eng_hist_process_instance h WHERE h.id = process_instance_id) AS removal_time',
    );
    const [rows] = await this.db.pool.query(sql, params);
    return (rows as HistActivityRow[]).map(toHistActivityDto);
  }

  /** GET /task, and POST /task with its `orQueries` (the body read into the same names). */
  async tasks(query: Query, orQueries: Query[] = []): Promise<TaskDto[]> {
    const [sql, params] = taskFilter(query, orQueries).sql(
      'eng_user_task',
      query,
      {
        id: 'id',
        name: 'name',
        assignee: 'assignee',
        created: 'created',
        priority: 'priority',
        processInstanceId: 'process_instance_id',
      },
      'created ASC, id ASC',
    );
    const [rows] = await this.db.pool.query(sql, params);
    return (rows as UserTaskRow[]).map(toTaskDto);
  }

  /** GET and POST /task/count. */
  taskCount(query: Query, orQueries: Query[] = []): Promise<CountDto> {
    return this.count(taskFilter(query, orQueries).count('eng_user_task'));
  }

  /** GET /task/{id}. */
  async task(id: string): Promise<TaskDto> {
    const [rows] = await this.db.pool.query('SELECT * FROM eng_user_task WHERE id = ?', [id]);
    const row = (rows as UserTaskRow[])[0];
    if (!row) throw notFound(`No matching task with id ${id}`);
    return toTaskDto(row);
  }

  /** GET /history/task: open and ended user tasks (the "done" lists read the ended ones). */
  async historicTasks(query: Query): Promise<HistoricTaskInstanceDto[]> {
    const [sql, params] = historicTaskFilter(query).sql(
      'eng_hist_task',
      query,
      {
        taskId: 'id',
        taskName: 'name',
        assignee: 'assignee',
        startTime: 'start_time',
        endTime: 'end_time',
        duration: '(end_time - start_time)',
        processInstanceId: 'process_instance_id',
        taskDefinitionKey: 'activity_id',
      },
      'start_time ASC, id ASC',
      // The removal time the instance's tasks were given when it ended (null since issue 31).
      '*, (SELECT h.removal_time FROM eng_hist_process_instance h WHERE h.id = process_instance_id) AS removal_time',
    );
    const [rows] = await this.db.pool.query(sql, params);
    return (rows as HistTaskRow[]).map(toHistTaskDto);
  }

  /** GET /history/task/count. */
  historicTaskCount(query: Query): Promise<CountDto> {
    return this.count(historicTaskFilter(query).count('eng_hist_task'));
  }

  private async count([sql, params]: [string, unknown[]]): Promise<CountDto> {
    const [rows] = await this.db.pool.query(sql, params);
    return { count: Number((rows as { count: number }[])[0].count) };
  }

  async externalTask(id: string): Promise<ExternalTaskDto> {
    const [rows] = await this.db.pool.query('SELECT * FROM eng_external_task WHERE id = ?', [id]);
    const row = (rows as ExternalTaskRow[])[0];
    if (!row) throw restNotFound(`External task with id ${id} does not exist`);
    return toExternalTaskDto(row);
  }

  async externalTasks(query: Query): Promise<ExternalTaskDto[]> {
    const now = Date.now();
    const q = new SqlQuery()
      .eq('id', query.externalTaskId)
      .in('id', query.externalTaskIdIn)
      .eq('topic_name', query.topicName)
      .eq('worker_id', query.workerId)
      .eq('process_instance_id', query.processInstanceId)
      .in('process_instance_id', query.processInstanceIdIn)
      .eq('activity_id', query.activityId)
      .in('activity_id', query.activityIdIn)
      .eq('execution_id', query.executionId)
      .eq('definition_id', query.processDefinitionId)
      .eq('definition_key', query.processDefinitionKey)
      .flag('(retries IS NULL OR retries > 0)', query.withRetriesLeft)
      .flag('retries = 0', query.noRetriesLeft)
      .flag('suspended = 0', query.active)
      .flag('suspended = 1', query.suspended);
    if (query.locked === 'true') q.add('lock_expiration > ?', now);
    if (query.notLocked === 'true') q.add('(lock_expiration IS NULL OR lock_expiration <= ?)', now);
    const [sql, params] = q.sql(
      'eng_external_task',
      query,
      {
        id: 'id',
        lockExpirationTime: 'lock_expiration',
        processInstanceId: 'process_instance_id',
        processDefinitionId: 'definition_id',
        processDefinitionKey: 'definition_key',
        taskPriority: 'priority',
        createTime: 'create_time',
      },
      'create_time ASC',
    );
    const [rows] = await this.db.pool.query(sql, params);
    return (rows as ExternalTaskRow[]).map(toExternalTaskDto);
  }

  /** Failed external tasks (0 retries) are reported as Camunda `failedExternalTask` incidents. */
  async incidents(query: Query): Promise<IncidentDto[]> {
    const sq = new SqlQuery()
      .eq('process_instance_id', query.processInstanceId)
      .eq('activity_id', query.activityId)
      .eq('definition_id', query.processDefinitionId);
    sq.where.push('retries = 0');
    const [sql, params] = sq.sql(
      'eng_external_task',
      query,
      { incidentTimestamp: 'create_time' },
      'create_time ASC',
    );
    const [rows] = await this.db.pool.query(sql, params);
    return (rows as ExternalTaskRow[]).map((r) => ({
      id: `incident-${r.id}`,
      processDefinitionId: r.definition_id,
      processInstanceId: r.process_instance_id,
      executionId: r.execution_id,
      incidentTimestamp: formatCamundaDate(r.lock_expiration ?? r.create_time)!,
      incidentType: 'failedExternalTask',
      activityId: r.activity_id,
      // Operaton leaves it unset for failed external tasks.
      failedActivityId: null,
      causeIncidentId: `incident-${r.id}`,
      rootCauseIncidentId: `incident-${r.id}`,
      configuration: r.id,
      incidentMessage: r.error_message,
      tenantId: null,
      jobDefinitionId: null,
      annotation: null,
    }));
  }
}

/** Operaton's answer to every `/count` call. */
export interface CountDto {
  count: number;
}

function historicProcessFilter(query: Query): SqlQuery {
  return new SqlQuery()
    .eq('id', query.processInstanceId)
    .in('id', query.processInstanceIds)
    .eq('definition_key', query.processDefinitionKey)
    .eq('definition_id', query.processDefinitionId)
    .eq('business_key', query.processInstanceBusinessKey)
    .flag('end_time IS NOT NULL', query.finished)
    .flag('end_time IS NULL', query.unfinished)
    .flag("state = 'ACTIVE'", query.active)
    .flag("state = 'COMPLETED'", query.completed);
}

/**
 * The task query's conditions; each of `orQueries` adds one condition met by any of its own (as
 * Operaton's nested task queries: a task must meet at least one predicate of each).
 */
function taskFilter(query: Query, orQueries: Query[] = []): SqlQuery {
  const q = taskConditions(new SqlQuery(), query);
  for (const nested of orQueries) q.anyOf(taskConditions(new SqlQuery(), nested));
  return q;
}

function taskConditions(q: SqlQuery, query: Query): SqlQuery {
  q.eq('id', query.taskId)
    .eq('process_instance_id', query.processInstanceId)
    .in('process_instance_id', query.processInstanceIdIn)
    .eq('business_key', query.processInstanceBusinessKey)
    .eq('definition_key', query.processDefinitionKey)
    .in('definition_key', query.processDefinitionKeyIn)
    .eq('definition_id', query.processDefinitionId)
    .eq('activity_id', query.taskDefinitionKey)
    .in('activity_id', query.taskDefinitionKeyIn)
    .eq('name', query.name)
    .like('name', query.nameLike)
    .eq('assignee', query.assignee)
    .eq('owner', query.owner)
    .eq('delegation_state', query.delegationState)
    .flag('assignee IS NULL', query.unassigned)
    .flag('assignee IS NOT NULL', query.assigned);
  candidateFilters(q, query);
  dateFilter(q, 'created >= ?', query.createdAfter, 'createdAfter');
  dateFilter(q, 'created <= ?', query.createdBefore, 'createdBefore');
  return q;
}

function historicTaskFilter(query: Query): SqlQuery {
  const q = new SqlQuery()
    .eq('id', query.taskId)
    .eq('process_instance_id', query.processInstanceId)
    .eq('definition_id', query.processDefinitionId)
    .eq('definition_key', query.processDefinitionKey)
    .eq('activity_id', query.taskDefinitionKey)
    .eq('name', query.taskName)
    .like('name', query.taskNameLike)
    .eq('assignee', query.taskAssignee)
    .eq('owner', query.taskOwner)
    .eq('delete_reason', query.taskDeleteReason)
    .flag('end_time IS NOT NULL', query.finished)
    .flag('end_time IS NULL', query.unfinished);
  if (query.taskInvolvedUser) {
    q.add('(assignee = ? OR owner = ?)', query.taskInvolvedUser, query.taskInvolvedUser);
  }
  dateFilter(q, 'end_time >= ?', query.finishedAfter, 'finishedAfter');
  return q;
}

function toHistProcessDto(r: HistProcessRow): HistoricProcessInstanceDto {
  return {
    id: r.id,
    rootProcessInstanceId: r.id,
    superProcessInstanceId: null,
    superCaseInstanceId: null,
    caseInstanceId: null,
    processDefinitionName: r.definition_name,
    processDefinitionKey: r.definition_key,
    processDefinitionVersion: r.definition_version,
    processDefinitionId: r.definition_id,
    businessKey: r.business_key,
    startTime: formatCamundaDate(r.start_time)!,
    endTime: formatCamundaDate(r.end_time),
    removalTime: formatCamundaDate(r.removal_time),
    durationInMillis: r.end_time === null ? null : Number(r.end_time) - Number(r.start_time),
    startUserId: r.start_user_id,
    startActivityId: r.start_activity_id,
    deleteReason: r.delete_reason,
    tenantId: null,
    state: r.state,
    restartedProcessInstanceId: null,
  };
}

function toHistActivityDto(r: HistActivityRow): HistoricActivityInstanceDto {
  return {
    id: r.id,
    parentActivityInstanceId: r.parent_id,
    activityId: r.activity_id,
    activityName: r.activity_name,
    activityType: r.activity_type,
    processDefinitionKey: r.definition_key,
    processDefinitionId: r.definition_id,
    processInstanceId: r.process_instance_id,
    executionId: r.execution_id,
    taskId: r.task_id,
    assignee: r.assignee,
    calledProcessInstanceId: null,
    calledCaseInstanceId: null,
    startTime: formatCamundaDate(r.start_time)!,
    endTime: formatCamundaDate(r.end_time),
    durationInMillis: r.end_time === null ? null : Number(r.end_time) - Number(r.start_time),
    canceled: Boolean(r.canceled),
    completeScope: Boolean(r.complete_scope),
    tenantId: null,
    removalTime: formatCamundaDate(r.removal_time),
    rootProcessInstanceId: r.process_instance_id,
  };
}

function toTaskDto(r: UserTaskRow): TaskDto {
  return {
    id: r.id,
    name: r.name,
    assignee: r.assignee,
    owner: r.owner,
    created: formatCamundaDate(r.created)!,
    lastUpdated: formatCamundaDate(r.last_updated),
    due: null,
    followUp: null,
    delegationState: r.delegation_state,
    description: null,
    executionId: r.execution_id,
    parentTaskId: null,
    priority: r.priority,
    processDefinitionId: r.definition_id,
    processInstanceId: r.process_instance_id,
    taskDefinitionKey: r.activity_id,
    caseExecutionId: null,
    caseInstanceId: null,
    caseDefinitionId: null,
    suspended: Boolean(r.suspended),
    formKey: r.form_key,
    operatonFormRef: null,
    tenantId: null,
    taskState: r.last_updated === null ? 'Created' : 'Updated',
  };
}

function toHistTaskDto(r: HistTaskRow): HistoricTaskInstanceDto {
  return {
    id: r.id,
    processDefinitionKey: r.definition_key,
    processDefinitionId: r.definition_id,
    processInstanceId: r.process_instance_id,
    executionId: r.execution_id,
    caseDefinitionKey: null,
    caseDefinitionId: null,
    caseInstanceId: null,
    caseExecutionId: null,
    activityInstanceId: r.execution_id,
    name: r.name,
    description: null,
    deleteReason: r.delete_reason,
    owner: r.owner,
    assignee: r.assignee,
    startTime: formatCamundaDate(r.start_time)!,
    endTime: formatCamundaDate(r.end_time),
    duration: r.end_time === null ? null : Number(r.end_time) - Number(r.start_time),
    taskDefinitionKey: r.activity_id,
    priority: r.priority,
    due: null,
    parentTaskId: null,
    followUp: null,
    tenantId: null,
    removalTime: formatCamundaDate(r.removal_time),
    rootProcessInstanceId: r.process_instance_id,
    taskState: r.task_state,
  };
}

/**
 * Candidate queries as Operaton answers them: tasks offered to the user or to one of the groups,
 * unassigned ones only unless includeAssignedTasks. (Operaton also counts the groups its identity
 * service gives the candidate user; the platform sets candidate users and groups itself.)
 */
function candidateFilters(q: SqlQuery, query: Query): void {
  const groups =
    query.candidateGroups?.split(',') ?? (query.candidateGroup ? [query.candidateGroup] : []);
  if (!query.candidateUser && !groups.length) return;
  // One condition, so that inside an OR query "unassigned" binds to the candidate part only.
  const parts = query.includeAssignedTasks === 'true' ? [] : ['assignee IS NULL'];
  const values: unknown[] = [];
  if (query.candidateUser) {
    parts.push(
      "id IN (SELECT task_id FROM eng_task_identity_link WHERE type = 'candidate' AND user_id = ?)",
    );
    values.push(query.candidateUser);
  }
  if (groups.length) {
    parts.push(
      "id IN (SELECT task_id FROM eng_task_identity_link WHERE type = 'candidate' AND group_id IN (?))",
    );
    values.push(groups);
  }
  q.add(`(${parts.join(' AND ')})`, ...values);
}

function dateFilter(q: SqlQuery, condition: string, value: string | undefined, name: string): void {
  if (!value) return;
  const ms = parseCamundaDate(value);
  if (ms === null) {
    throw badRequest(
      `Cannot set query parameter '${name}' to value '${value}': Cannot convert value "${value}" to java type java.util.Date`,
    );
  }
  q.add(condition, ms);
}
