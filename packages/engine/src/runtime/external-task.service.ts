import {
  type CompleteExternalTaskDto,
  type ExternalTaskBpmnErrorDto,
  type ExternalTaskDto,
  type ExternalTaskFailureDto,
  type FetchAndLockDto,
  type FetchTopicDto,
  formatCamundaDate,
  type LockedExternalTaskDto,
  type VariableMap,
} from '@platform/engine-client';

import type { Connection, EngineDatabase } from '../db/engine-database';
import { badRequest, engineError } from '../rest/camunda-errors';
import {
  StoredVariables,
  toPlainValues,
  toStoredVariables,
  toVariableDtos,
} from '../variables/typed-variables';
import type { InstanceCommand } from './instance-store';
import type { ProcessEngine } from './process-engine';

export interface ExternalTaskRow {
  id: string;
  process_instance_id: string;
  execution_id: string;
  activity_id: string;
  topic_name: string;
  priority: number;
  retries: number | null;
  error_message: string | null;
  error_details: string | null;
  worker_id: string | null;
  lock_expiration: number | null;
  create_time: number;
  definition_id: string;
  definition_key: string;
  version_tag: string | null;
  business_key: string | null;
  local_variables: string | null;
  suspended: number;
}

type HolderCommand = 'complete' | 'failure' | 'bpmnError' | 'extendLock';

/** Operaton's words for a command by a worker that does not hold the lock (its quirks included). */
const WRONG_WORKER: Record<HolderCommand, (id: string, workerId: string) => string> = {
  complete: (id, w) => `External Task ${id} cannot be completed by worker '${w}'`,
  failure: (id, w) => `Failure of External Task ${id} cannot be reported by worker '${w}'`,
  bpmnError: (id, w) => `Bpmn error of External Task ${id} cannot be reported by worker '${w}'`,
  extendLock: (id, w) => `The lock of the External Task ${id} cannot be extended by worker '${w}''`,
};

/** An unknown task, as the commands on one report it (GET /external-task/{id} has code null). */
function taskNotFound(id: string) {
  return engineError(404, 'RestException', `External task with id ${id} does not exist`);
}

/** Camunda caps `asyncResponseTimeout` at 30 minutes. */
export const MAX_ASYNC_RESPONSE_TIMEOUT = 1_800_000;

export function toExternalTaskDto(row: ExternalTaskRow): ExternalTaskDto {
  return {
    activityId: row.activity_id,
    activityInstanceId: row.execution_id,
    errorMessage: row.error_message,
    executionId: row.execution_id,
    id: row.id,
    lockExpirationTime: formatCamundaDate(row.lock_expiration),
    createTime: formatCamundaDate(row.create_time)!,
    processDefinitionId: row.definition_id,
    processDefinitionKey: row.definition_key,
    processDefinitionVersionTag: row.version_tag,
    processInstanceId: row.process_instance_id,
    tenantId: null,
    retries: row.retries,
    suspended: Boolean(row.suspended),
    workerId: row.worker_id,
    topicName: row.topic_name,
    priority: Number(row.priority),
    businessKey: row.business_key,
  };
}

/** Lock, complete, fail and unlock external tasks; `FOR UPDATE SKIP LOCKED` keeps two workers apart. */
export class ExternalTaskService {
  constructor(
    private readonly db: EngineDatabase,
    private readonly engine: ProcessEngine,
    private readonly onReleased: (topics: string[], at?: number) => void,
  ) {}

  /** One locking attempt; the HTTP layer repeats it while a long poll waits. */
  async tryFetchAndLock(dto: FetchAndLockDto): Promise<LockedExternalTaskDto[]> {
    const maxTasks = dto.maxTasks ?? 1;
    if (maxTasks <= 0 || !dto.topics?.length) return [];
    const locked = await this.db.transaction(async (conn) => {
      const result: { row: ExternalTaskRow; topic: FetchTopicDto }[] = [];
      for (const topic of dto.topics) {
        if (result.length >= maxTasks) break;
        const rows = await selectFetchable(conn, dto, topic, maxTasks - result.length);
        for (const row of rows) result.push({ row, topic });
      }
      if (!result.length) return result;
      // One UPDATE per lock expiration, sent together with the COMMIT.
      const now = Date.now();
      const updates = dto.topics
        .map((topic) => ({
          expiration: now + topic.lockDuration,
          ids: result.filter((r) => r.topic === topic).map((r) => r.row.id),
        }))
        .filter((u) => u.ids.length);
      await conn.queryAndCommit(
        updates
          .map(
            () => 'UPDATE eng_external_task SET worker_id = ?, lock_expiration = ? WHERE id IN (?)',
          )
          .join(';\n'),
        updates.flatMap((u) => [dto.workerId, u.expiration, u.ids]),
      );
      return result.map(({ row, topic }) => ({
        topic,
        row: { ...row, worker_id: dto.workerId, lock_expiration: now + topic.lockDuration },
      }));
    });
    if (!locked.length) return [];
    for (const { row } of locked) this.onReleased([], row.lock_expiration!);
    const variables = await this.instanceVariables(locked.map((l) => l.row.process_instance_id));
    return locked.map(({ row, topic }) => {
      const all: StoredVariables = {
        ...(topic.localVariables ? {} : (variables.get(row.process_instance_id) ?? {})),
        ...(row.local_variables ? JSON.parse(row.local_variables) : {}),
      };
      return {
        ...toExternalTaskDto(row),
        errorDetails: row.error_details,
        variables: toVariableDtos(all, topic.variables ?? null),
        extensionProperties: {},
      };
    });
  }

  private async instanceVariables(ids: string[]): Promise<Map<string, StoredVariables>> {
    const [rows] = await this.db.pool.query(
      'SELECT id, variables FROM eng_process_instance WHERE id IN (?)',
      [[...new Set(ids)]],
    );
    return new Map(
      (rows as { id: string; variables: string }[]).map((r) => [r.id, JSON.parse(r.variables)]),
    );
  }

  async complete(id: string, dto: CompleteExternalTaskDto): Promise<void> {
    await this.withLockedTask(id, dto.workerId, 'complete', dto.variables, (cmd, row, vars) =>
      cmd.run.complete(row.execution_id, vars),
    );
  }

  async bpmnError(id: string, dto: ExternalTaskBpmnErrorDto): Promise<void> {
    const message = dto.errorMessage ?? dto.errorCode;
    await this.withLockedTask(id, dto.workerId, 'bpmnError', dto.variables, (cmd, row, vars) =>
      cmd.run.bpmnError(row.execution_id, dto.errorCode, message, vars),
    );
  }

  /** Runs `act` on the task's instance after checking the caller holds the task's lock. */
  private async withLockedTask(
    id: string,
    workerId: string,
    verb: HolderCommand,
    dtos: VariableMap | undefined,
    act: (cmd: InstanceCommand, row: ExternalTaskRow, plain: Record<string, unknown>) => void,
  ): Promise<void> {
    const task = await this.findTask(id);
    const variables = toStoredVariables(dtos);
    await this.engine.withInstance(task.process_instance_id, async (cmd) => {
      const row = await this.lockedTask(cmd.conn, id, workerId, verb);
      Object.assign(cmd.variables, variables);
      act(cmd, row, toPlainValues(variables));
    });
  }

  /** Records a failure; at 0 retries the task becomes an incident and is no longer fetched. */
  async failure(id: string, dto: ExternalTaskFailureDto): Promise<void> {
    const retryAt = Date.now() + Math.max(0, dto.retryTimeout ?? 0);
    const topic = await this.db.transaction(async (conn) => {
      const row = await this.lockedTask(conn, id, dto.workerId, 'failure');
      await conn.query(
        'UPDATE eng_external_task SET retries = ?, error_message = ?, error_details = ?, lock_expiration = ? WHERE id = ?',
        [
          Math.max(0, dto.retries ?? 0),
          dto.errorMessage ?? null,
          dto.errorDetails ?? null,
          retryAt,
          id,
        ],
      );
      return row.topic_name;
    });
    if ((dto.retries ?? 0) > 0) this.onReleased([topic], retryAt);
  }

  async extendLock(id: string, newDuration: number, workerId: string): Promise<void> {
    await this.db.transaction(async (conn) => {
      const row = await this.lockedTask(conn, id, workerId, 'extendLock');
      if (!row.lock_expiration || row.lock_expiration <= Date.now()) {
        throw badRequest(`Cannot extend a lock that expired for external task ${id}`);
      }
      await conn.query('UPDATE eng_external_task SET lock_expiration = ? WHERE id = ?', [
        Date.now() + newDuration,
        id,
      ]);
    });
  }

  async lock(id: string, lockDuration: number, workerId: string): Promise<void> {
    await this.db.transaction(async (conn) => {
      const row = await this.taskForUpdate(conn, id);
      if (row.worker_id && row.worker_id !== workerId && (row.lock_expiration ?? 0) > Date.now()) {
        throw badRequest(`External task ${id} is already locked by worker '${row.worker_id}'`);
      }
      await conn.query(
        'UPDATE eng_external_task SET worker_id = ?, lock_expiration = ? WHERE id = ?',
        [workerId, Date.now() + lockDuration, id],
      );
    });
  }

  /** Unlock carries no worker id (the client sends no body), so any caller may unlock. */
  async unlock(id: string): Promise<void> {
    const topic = await this.db.transaction(async (conn) => {
      const row = await this.taskForUpdate(conn, id);
      await conn.query(
        'UPDATE eng_external_task SET worker_id = NULL, lock_expiration = NULL WHERE id = ?',
        [id],
      );
      return row.topic_name;
    });
    this.onReleased([topic]);
  }

  async setRetries(id: string, retries: number): Promise<void> {
    if (typeof retries === 'number' && retries < 0) {
      throw engineError(
        400,
        'BadUserRequestException',
        'The number of retries cannot be negative: retries is not greater than or equal to 0',
      );
    }
    const topic = await this.db.transaction(async (conn) => {
      const row = await this.taskForUpdate(conn, id);
      await conn.query('UPDATE eng_external_task SET retries = ? WHERE id = ?', [retries, id]);
      return row.topic_name;
    });
    if (retries > 0) this.onReleased([topic]);
  }

  private async findTask(id: string): Promise<ExternalTaskRow> {
    const [rows] = await this.db.pool.query('SELECT * FROM eng_external_task WHERE id = ?', [id]);
    const row = (rows as ExternalTaskRow[])[0];
    if (!row) throw taskNotFound(id);
    return row;
  }

  private async taskForUpdate(conn: Connection, id: string): Promise<ExternalTaskRow> {
    const [rows] = await conn.query('SELECT * FROM eng_external_task WHERE id = ? FOR UPDATE', [
      id,
    ]);
    const row = (rows as ExternalTaskRow[])[0];
    if (!row) throw taskNotFound(id);
    return row;
  }

  /**
   * Operaton checks only that the caller is the lock holder (not whether the lock expired), then
   * that the task's instance is not suspended.
   */
  private async lockedTask(
    conn: Connection,
    id: string,
    workerId: string,
    command: HolderCommand,
  ): Promise<ExternalTaskRow> {
    const row = await this.taskForUpdate(conn, id);
    if (!workerId || row.worker_id !== workerId) {
      throw engineError(
        400,
        'RestException',
        `${WRONG_WORKER[command](id, workerId)}. It is locked by worker '${row.worker_id}'.`,
      );
    }
    if (row.suspended) {
      throw engineError(
        400,
        'RestException',
        `ENGINE-03043 ExternalTask with id '${id}' is suspended.`,
      );
    }
    return row;
  }
}

async function selectFetchable(
  conn: Connection,
  dto: FetchAndLockDto,
  topic: FetchTopicDto,
  limit: number,
): Promise<ExternalTaskRow[]> {
  const now = Date.now();
  const where = [
    'topic_name = ?',
    '(lock_expiration IS NULL OR lock_expiration <= ?)',
    '(retries IS NULL OR retries > 0)',
    'suspended = 0',
  ];
  const params: unknown[] = [topic.topicName, now];
  const filter = (sql: string, value: unknown) => {
    where.push(sql);
    params.push(value);
  };
  if (topic.businessKey) filter('business_key = ?', topic.businessKey);
  if (topic.processDefinitionId) filter('definition_id = ?', topic.processDefinitionId);
  if (topic.processDefinitionIdIn?.length)
    filter('definition_id IN (?)', topic.processDefinitionIdIn);
  if (topic.processDefinitionKey) filter('definition_key = ?', topic.processDefinitionKey);
  if (topic.processDefinitionKeyIn?.length)
    filter('definition_key IN (?)', topic.processDefinitionKeyIn);
  if (topic.processDefinitionVersionTag)
    filter('version_tag = ?', topic.processDefinitionVersionTag);
  if (topic.tenantIdIn?.length) return []; // no tenants here
  const createOrder =
    dto.sorting?.find((s) => s.sortBy === 'createTime')?.sortOrder === 'desc' ? 'DESC' : 'ASC';
  const order = `${dto.usePriority === false ? '' : 'priority DESC, '}create_time ${createOrder}`;
  const [rows] = await conn.query(
    `SELECT * FROM eng_external_task WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT ? FOR UPDATE SKIP LOCKED`,
    [...params, limit],
  );
  return rows as ExternalTaskRow[];
}
