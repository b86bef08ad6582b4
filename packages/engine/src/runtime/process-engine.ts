import { randomUUID } from 'node:crypto';

import type { Connection, EngineDatabase } from '../db/engine-database';
import { badRequest, engineError, EngineRestError, notFound } from '../rest/camunda-errors';
import type {
  CompleteTaskDto,
  CorrelationMessageDto,
  MessageCorrelationResultDto,
  ModificationInstructionDto,
  ProcessInstanceDto,
  ProcessInstanceModificationDto,
  StartInstructionDto,
  StartProcessInstanceDto,
  VariableMap,
} from '../rest/camunda-types';
import {
  StoredVariables,
  toPlainValues,
  toStoredVariables,
  toVariableDtos,
} from '../variables/typed-variables';
import { DefinitionCache, DefinitionRow, LoadedDefinition } from './definition-cache';
import { HotInstances } from './hot-instances';
import {
  cancelOpenActivitiesStatement,
  CommandEffects,
  deleteAllWaitsStatements,
  endHistoryStatement,
  InstanceCommand,
  InstanceRow,
  noEffects,
  openInstance,
  persistRun,
  startRun,
} from './instance-store';

export interface EngineNotifier {
  afterCommit(effects: CommandEffects): void;
}

interface StartOptions {
  businessKey: string | null;
  variables: StoredVariables;
  startActivityId: string | null;
  /** The authenticated caller, recorded as the instance's startUserId. */
  startUserId: string | null;
  messageId?: string;
}

/** Process-instance commands: each runs in one transaction with the instance row locked. */
export class ProcessEngine {
  constructor(
    readonly db: EngineDatabase,
    readonly definitions: DefinitionCache,
    private readonly notifier: EngineNotifier,
    private readonly hot: HotInstances,
  ) {}

  /** Runs `work` on a locked, resumed instance and persists what it changed. */
  async withInstance<T>(
    instanceId: string,
    work: (cmd: InstanceCommand) => Promise<T> | T,
    outer?: { conn: Connection; effects: CommandEffects },
    options: { fresh?: boolean } = {},
  ): Promise<T> {
    const effects = outer?.effects ?? noEffects();
    let done: InstanceCommand | null = null;
    const hot = options.fresh ? null : this.hot;
    const body = async (c: Connection) => {
      const cmd = await openInstance(c, instanceId, (row) => this.loadFor(row), effects, hot);
      const result = await work(cmd);
      await persistRun(cmd, false, { commit: !outer });
      done = cmd;
      return result;
    };
    if (outer) return body(outer.conn);
    const result = await this.db.transaction(body);
    this.keepHot(done);
    this.notifier.afterCommit(effects);
    return result;
  }

  async startByKey(
    key: string,
    dto: StartProcessInstanceDto,
    startUserId: string | null = null,
  ): Promise<ProcessInstanceDto> {
    const row = await this.definitions.latestByKey(this.db.pool, key);
    return this.startDefinition(row, dto, startUserId);
  }

  /** Starts an instance of one definition version (`POST /process-definition/{id}/start`). */
  async startById(
    id: string,
    dto: StartProcessInstanceDto,
    startUserId: string | null = null,
  ): Promise<ProcessInstanceDto> {
    const definition = await this.definitions.get(id).catch((err: unknown) => {
      if (!(err instanceof EngineRestError && err.status === 404)) throw err;
      throw engineError(
        500,
        'RestException',
        `Cannot instantiate process definition ${id}: no deployed process definition found with id '${id}': processDefinition is null`,
      );
    });
    return this.startDefinition(definition.row, dto, startUserId);
  }

  /** GET /process-definition/{id}. */
  async definitionById(id: string): Promise<DefinitionRow> {
    const definition = await this.definitions.get(id).catch((err: unknown) => {
      if (!(err instanceof EngineRestError && err.status === 404)) throw err;
      throw new EngineRestError(
        404,
        'InvalidRequestException',
        `No matching definition with id ${id}`,
        undefined,
        0,
      );
    });
    return definition.row;
  }

  private async startDefinition(
    row: DefinitionRow,
    dto: StartProcessInstanceDto,
    startUserId: string | null,
  ): Promise<ProcessInstanceDto> {
    let variables: StoredVariables;
    let startActivityId: string | null;
    try {
      variables = toStoredVariables(dto.variables);
      startActivityId = resolveStartInstructions(
        dto.startInstructions,
        variables,
        await this.definitions.get(row.id),
      );
    } catch (err) {
      // Operaton names the definition in front of what was wrong with the request.
      if (!(err instanceof EngineRestError) || err.status !== 400) throw err;
      throw badRequest(`Cannot instantiate process definition ${row.id}: ${err.message}`);
    }
    const effects = noEffects();
    const result = await this.db.transaction((conn) =>
      this.startInstance(
        conn,
        row,
        { businessKey: dto.businessKey ?? null, variables, startActivityId, startUserId },
        effects,
        true,
      ),
    );
    this.keepHot(result.cmd);
    this.notifier.afterCommit(effects);
    const instance = toInstanceDto(result.id, row, dto.businessKey ?? null, result.ended);
    if (dto.withVariablesInReturn) instance.variables = toVariableDtos(result.variables);
    return instance;
  }

  async startInstance(
    conn: Connection,
    row: DefinitionRow,
    options: StartOptions,
    effects: CommandEffects,
    commit = false,
  ): Promise<{ id: string; ended: boolean; variables: StoredVariables; cmd: InstanceCommand }> {
    const id = randomUUID();
    const definition = await this.definitions.get(row.id, options.startActivityId);
    const run = await startRun(definition, id, options.variables);
    if (options.messageId) {
      const wait = [...run.waits.values()].find((w) => w.messageId === options.messageId);
      if (wait) run.correlate(wait, {});
    }
    const now = Date.now();
    const instanceRow: InstanceRow = {
      id,
      definition_id: row.id,
      definition_key: row.def_key,
      business_key: options.businessKey,
      start_activity_id: options.startActivityId,
      state: '',
      variables: '{}',
      waits: '{}',
      rev: 1,
      created: now,
    };
    const history: [string, unknown[]] = [
      `INSERT INTO eng_hist_process_instance (id, definition_id, definition_key, definition_version, definition_name,
        business_key, start_time, start_activity_id, start_user_id, state) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'ACTIVE')`,
      [
        id,
        row.id,
        row.def_key,
        row.version,
        row.name,
        options.businessKey,
        now,
        options.startActivityId ?? firstStart(definition),
        options.startUserId,
      ],
    ];
    const cmd: InstanceCommand = {
      conn,
      row: instanceRow,
      definition,
      run,
      variables: options.variables,
      effects,
    };
    await persistRun(cmd, true, { commit, before: [history] });
    return { id, ended: run.ended, variables: options.variables, cmd };
  }

  async getInstance(id: string): Promise<ProcessInstanceDto> {
    const [rows] = await this.db.pool.query(
      'SELECT i.id, i.business_key, i.suspended, d.id AS definition_id, d.def_key FROM eng_process_instance i JOIN eng_process_definition d ON d.id = i.definition_id WHERE i.id = ?',
      [id],
    );
    const row = (
      rows as {
        id: string;
        business_key: string | null;
        suspended: number;
        definition_id: string;
        def_key: string;
      }[]
    )[0];
    if (!row) throw notFound(`Process instance with id ${id} does not exist`);
    return toInstanceDto(
      row.id,
      { id: row.definition_id, def_key: row.def_key },
      row.business_key,
      false,
      Boolean(row.suspended),
    );
  }

  /** GET /process-instance/{id}/variables: the instance's variables (files without content). */
  async instanceVariables(id: string): Promise<VariableMap> {
    const [rows] = await this.db.pool.query(
      'SELECT variables FROM eng_process_instance WHERE id = ?',
      [id],
    );
    const row = (rows as { variables: string }[])[0];
    if (!row) {
      throw engineError(
        500,
        'NullValueException',
        `execution ${id} doesn't exist: execution is null`,
      );
    }
    return toVariableDtos(JSON.parse(row.variables) as StoredVariables);
  }

  /**
   * The content of a file variable, as camunda-external-task-client-js loads it
   * (GET /execution/{processInstanceId}/localVariables/{name}/data).
   */
  async fileVariable(
    executionId: string,
    name: string,
  ): Promise<{ data: Buffer; contentType: string }> {
    const [rows] = await this.db.pool.query(
      'SELECT variables FROM eng_process_instance WHERE id = ?',
      [executionId],
    );
    const row = (rows as { variables: string }[])[0];
    if (!row) {
      throw engineError(
        500,
        'RestException',
        `Cannot get execution variable ${name}: execution ${executionId} doesn't exist: execution is null`,
      );
    }
    const variable = (JSON.parse(row.variables) as StoredVariables)[name];
    if (!variable) throw notFound(`execution variable with name ${name} does not exist`);
    if (variable.type !== 'File') {
      throw badRequest(`Value of variable with id ${name} is not a binary value.`);
    }
    const { mimeType, encoding } = variable.valueInfo as { mimeType?: string; encoding?: string };
    const contentType = `${mimeType ?? 'application/octet-stream'}${encoding ? `; charset=${encoding}` : ''}`;
    return { data: Buffer.from(String(variable.value ?? ''), 'base64'), contentType };
  }

  /**
   * PUT /process-instance/{id}/suspended. A suspended instance's tasks are not fetched, cannot be
   * completed or failed, and its messages and timers wait; Operaton answers 204 for an unknown id too.
   */
  async setSuspended(id: string, suspended: boolean): Promise<void> {
    const flag = suspended ? 1 : 0;
    const statements: [string, unknown[]][] = [
      ['UPDATE eng_process_instance SET suspended = ? WHERE id = ?', [flag, id]],
      ['UPDATE eng_external_task SET suspended = ? WHERE process_instance_id = ?', [flag, id]],
      ['UPDATE eng_user_task SET suspended = ? WHERE process_instance_id = ?', [flag, id]],
      [
        "UPDATE eng_hist_process_instance SET state = ? WHERE id = ? AND state IN ('ACTIVE', 'SUSPENDED')",
        [suspended ? 'SUSPENDED' : 'ACTIVE', id],
      ],
    ];
    await this.db.transaction((conn) =>
      conn.queryAndCommit(
        statements.map(([sql]) => sql).join(';\n'),
        statements.flatMap(([, params]) => params),
      ),
    );
    if (suspended) return;
    // Activated: its tasks can be fetched again and its due timers fire.
    const [tasks] = await this.db.pool.query(
      'SELECT topic_name, COUNT(*) AS n FROM eng_external_task WHERE process_instance_id = ? GROUP BY topic_name',
      [id],
    );
    const effects = noEffects();
    for (const t of tasks as { topic_name: string; n: number }[])
      effects.topics.set(t.topic_name, Number(t.n));
    const [timers] = await this.db.pool.query(
      'SELECT MIN(due_at) AS t FROM eng_timer_job WHERE process_instance_id = ?',
      [id],
    );
    const due = (timers as { t: number | null }[])[0]?.t;
    if (due !== null && due !== undefined) effects.nextTimer = Number(due);
    this.notifier.afterCommit(effects);
  }

  async deleteInstance(id: string, failIfNotExists: boolean): Promise<void> {
    this.hot.evict(id);
    await this.db.transaction(async (conn) => {
      const [rows] = await conn.query(
        'SELECT id FROM eng_process_instance WHERE id = ? FOR UPDATE',
        [id],
      );
      if (!(rows as unknown[]).length) {
        if (failIfNotExists) {
          throw new EngineRestError(
            404,
            'InvalidRequestException',
            `No process instance found for id '${id}': processInstance is null`,
            undefined,
            0,
          );
        }
        return;
      }
      // The REST API deletes without a reason: Operaton's history keeps deleteReason null.
      const statements: [string, unknown[]][] = [
        ...deleteAllWaitsStatements(id),
        cancelOpenActivitiesStatement(id),
        ['DELETE FROM eng_process_instance WHERE id = ?', [id]],
        endHistoryStatement(id, 'EXTERNALLY_TERMINATED', Date.now()),
      ];
      await conn.queryAndCommit(
        statements.map(([sql]) => sql).join(';\n'),
        statements.flatMap(([, params]) => params),
      );
    });
  }

  /**
   * Deletes a deployment and its process definitions (Camunda's DELETE /deployment/{id}). With
   * `cascade` their process instances go too, with all their history; without it a running
   * instance makes the engine refuse, and finished instances keep their history.
   */
  async deleteDeployment(id: string, cascade: boolean): Promise<void> {
    const definitionIds = await this.db.transaction(async (conn) => {
      const [found] = await conn.query('SELECT id FROM eng_deployment WHERE id = ? FOR UPDATE', [
        id,
      ]);
      if (!(found as unknown[]).length) throw notFound(`Deployment with id '${id}' do not exist`);
      const [defs] = await conn.query(
        'SELECT id FROM eng_process_definition WHERE deployment_id = ? FOR UPDATE',
        [id],
      );
      const ids = (defs as { id: string }[]).map((row) => row.id);
      const statements: [string, unknown[]][] = [];
      if (ids.length) {
        const [rows] = await conn.query(
          'SELECT id, definition_id FROM eng_process_instance WHERE definition_id IN (?) FOR UPDATE',
          [ids],
        );
        const running = rows as { id: string; definition_id: string }[];
        if (running.length && !cascade) {
          throw engineError(
            500,
            'ProcessEngineException',
            `ENGINE-03076 Deletion of process definition without cascading failed. Process definition with id: ${running[0].definition_id} can't be deleted, because there are ${running.length} dependent process instances.`,
          );
        }
        for (const instance of running) {
          this.hot.evict(instance.id);
          statements.push(...deleteAllWaitsStatements(instance.id), [
            'DELETE FROM eng_process_instance WHERE id = ?',
            [instance.id],
          ]);
        }
        if (cascade) {
          statements.push(
            ['DELETE FROM eng_hist_activity_instance WHERE definition_id IN (?)', [ids]],
            ['DELETE FROM eng_hist_task WHERE definition_id IN (?)', [ids]],
            ['DELETE FROM eng_hist_process_instance WHERE definition_id IN (?)', [ids]],
          );
        }
        statements.push(['DELETE FROM eng_message_start WHERE definition_id IN (?)', [ids]]);
      }
      statements.push(
        ['DELETE FROM eng_process_definition WHERE deployment_id = ?', [id]],
        ['DELETE FROM eng_deployment WHERE id = ?', [id]],
      );
      await conn.queryAndCommit(
        statements.map(([sql]) => sql).join(';\n'),
        statements.flatMap(([, params]) => params),
      );
      return ids;
    });
    for (const definitionId of definitionIds) this.definitions.forget(definitionId);
  }

  /**
   * Supports one modification: cancel every active activity and start before one activity
   * ("rerun from a node"). The instance keeps its id and variables and restarts on a derived
   * definition; anything else is refused with 400.
   */
  async modify(id: string, dto: ProcessInstanceModificationDto): Promise<void> {
    const instructions = dto.instructions ?? [];
    const starts = instructions.filter((i) => i.type !== 'cancel');
    if (starts.length !== 1 || starts[0].type !== 'startBeforeActivity' || !starts[0].activityId) {
      throw badRequest(
        'The embedded engine supports one modification: cancel all active activities and startBeforeActivity one activity',
      );
    }
    const effects = noEffects();
    const restarted = await this.db.transaction(async (conn) => {
      const cmd = await openInstance(conn, id, (row) => this.loadFor(row), effects, this.hot).catch(
        (err: unknown) => {
          if (!(err instanceof EngineRestError && err.status === 404)) throw err;
          throw engineError(
            500,
            'ProcessEngineException',
            `ENGINE-13036 Process instance '${id}' cannot be modified. The process instance does not exist`,
          );
        },
      );
      assertCancelsAll(instructions, cmd);
      const target = starts[0].activityId!;
      const variables = { ...cmd.variables, ...toStoredVariables(starts[0].variables) };
      const definition = await this.definitions.get(cmd.row.definition_id, target);
      const run = await startRun(definition, id, variables);
      const restarted: InstanceCommand = {
        ...cmd,
        definition,
        run,
        variables,
        row: { ...cmd.row, start_activity_id: target, waits: '{}' },
      };
      await persistRun(restarted, false, {
        commit: true,
        before: [...deleteAllWaitsStatements(id), cancelOpenActivitiesStatement(id)],
      });
      return restarted;
    });
    this.keepHot(restarted);
    this.notifier.afterCommit(effects);
  }

  async correlate(
    dto: CorrelationMessageDto,
    startUserId: string | null = null,
  ): Promise<MessageCorrelationResultDto[]> {
    if (!dto.messageName) throw badRequest('No message name supplied');
    const effects = noEffects();
    const results = await this.db.transaction(async (conn) => {
      const subs = await this.matchingSubscriptions(conn, dto);
      const starts = dto.processInstanceId ? [] : await matchingStarts(conn, dto.messageName);
      const total = subs.length + starts.length;
      // Operaton reports its MismatchingMessageCorrelationException by class name.
      const mismatch = (text: string) =>
        engineError(
          400,
          'RestException',
          `org.operaton.bpm.engine.MismatchingMessageCorrelationException: ${text}`,
        );
      if (total === 0) {
        throw mismatch(
          `Cannot correlate message '${dto.messageName}': No process definition or execution matches the parameters`,
        );
      }
      if (total > 1 && !dto.all) {
        throw mismatch(
          `ENGINE-13031 Cannot correlate a message with name '${dto.messageName}' to a single execution. ${total} executions match the correlation keys: ${correlationSet(dto)}`,
        );
      }
      const processVariables = toStoredVariables(dto.processVariables);
      const out: MessageCorrelationResultDto[] = [];
      for (const sub of subs) {
        await this.withInstance(
          sub.process_instance_id,
          (cmd) => {
            const wait = cmd.run.waits.get(sub.execution_id);
            if (!wait)
              throw badRequest(
                `execution ${sub.execution_id} no longer waits for '${dto.messageName}'`,
              );
            Object.assign(cmd.variables, processVariables);
            cmd.run.correlate(wait, toPlainValues(processVariables));
            out.push({
              resultType: 'Execution',
              processInstance: null,
              // The execution that received the message (the catch event's) has ended.
              execution: {
                id: sub.execution_id,
                processInstanceId: sub.process_instance_id,
                ended: true,
                tenantId: null,
              },
            });
          },
          { conn, effects },
        );
      }
      for (const start of starts) {
        const row = await this.definitions.latestByKey(conn, start.def_key);
        const started = await this.startInstance(
          conn,
          row,
          {
            businessKey: dto.businessKey ?? null,
            variables: processVariables,
            startActivityId: null,
            startUserId,
            messageId: start.message_id,
          },
          effects,
        );
        out.push({
          resultType: 'ProcessDefinition',
          processInstance: toInstanceDto(started.id, row, dto.businessKey ?? null, started.ended),
          execution: null,
        });
      }
      return out;
    });
    this.notifier.afterCommit(effects);
    return results;
  }

  private async matchingSubscriptions(
    conn: Connection,
    dto: CorrelationMessageDto,
  ): Promise<SubscriptionRow[]> {
    // Suspended instances receive no messages.
    const where = ['s.message_name = ?', 'i.suspended = 0'];
    const params: unknown[] = [dto.messageName];
    if (dto.processInstanceId) {
      where.push('s.process_instance_id = ?');
      params.push(dto.processInstanceId);
    }
    if (dto.businessKey) {
      where.push('s.business_key = ?');
      params.push(dto.businessKey);
    }
    const [rows] = await conn.query(
      `SELECT s.process_instance_id, s.execution_id, i.variables FROM eng_message_subscription s
        JOIN eng_process_instance i ON i.id = s.process_instance_id WHERE ${where.join(' AND ')}`,
      params,
    );
    const keys = toStoredVariables(dto.correlationKeys);
    return (rows as SubscriptionRow[]).filter((row) =>
      matchesKeys(JSON.parse(row.variables), keys),
    );
  }

  async completeUserTask(taskId: string, dto: CompleteTaskDto): Promise<VariableMap | null> {
    const [rows] = await this.db.pool.query(
      'SELECT process_instance_id, execution_id, suspended FROM eng_user_task WHERE id = ?',
      [taskId],
    );
    const task = (
      rows as { process_instance_id: string; execution_id: string; suspended: number }[]
    )[0];
    const missing = () =>
      engineError(
        500,
        'RestException',
        `Cannot complete task ${taskId}: Cannot find task with id ${taskId}: task is null`,
      );
    if (!task) throw missing();
    if (task.suspended) {
      throw engineError(
        500,
        'RestException',
        `Cannot complete task ${taskId}: ENGINE-03043 task with id '${taskId}' is suspended.`,
      );
    }
    const variables = toStoredVariables(dto.variables);
    return this.withInstance(task.process_instance_id, async (cmd) => {
      if (!cmd.run.waits.has(task.execution_id)) throw missing();
      await cmd.conn.query(
        `UPDATE eng_hist_task SET end_time = ?, delete_reason = 'completed', task_state = 'Completed'
          WHERE id = ? AND end_time IS NULL`,
        [Date.now(), taskId],
      );
      Object.assign(cmd.variables, variables);
      cmd.run.complete(task.execution_id, toPlainValues(variables));
      return dto.withVariablesInReturn ? toVariableDtos(cmd.variables) : null;
    });
  }

  /** Resumes instances whose timers are due; bpmn-engine fires a due timer on resume. */
  async runDueTimers(now = Date.now()): Promise<number> {
    const [rows] = await this.db.pool.query(
      `SELECT DISTINCT t.process_instance_id FROM eng_timer_job t
        JOIN eng_process_instance i ON i.id = t.process_instance_id AND i.suspended = 0
        WHERE t.due_at <= ? LIMIT 100`,
      [now],
    );
    const ids = (rows as { process_instance_id: string }[]).map((r) => r.process_instance_id);
    for (const id of ids) {
      // A live engine's timers never run (no in-process timeouts): recover, which fires due ones.
      await this.withInstance(id, () => undefined, undefined, { fresh: true }).catch(
        (err: unknown) => {
          if (!(err instanceof EngineRestError && err.status === 404)) throw err;
        },
      );
    }
    return ids.length;
  }

  /** Called only after a commit: the live engine then matches the saved revision. */
  private keepHot(cmd: InstanceCommand | null): void {
    if (cmd?.newRev) this.hot.checkin(cmd.row.id, cmd.newRev, cmd.run, cmd.definition);
  }

  private loadFor(row: InstanceRow): Promise<LoadedDefinition> {
    return this.definitions.get(row.definition_id, row.start_activity_id);
  }
}

interface SubscriptionRow {
  process_instance_id: string;
  execution_id: string;
  variables: string;
}

async function matchingStarts(
  conn: Connection,
  messageName: string,
): Promise<{ def_key: string; message_id: string }[]> {
  const [rows] = await conn.query(
    `SELECT ms.def_key, ms.message_id FROM eng_message_start ms
      JOIN (SELECT def_key, MAX(version) AS v FROM eng_process_definition GROUP BY def_key) latest
        ON latest.def_key = ms.def_key AND latest.v = ms.version
      WHERE ms.message_name = ?`,
    [messageName],
  );
  return rows as { def_key: string; message_id: string }[];
}

function matchesKeys(variables: StoredVariables, keys: StoredVariables): boolean {
  return Object.entries(keys).every(
    ([name, key]) => variables[name] && String(variables[name].value) === String(key.value),
  );
}

function assertCancelsAll(instructions: ModificationInstructionDto[], cmd: InstanceCommand): void {
  const cancels = instructions.filter((i) => i.type === 'cancel');
  if (
    cancels.some(
      (c) =>
        c.cancelCurrentActiveActivityInstances === false && !c.activityId && !c.activityInstanceId,
    )
  ) {
    throw badRequest('cancel instructions need an activityId or activityInstanceId');
  }
  const canceledActivities = new Set(cancels.map((c) => c.activityId).filter(Boolean));
  const canceledInstances = new Set(cancels.map((c) => c.activityInstanceId).filter(Boolean));
  const active = [...cmd.run.waits.values()];
  const uncovered = active.filter(
    (w) =>
      !canceledActivities.has(w.activityId) &&
      !canceledInstances.has(w.executionId) &&
      !canceledInstances.has(w.parentExecutionId ?? ''),
  );
  if (uncovered.length) {
    throw badRequest(
      `The embedded engine only restarts an instance after cancelling every active activity; still active: ${[...new Set(uncovered.map((w) => w.activityId))].join(', ')}`,
    );
  }
}

function resolveStartInstructions(
  instructions: StartInstructionDto[] | undefined,
  variables: StoredVariables,
  definition: LoadedDefinition,
): string | null {
  if (!instructions?.length) return null;
  if (instructions.length !== 1)
    throw badRequest('The embedded engine supports exactly one start instruction');
  const [instruction] = instructions;
  Object.assign(variables, toStoredVariables(instruction.variables));
  const model = definition.fullModel;
  if (instruction.type === 'startBeforeActivity') return instruction.activityId ?? null;
  if (instruction.type === 'startTransition') {
    const flow = model.flows.get(instruction.transitionId ?? '');
    if (!flow)
      throw badRequest(
        `Cannot start transition '${instruction.transitionId}': no such sequence flow`,
      );
    return flow.targetId;
  }
  const outgoing = [...model.flows.values()].filter((f) => f.sourceId === instruction.activityId);
  if (outgoing.length !== 1) {
    throw badRequest(
      `Cannot start after activity '${instruction.activityId}': it needs exactly one outgoing sequence flow`,
    );
  }
  return outgoing[0].targetId;
}

function firstStart(definition: LoadedDefinition): string | null {
  const start = [...definition.model.activities.values()].find(
    (a) => a.type === 'bpmn:StartEvent' && a.parentId === definition.model.processId,
  );
  return start?.id ?? null;
}

export function toInstanceDto(
  id: string,
  definition: Pick<DefinitionRow, 'id' | 'def_key'>,
  businessKey: string | null,
  ended: boolean,
  suspended = false,
): ProcessInstanceDto {
  return {
    // The REST layer adds the self link to a started instance; a read one has none.
    links: [],
    id,
    definitionId: definition.id,
    definitionKey: definition.def_key,
    businessKey,
    caseInstanceId: null,
    ended,
    suspended,
    tenantId: null,
  };
}

/** Operaton's CorrelationSet.toString(), as its "not unique" message shows it. */
function correlationSet(dto: CorrelationMessageDto): string {
  const map = (vars: VariableMap | undefined) =>
    vars && Object.keys(vars).length
      ? `{${Object.entries(vars)
          .map(([k, v]) => `${k}=${String(v.value)}`)
          .join(', ')}}`
      : 'null';
  return `CorrelationSet [businessKey=${dto.businessKey ?? null}, processInstanceId=${dto.processInstanceId ?? null}, processDefinitionId=null, correlationKeys=${map(dto.correlationKeys)}, localCorrelationKeys=${map(dto.localCorrelationKeys)}, tenantId=${dto.tenantId ?? null}, isTenantIdSet=${dto.tenantId !== undefined || dto.withoutTenantId === true}, isExecutionsOnly=false]`;
}
