import { randomUUID } from 'node:crypto';

import type {
  CompleteTaskDto,
  ModificationInstructionDto,
  ProcessInstanceDto,
  ProcessInstanceModificationDto,
  StartInstructionDto,
  StartProcessInstanceDto,
  VariableMap,
} from '@platform/engine-client';

import type { Connection, EngineDatabase } from '../db/engine-database';
import { badRequest, engineError, EngineRestError } from '../rest/camunda-errors';
import {
  StoredVariables,
  toPlainValues,
  toStoredVariables,
  toVariableDtos,
} from '../variables/typed-variables';
import { DefinitionCache, DefinitionRow, LoadedDefinition } from './definition-cache';
import { HotInstances } from './hot-instances';
import { toInstanceDto } from './instance-reads';
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
    return this.startDefinition(await this.freshRow(definition.row), dto, startUserId);
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
    return this.freshRow(definition.row);
  }

  /**
   * PUT /process-definition/{id}/suspended. A suspended definition starts no instance (by id, by key
   * or by a message); its running instances go on unless `includeProcessInstances` suspends them
   * too.
   */
  async setDefinitionSuspended(
    id: string,
    suspended: boolean,
    includeProcessInstances: boolean,
  ): Promise<void> {
    const [updated] = await this.db.pool.query(
      'UPDATE eng_process_definition SET suspended = ? WHERE id = ?',
      [suspended ? 1 : 0, id],
    );
    // An unknown id changes nothing and answers 204, as Operaton 1.0.3 does at history level audit,
    // the platform's setting (at level full it failed with a NullPointerException, 500).
    if (!(updated as { affectedRows: number }).affectedRows) return;
    if (!includeProcessInstances) return;
    const [rows] = await this.db.pool.query(
      'SELECT id FROM eng_process_instance WHERE definition_id = ?',
      [id],
    );
    for (const { id: instanceId } of rows as { id: string }[]) {
      await this.setSuspended(instanceId, suspended);
    }
  }

  /** The cached row with the state that changes after deployment (suspension) read again. */
  private async freshRow(row: DefinitionRow): Promise<DefinitionRow> {
    const [rows] = await this.db.pool.query(
      'SELECT suspended FROM eng_process_definition WHERE id = ?',
      [row.id],
    );
    const current = (rows as { suspended: number }[])[0];
    return current ? { ...row, suspended: current.suspended } : row;
  }

  private async startDefinition(
    row: DefinitionRow,
    dto: StartProcessInstanceDto,
    startUserId: string | null,
  ): Promise<ProcessInstanceDto> {
    if (row.suspended) {
      throw engineError(
        500,
        'RestException',
        `Cannot instantiate process definition ${row.id}: ${suspendedMessage(row.id)}`,
      );
    }
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

/** Operaton's SuspendedEntityInteractionException for a suspended definition. */
export function suspendedMessage(definitionId: string): string {
  return `ENGINE-03043 Process Definition with id '${definitionId}' is suspended.`;
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
