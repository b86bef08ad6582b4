import { randomUUID } from 'node:crypto';

import { type CommentDto, formatCamundaDate, type IdentityLinkDto } from '@platform/engine-client';

import type { EngineDatabase } from '../db/engine-database';
import { badRequest, engineError, notFound } from '../rest/camunda-errors';

/** Who answers for an unknown task, as Operaton's commands do (each raises its own exception). */
type Missing = 'null-value' | 'not-found';

interface TaskPeople {
  id: string;
  process_instance_id: string;
  execution_id: string;
  assignee: string | null;
  owner: string | null;
}

/**
 * The task service's people calls on user tasks (claim, assignee, delegate, resolve, candidates):
 * each changes one row and its history, and marks the task updated as Operaton does (lastUpdated,
 * taskState `Updated`). Completing a task runs the process and lives in ProcessEngine.
 */
export class UserTaskService {
  constructor(private readonly db: EngineDatabase) {}

  /** POST /task/{id}/claim: refused when someone else holds the task. */
  async claim(id: string, userId: string | null): Promise<void> {
    const task = await this.find(id, 'null-value');
    if (userId && task.assignee && task.assignee !== userId) {
      throw engineError(
        500,
        'TaskAlreadyClaimedException',
        `Task '${id}' is already claimed by someone else.`,
      );
    }
    await this.update(task.id, { assignee: userId || null });
  }

  /** POST /task/{id}/unclaim. */
  async unclaim(id: string): Promise<void> {
    const task = await this.find(id, 'not-found');
    await this.update(task.id, { assignee: null });
  }

  /** POST /task/{id}/assignee: sets (or clears) the assignee whoever held it. */
  async setAssignee(id: string, userId: string | null): Promise<void> {
    const task = await this.find(id, 'not-found');
    await this.update(task.id, { assignee: userId || null });
  }

  /** POST /task/{id}/delegate: the assignee becomes the owner (unless there is one) until resolved. */
  async delegate(id: string, userId: string | null): Promise<void> {
    const task = await this.find(id, 'null-value');
    await this.update(task.id, {
      owner: task.owner ?? task.assignee,
      assignee: userId || null,
      delegation_state: 'PENDING',
    });
  }

  /** POST /task/{id}/resolve: back to the owner. */
  async resolve(id: string): Promise<void> {
    const task = await this.find(id, 'null-value');
    await this.update(task.id, { assignee: task.owner, delegation_state: 'RESOLVED' });
  }

  /**
   * GET /task/{id}/identity-links: the candidates in the order they were added, then the assignee
   * and the owner as links of their own (Operaton's GetIdentityLinksForTaskCmd adds those two).
   */
  async identityLinks(id: string, type: string | undefined): Promise<IdentityLinkDto[]> {
    const task = await this.find(id, 'null-value');
    const [rows] = await this.db.pool.query(
      'SELECT user_id, group_id, type FROM eng_task_identity_link WHERE task_id = ? ORDER BY seq',
      [id],
    );
    const links: IdentityLinkDto[] = (
      rows as { user_id: string | null; group_id: string | null; type: string }[]
    ).map((r) => ({ userId: r.user_id, groupId: r.group_id, type: r.type }));
    if (task.assignee) links.push({ userId: task.assignee, groupId: null, type: 'assignee' });
    if (task.owner) links.push({ userId: task.owner, groupId: null, type: 'owner' });
    return type ? links.filter((link) => link.type === type) : links;
  }

  /** POST /task/{id}/identity-links: a candidate user or group (or another link type). */
  async addIdentityLink(id: string, link: Partial<IdentityLinkDto>): Promise<void> {
    const task = await this.find(id, 'not-found');
    if (!link.userId && !link.groupId) {
      throw badRequest('Identity Link requires userId or groupId.');
    }
    await this.db.transaction((conn) =>
      conn.queryAndCommit(
        `INSERT INTO eng_task_identity_link (task_id, process_instance_id, execution_id, type, user_id, group_id)
          VALUES (?, ?, ?, ?, ?, ?);
         ${TOUCH_SQL}`,
        [
          task.id,
          task.process_instance_id,
          task.execution_id,
          link.type ?? 'candidate',
          link.userId ?? null,
          link.groupId ?? null,
          ...touchParams(task.id),
        ],
      ),
    );
  }

  /**
   * POST /task/{id}/comment/create: on any task its history knows (open or ended). As in Operaton,
   * the comment keeps the processInstanceId of the request (not the task's), the caller as userId,
   * and the root instance only while the task is open.
   */
  async addComment(
    taskId: string,
    dto: { message?: string | null; processInstanceId?: string | null },
    userId: string,
  ): Promise<CommentDto> {
    const [history] = await this.db.pool.query('SELECT id FROM eng_hist_task WHERE id = ?', [
      taskId,
    ]);
    if (!(history as unknown[]).length) throw badRequest(`No task found for task id ${taskId}`);
    if (typeof dto.message !== 'string') {
      // Operaton wraps the engine's NullValueException, so the body carries its code 0.
      throw engineError(400, 'InvalidRequestException', 'Not enough parameters submitted');
    }
    const [open] = await this.db.pool.query(
      'SELECT process_instance_id FROM eng_user_task WHERE id = ?',
      [taskId],
    );
    const root = (open as { process_instance_id: string }[])[0]?.process_instance_id ?? null;
    const comment: CommentRow = {
      id: randomUUID(),
      task_id: taskId,
      process_instance_id: dto.processInstanceId ?? null,
      root_process_instance_id: root,
      user_id: userId,
      time: Date.now(),
      message: dto.message,
    };
    const statements = [
      `INSERT INTO eng_comment (id, task_id, process_instance_id, root_process_instance_id, user_id, time, message)
        VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ];
    const params: unknown[] = Object.values(comment);
    if (root) {
      // Operaton marks an open task updated when it is commented.
      statements.push(TOUCH_SQL);
      params.push(...touchParams(taskId));
    }
    await this.db.transaction((conn) => conn.queryAndCommit(statements.join(';\n'), params));
    return commentDto(comment);
  }

  /** GET /task/{id}/comment: newest first; 404 for a task its history does not know. */
  async taskComments(taskId: string): Promise<CommentDto[]> {
    const [history] = await this.db.pool.query('SELECT id FROM eng_hist_task WHERE id = ?', [
      taskId,
    ]);
    if (!(history as unknown[]).length) throw notFound(`No task found for task id ${taskId}`);
    return this.comments('task_id', taskId);
  }

  /** GET /process-instance/{id}/comment: those made with its id, newest first. */
  async instanceComments(instanceId: string): Promise<CommentDto[]> {
    const [history] = await this.db.pool.query(
      'SELECT id FROM eng_hist_process_instance WHERE id = ?',
      [instanceId],
    );
    if (!(history as unknown[]).length) {
      throw notFound(`No process instance found for id ${instanceId}`);
    }
    return this.comments('process_instance_id', instanceId);
  }

  private async comments(
    column: 'task_id' | 'process_instance_id',
    id: string,
  ): Promise<CommentDto[]> {
    // A comment made while its root instance ran is removed with that instance's history.
    const [rows] = await this.db.pool.query(
      `SELECT c.id, c.task_id, c.process_instance_id, c.root_process_instance_id, c.user_id, c.time,
          c.message, h.removal_time
        FROM eng_comment c LEFT JOIN eng_hist_process_instance h ON h.id = c.root_process_instance_id
        WHERE c.${column} = ? ORDER BY c.time DESC, c.seq DESC`,
      [id],
    );
    // Read back, Operaton's comments carry an empty list of links.
    return (rows as CommentRow[]).map((row) => ({ links: [], ...commentDto(row) }));
  }

  private async find(id: string, missing: Missing): Promise<TaskPeople> {
    const [rows] = await this.db.pool.query(
      'SELECT id, process_instance_id, execution_id, assignee, owner FROM eng_user_task WHERE id = ?',
      [id],
    );
    const task = (rows as TaskPeople[])[0];
    if (task) return task;
    const message = `Cannot find task with id ${id}: task is null`;
    throw missing === 'null-value'
      ? engineError(500, 'NullValueException', message)
      : engineError(400, 'NotFoundException', message);
  }

  /** Writes the task's people and mirrors them into its history in one transaction. */
  private async update(
    id: string,
    changes: { assignee?: string | null; owner?: string | null; delegation_state?: string },
  ): Promise<void> {
    const columns = Object.keys(changes);
    const values = Object.values(changes);
    const history = columns.filter((c) => c !== 'delegation_state');
    const set = (cols: string[]) => cols.map((c) => `${c} = ?`).join(', ');
    const historyValues = history.map((c) => changes[c as keyof typeof changes]);
    const statements = [`UPDATE eng_user_task SET ${set(columns)} WHERE id = ?`];
    const params: unknown[] = [...values, id];
    if (history.length) {
      statements.push(`UPDATE eng_hist_task SET ${set(history)} WHERE id = ?`);
      params.push(...historyValues, id);
    }
    statements.push(TOUCH_SQL);
    params.push(...touchParams(id));
    await this.db.transaction((conn) => conn.queryAndCommit(statements.join(';\n'), params));
  }
}

/** Marks a task (and its history) updated, as any change of Operaton's task does. */
const TOUCH_SQL = `UPDATE eng_user_task SET last_updated = ? WHERE id = ?;
  UPDATE eng_hist_task SET task_state = 'Updated' WHERE id = ? AND end_time IS NULL`;

function touchParams(id: string): unknown[] {
  return [Date.now(), id, id];
}

interface CommentRow {
  id: string;
  task_id: string | null;
  process_instance_id: string | null;
  root_process_instance_id: string | null;
  user_id: string | null;
  time: number;
  message: string;
  removal_time?: number | null;
}

function commentDto(row: CommentRow): CommentDto {
  return {
    id: row.id,
    userId: row.user_id,
    time: formatCamundaDate(Number(row.time))!,
    taskId: row.task_id,
    processInstanceId: row.process_instance_id,
    message: row.message,
    removalTime: row.removal_time ? formatCamundaDate(Number(row.removal_time)) : null,
    rootProcessInstanceId: row.root_process_instance_id,
  };
}
