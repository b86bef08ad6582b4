import { randomUUID } from 'node:crypto';

import { camundaActivityType } from '../bpmn/bpmn-model';
import type { Connection } from '../db/engine-database';
import { EngineRestError, notFound } from '../rest/camunda-errors';
import { fromPlainValue, StoredVariables, toPlainValues } from '../variables/typed-variables';
import type { LoadedDefinition } from './definition-cache';
import type { HotInstances } from './hot-instances';
import { InstanceRun, WaitKind, WaitState } from './instance-run';

/** The instance row; `state` is read only when no live engine can be reused. */
export interface InstanceRow {
  id: string;
  definition_id: string;
  definition_key: string;
  business_key: string | null;
  start_activity_id: string | null;
  state: string;
  variables: string;
  waits: string;
  rev: number;
  created: number;
}

/** What a committed command changed that other parts of the engine react to. */
export interface CommandEffects {
  /** New fetchable external tasks per topic (wakes that many long-polling workers). */
  topics: Map<string, number>;
  /** The earliest new timer due date, if any (wakes the timer sweeper). */
  nextTimer: number | null;
}

export function noEffects(): CommandEffects {
  return { topics: new Map(), nextTimer: null };
}

/** The loaded state of one instance inside a command's transaction. */
export interface InstanceCommand {
  conn: Connection;
  row: InstanceRow;
  definition: LoadedDefinition;
  run: InstanceRun;
  variables: StoredVariables;
  effects: CommandEffects;
  /** The row revision after this command (set by persistRun). */
  newRev?: number;
}

type WaitIndex = Record<string, WaitKind>;

/**
 * The writes of one command, sent to MySQL as one multi-statement query: a command's five or so
 * writes then cost one round trip instead of five (values are still bound, not concatenated).
 */
class StatementBatch {
  private readonly sql: string[] = [];
  private readonly params: unknown[] = [];

  add(sql: string, params: unknown[]): void {
    this.sql.push(sql);
    this.params.push(...params);
  }

  async flush(conn: Connection, commit: boolean): Promise<void> {
    if (!this.sql.length) {
      if (commit) await conn.queryAndCommit('DO 0');
      return;
    }
    const sql = this.sql.join(';\n');
    if (commit) await conn.queryAndCommit(sql, this.params);
    else await conn.query(sql, this.params);
  }
}

const WAIT_TABLES: Record<WaitKind, string> = {
  external: 'eng_external_task',
  user: 'eng_user_task',
  timer: 'eng_timer_job',
  message: 'eng_message_subscription',
};

/**
 * Loads an instance FOR UPDATE and gets its engine: a live one from `hot` when it matches the
 * row revision, else recovered from the saved state. 404 when the instance is gone.
 */
export async function openInstance(
  conn: Connection,
  id: string,
  loadDefinition: (row: InstanceRow) => Promise<LoadedDefinition>,
  effects: CommandEffects,
  hot: HotInstances | null,
): Promise<InstanceCommand> {
  const [rows] = await conn.query(
    `SELECT id, definition_id, definition_key, business_key, start_activity_id, variables, waits, rev, created
      FROM eng_process_instance WHERE id = ? FOR UPDATE`,
    [id],
  );
  const row = (rows as InstanceRow[])[0];
  if (!row) throw notFound(`Process instance with id ${id} does not exist`);
  const definition = await loadDefinition(row);
  let run = hot?.checkout(id, row.rev, definition) ?? null;
  if (run) {
    run.beginCommand();
  } else {
    const [states] = await conn.query('SELECT state FROM eng_process_instance WHERE id = ?', [id]);
    run = new InstanceRun(definition, id);
    await run.resume((states as { state: string }[])[0].state);
  }
  return { conn, row, definition, run, variables: JSON.parse(row.variables), effects };
}

/** Starts a new run (fresh start or restart under an existing id) with the given variables. */
export async function startRun(
  definition: LoadedDefinition,
  id: string,
  variables: StoredVariables,
): Promise<InstanceRun> {
  const run = new InstanceRun(definition, id);
  await run.start(toPlainValues(variables));
  return run;
}

/**
 * Writes what one run changed, in the command's transaction: the engine state and variables,
 * inserts and deletes of waits (tasks, timers, subscriptions) and the history rows.
 */
export interface PersistOptions {
  /** Commit in the same round trip (only when this is the transaction's last write). */
  commit?: boolean;
  /** Statements to run first, in the same batch. */
  before?: [string, unknown[]][];
}

export async function persistRun(
  cmd: InstanceCommand,
  isNew: boolean,
  options: PersistOptions = {},
): Promise<void> {
  const { row, run } = cmd;
  const batch = new StatementBatch();
  for (const [sql, params] of options.before ?? []) batch.add(sql, params);
  const failure = run.failure;
  if (failure) throw new EngineRestError(500, 'ProcessEngineException', failure);
  const previous: WaitIndex = isNew ? {} : JSON.parse(row.waits);
  const current: WaitIndex = {};
  if (!run.ended) for (const [id, wait] of run.waits) current[id] = wait.kind;
  const taskIds = insertWaits(
    cmd,
    batch,
    [...run.waits.values()].filter((w) => !previous[w.executionId] && current[w.executionId]),
  );
  deleteWaits(batch, row.id, previous, current);
  writeHistory(cmd, batch, taskIds);
  if (run.ended) {
    batch.add('DELETE FROM eng_process_instance WHERE id = ?', [row.id]);
    batch.add(...endHistoryStatement(row.id, 'COMPLETED', Date.now()));
    await batch.flush(cmd.conn, options.commit ?? false);
    return;
  }
  const state = await run.saveState();
  cmd.newRev = isNew ? 1 : row.rev + 1;
  const values = [state, JSON.stringify(cmd.variables), JSON.stringify(current)];
  if (isNew) {
    batch.add(
      `INSERT INTO eng_process_instance
        (id, definition_id, definition_key, business_key, start_activity_id, state, variables, waits, rev, created)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?)`,
      [
        row.id,
        row.definition_id,
        row.definition_key,
        row.business_key,
        row.start_activity_id,
        ...values,
        row.created,
      ],
    );
  } else {
    batch.add(
      'UPDATE eng_process_instance SET state = ?, variables = ?, waits = ?, start_activity_id = ?, rev = rev + 1 WHERE id = ?',
      [...values, row.start_activity_id, row.id],
    );
  }
  await batch.flush(cmd.conn, options.commit ?? false);
}

function insertWaits(
  cmd: InstanceCommand,
  batch: StatementBatch,
  waits: WaitState[],
): Map<string, string> {
  const taskIds = new Map<string, string>();
  const { row, definition } = cmd;
  const now = Date.now();
  const byKind = (kind: WaitKind) => waits.filter((w) => w.kind === kind);
  const external = byKind('external').map((w) => {
    const id = randomUUID();
    taskIds.set(w.executionId, id);
    cmd.effects.topics.set(w.topic!, (cmd.effects.topics.get(w.topic!) ?? 0) + 1);
    const local = w.localVariables ? JSON.stringify(mapValues(w.localVariables)) : null;
    return [
      id,
      row.id,
      w.executionId,
      w.activityId,
      w.topic,
      w.priority ?? 0,
      now,
      row.definition_id,
      row.definition_key,
      definition.row.version_tag,
      row.business_key,
      local,
    ];
  });
  if (external.length) {
    batch.add(
      `INSERT INTO eng_external_task (id, process_instance_id, execution_id, activity_id, topic_name, priority,
        create_time, definition_id, definition_key, version_tag, business_key, local_variables) VALUES ?`,
      [external],
    );
  }
  const user = byKind('user').map((w) => {
    const id = randomUUID();
    taskIds.set(w.executionId, id);
    const name = definition.fullModel.activities.get(w.activityId)?.name ?? null;
    return [
      id,
      row.id,
      w.executionId,
      w.activityId,
      name,
      w.assignee ?? null,
      w.formKey ?? null,
      now,
      row.definition_id,
      row.definition_key,
      row.business_key,
    ];
  });
  if (user.length) {
    batch.add(
      `INSERT INTO eng_user_task (id, process_instance_id, execution_id, activity_id, name, assignee, form_key,
        created, definition_id, definition_key, business_key) VALUES ?`,
      [user],
    );
    const links = byKind('user').flatMap((w) => {
      const taskId = taskIds.get(w.executionId);
      const link = (user: string | null, group: string | null) => [
        taskId,
        row.id,
        w.executionId,
        'candidate',
        user,
        group,
      ];
      return [
        ...(w.candidateUsers ?? []).map((u) => link(u, null)),
        ...(w.candidateGroups ?? []).map((g) => link(null, g)),
      ];
    });
    if (links.length) {
      batch.add(
        `INSERT INTO eng_task_identity_link (task_id, process_instance_id, execution_id, type, user_id,
          group_id) VALUES ?`,
        [links],
      );
    }
    // The task's history starts with it (Operaton's ACT_HI_TASKINST), as Tasklist's "done" lists read it.
    batch.add(
      `INSERT INTO eng_hist_task (id, process_instance_id, execution_id, activity_id, name, assignee,
        definition_id, definition_key, start_time) VALUES ?`,
      [user.map((u) => [u[0], u[1], u[2], u[3], u[4], u[5], u[8], u[9], u[7]])],
    );
  }
  const timers = byKind('timer').map((w) => [row.id, w.executionId, w.activityId, w.dueAt]);
  if (timers.length) {
    batch.add(
      'INSERT INTO eng_timer_job (process_instance_id, execution_id, activity_id, due_at) VALUES ?',
      [timers],
    );
    const earliest = Math.min(...byKind('timer').map((w) => w.dueAt!));
    cmd.effects.nextTimer = Math.min(cmd.effects.nextTimer ?? earliest, earliest);
  }
  const messages = byKind('message').map((w) => [
    row.id,
    w.executionId,
    w.activityId,
    w.messageName,
    w.messageId,
    row.business_key,
    now,
  ]);
  if (messages.length) {
    batch.add(
      `INSERT INTO eng_message_subscription (process_instance_id, execution_id, activity_id, message_name,
        message_id, business_key, created) VALUES ?`,
      [messages],
    );
  }
  return taskIds;
}

function mapValues(values: Record<string, unknown>): StoredVariables {
  const result: StoredVariables = {};
  for (const [name, value] of Object.entries(values)) result[name] = fromPlainValue(value);
  return result;
}

function deleteWaits(
  batch: StatementBatch,
  instanceId: string,
  previous: WaitIndex,
  current: WaitIndex,
): void {
  const gone = new Map<WaitKind, string[]>();
  for (const [executionId, kind] of Object.entries(previous)) {
    if (current[executionId]) continue;
    gone.set(kind, [...(gone.get(kind) ?? []), executionId]);
  }
  for (const [kind, ids] of gone) {
    if (kind === 'user') endUserTasksStatements(instanceId, ids).forEach((st) => batch.add(...st));
    batch.add(
      `DELETE FROM ${WAIT_TABLES[kind]} WHERE process_instance_id = ? AND execution_id IN (?)`,
      [instanceId, ids],
    );
  }
}

/** Statements deleting every wait of an instance (delete and modification cancel them all). */
export function deleteAllWaitsStatements(instanceId: string): [string, unknown[]][] {
  return [
    ...endUserTasksStatements(instanceId, null),
    ...Object.values(WAIT_TABLES).map((table): [string, unknown[]] => [
      `DELETE FROM ${table} WHERE process_instance_id = ?`,
      [instanceId],
    ]),
  ];
}

/**
 * Ends the history of user tasks that leave without being completed (a completion writes its own
 * end first, see completeUserTask): Operaton records them as `deleted`. Their candidates go with
 * them. `executionIds` null means every task of the instance.
 */
function endUserTasksStatements(
  instanceId: string,
  executionIds: string[] | null,
): [string, unknown[]][] {
  const which = executionIds ? ' AND execution_id IN (?)' : '';
  const params = executionIds ? [instanceId, executionIds] : [instanceId];
  return [
    [
      `UPDATE eng_hist_task SET end_time = ?, delete_reason = 'deleted', task_state = 'Deleted'
        WHERE process_instance_id = ?${which} AND end_time IS NULL`,
      [Date.now(), ...params],
    ],
    [`DELETE FROM eng_task_identity_link WHERE process_instance_id = ?${which}`, params],
  ];
}

/**
 * The statement that ends an instance's history: end time and state. No removal time, as the
 * platform's Operaton writes none (`historyRemovalTimeStrategy: none` in deploy/engine: its history
 * cleanup goes by end times).
 */
export function endHistoryStatement(
  instanceId: string,
  state: 'COMPLETED' | 'EXTERNALLY_TERMINATED',
  at: number,
): [string, unknown[]] {
  return [
    'UPDATE eng_hist_process_instance SET end_time = ?, state = ? WHERE id = ?',
    [at, state, instanceId],
  ];
}

/** Statement closing every open activity instance of a process instance as canceled. */
export function cancelOpenActivitiesStatement(instanceId: string): [string, unknown[]] {
  return [
    'UPDATE eng_hist_activity_instance SET end_time = ?, canceled = 1 WHERE process_instance_id = ? AND end_time IS NULL',
    [Date.now(), instanceId],
  ];
}

interface PendingActivity {
  values: unknown[];
  endIndex: number;
}

function writeHistory(
  cmd: InstanceCommand,
  batch: StatementBatch,
  taskIds: Map<string, string>,
): void {
  const { row, definition, run } = cmd;
  const inserts = new Map<string, PendingActivity>();
  const closes: { id: string; at: number; canceled: number }[] = [];
  for (const event of run.history) {
    const info = definition.fullModel.activities.get(event.activityId);
    if (!info) continue; // the synthetic start event of a derived definition
    if (event.kind === 'start' || event.kind === 'startEnd') {
      const wait = run.waits.get(event.executionId);
      const values = [
        event.executionId,
        row.id,
        event.parentIsProcess ? row.id : event.parentExecutionId,
        event.activityId,
        info.name,
        camundaActivityType(info),
        row.definition_id,
        row.definition_key,
        event.executionId,
        // Operaton links user tasks only (an external task is no task of the task service).
        (wait?.kind === 'user' && taskIds.get(event.executionId)) || null,
        wait?.assignee ?? null,
        event.at,
        event.kind === 'startEnd' ? event.at : null,
        0,
        info.type === 'bpmn:EndEvent' ? 1 : 0,
      ];
      inserts.set(event.executionId, { values, endIndex: 12 });
      continue;
    }
    const canceled = event.kind === 'cancel' ? 1 : 0;
    const pending = inserts.get(event.executionId);
    if (pending) {
      if (pending.values[pending.endIndex] === null) {
        pending.values[pending.endIndex] = event.at;
        pending.values[pending.endIndex + 1] = canceled;
      }
    } else {
      closes.push({ id: event.executionId, at: event.at, canceled });
    }
  }
  if (inserts.size) {
    batch.add(
      `INSERT INTO eng_hist_activity_instance (id, process_instance_id, parent_id, activity_id, activity_name,
        activity_type, definition_id, definition_key, execution_id, task_id, assignee, start_time, end_time,
        canceled, complete_scope) VALUES ?`,
      [[...inserts.values()].map((p) => p.values)],
    );
  }
  for (const close of closes) {
    batch.add(
      'UPDATE eng_hist_activity_instance SET end_time = ?, canceled = ? WHERE process_instance_id = ? AND id = ? AND end_time IS NULL',
      [close.at, close.canceled, row.id, close.id],
    );
  }
}
