import { Injectable } from '@nestjs/common';
import {
  type BpmTaskActionView,
  type BpmTaskTimelineView,
  type BpmTaskView,
  DomainError,
  type Language,
  type PageView,
  renderMessage,
} from '@platform/contracts';
import type {
  Caller,
  TaskApproveBody,
  TaskCommentBody,
  TaskDelegateBody,
  TaskPageQuery,
  TaskRejectBody,
  TaskTransferBody,
} from '@platform/contracts/dto';
import {
  CamundaRestError,
  type HistoricTaskInstanceDto,
  type PageParams,
  type TaskDto,
  type TaskQueryDto,
} from '@platform/engine-client';
import type { DataSource } from 'typeorm';

import { contains as likeOf, iso, pageOf } from '../common/commands';
import { InjectWorkflowDb } from '../database/inject';
import { EngineConnection } from '../engine/engine-connection';
import { toTypedVariables } from './engine-variables';
import { IdentityClient } from './identity-client';
import { type InstanceRow, ProcessInstancesService } from './process-instances.service';
import { TaskForms } from './task-forms';
import { announceTask, newsOf } from './task-news';

type Action = BpmTaskActionView['action'];

interface ActionRow {
  task_id: string;
  user_id: string;
  action: Action;
  target_user_id: string | null;
  reason: string;
  create_time: Date;
}

/** The engine keeps platform user ids as strings. */
const userOf = (value: string | null | undefined) => (value ? Number(value) : null);

/**
 * People's tasks on the engine: to-do and done lists, and approve, reject, transfer and delegate.
 * A task is the caller's when the engine names them its assignee, or offers it to them as a
 * candidate (then acting claims it first); any other task answers 403, an unknown one 404.
 */
@Injectable()
export class BpmTasksService {
  constructor(
    @InjectWorkflowDb() private readonly db: DataSource,
    private readonly engine: EngineConnection,
    private readonly instances: ProcessInstancesService,
    private readonly identity: IdentityClient,
    private readonly forms: TaskForms,
  ) {}

  /**
   * Assigned to the caller, or offered to them and not yet claimed, of the platform's processes;
   * newest first. One page and its count asked of the engine (Camunda's POST /task with orQueries).
   */
  async todoPage(query: TaskPageQuery, caller: Caller): Promise<PageView<BpmTaskView>> {
    const keys = await this.processKeys();
    if (!keys.length) return { rows: [], total: 0 };
    const me = String(caller.userId);
    const filter: TaskQueryDto = {
      processDefinitionKeyIn: keys,
      orQueries: [{ assignee: me, candidateUser: me }],
      ...(query.name ? { nameLike: likeOf(query.name) } : {}),
    };
    const [tasks, total] = await Promise.all([
      this.engine.client.queryTasks(
        { ...filter, sorting: [{ sortBy: 'created', sortOrder: 'desc' }] },
        enginePage(query),
      ),
      this.engine.client.queryTaskCount(filter),
    ]);
    const rows = await this.views(
      tasks.map((t) => ({ ...t, startTime: t.created, endTime: null })),
    );
    return { rows, total };
  }

  /**
   * Tasks the caller finished (approved, or ended by their rejection), last finished first; one
   * page and its count asked of the engine's history.
   */
  async donePage(query: TaskPageQuery, caller: Caller): Promise<PageView<BpmTaskView>> {
    const filter = {
      taskAssignee: String(caller.userId),
      finished: true,
      ...(query.name ? { taskNameLike: likeOf(query.name) } : {}),
    };
    const [done, total] = await Promise.all([
      this.engine.client.historicTasks({
        ...filter,
        sortBy: 'endTime',
        sortOrder: 'desc',
        ...enginePage(query),
      }),
      this.engine.client.historicTaskCount(filter),
    ]);
    return { rows: await this.views(done), total };
  }

  /** The keys of the processes people run here (not agent workflows) with instances open. */
  private async processKeys(): Promise<string[]> {
    const rows: { process_definition_key: string }[] = await this.db.query(
      "SELECT DISTINCT process_definition_key FROM bpm_process_instance_ext WHERE status = 'running'",
    );
    return rows.map((r) => r.process_definition_key);
  }

  /** Approves: completes the task, or hands a delegated one back to its owner (resolve). */
  async approve(body: TaskApproveBody, caller: Caller): Promise<void> {
    const task = await this.mine(body.id, caller);
    if (task.delegationState === 'PENDING') {
      await this.engine.client.resolveTask(task.id);
      await this.record(task, caller, 'resolve', null, body.reason);
      return;
    }
    const values = await this.forms.checkedValues(task.formKey, body.variables ?? {});
    await this.engine.client.completeTask(task.id, { variables: toTypedVariables(values) });
    await this.record(task, caller, 'approve', null, body.reason);
    await this.instances.addVariables(task.processInstanceId, values);
    await this.instances.settle(task.processInstanceId);
  }

  /** Rejects: the instance ends there, rejected, with the reason. */
  async reject(body: TaskRejectBody, caller: Caller): Promise<void> {
    const task = await this.mine(body.id, caller);
    const row = await this.instances.find(task.processInstanceId);
    await this.record(task, caller, 'reject', null, body.reason);
    await this.instances.end(row, 'rejected', body.reason);
  }

  /** Transfers: another user becomes the assignee for good. */
  async transfer(body: TaskTransferBody, caller: Caller): Promise<void> {
    const task = await this.mine(body.id, caller);
    await this.assertUser(body.assigneeUserId);
    await this.engine.client.setTaskAssignee(task.id, String(body.assigneeUserId));
    await this.record(task, caller, 'transfer', body.assigneeUserId, body.reason);
    await announceTask(this.db, newsOf(task), [body.assigneeUserId]);
  }

  /** Delegates: another user works on it, then approving hands it back to the caller. */
  async delegate(body: TaskDelegateBody, caller: Caller): Promise<void> {
    const task = await this.mine(body.id, caller);
    await this.assertUser(body.delegateUserId);
    await this.engine.client.delegateTask(task.id, String(body.delegateUserId));
    await this.record(task, caller, 'delegate', body.delegateUserId, body.reason);
    await announceTask(this.db, newsOf(task), [body.delegateUserId]);
  }

  /**
   * Comments a task, open or ended, of an instance the caller may see (403 for anyone else): the
   * engine keeps the comment with the task and its instance, so Tasklist and Cockpit show it, and
   * the timeline keeps who wrote it (the engine only knows the platform's service account).
   */
  async comment(body: TaskCommentBody, caller: Caller): Promise<void> {
    const [task] = await this.engine.client.historicTasks({ taskId: body.id });
    if (!task) throw new DomainError('bpm.task_not_found', {}, 404);
    await this.instances.visible(task.processInstanceId, caller);
    await this.engine.client.createTaskComment(task.id, body.reason, task.processInstanceId);
    await this.record(task, caller, 'comment', null, body.reason);
  }

  /** The instance's tasks in order, with what people did on each: the timeline. */
  async listByInstance(
    processInstanceId: string,
    caller: Caller,
    lang: Language,
  ): Promise<BpmTaskTimelineView[]> {
    const row = await this.instances.visible(processInstanceId, caller);
    const tasks = await this.engine.client.historicTasks({
      processInstanceId,
      sortBy: 'startTime',
      sortOrder: 'asc',
    });
    const actions: ActionRow[] = await this.db.query(
      'SELECT * FROM bpm_task_action WHERE process_instance_id = ? ORDER BY id',
      [processInstanceId],
    );
    const fallbacks: { task_id: string; rule_type: string }[] = await this.db.query(
      'SELECT task_id, rule_type FROM bpm_task_assignment WHERE process_instance_id = ? AND fallback = 1',
      [processInstanceId],
    );
    const forms = await this.forms.byTask(row.process_definition_id);
    const timeline: BpmTaskTimelineView[] = [];
    for (const task of tasks) {
      const own = actions.filter((a) => a.task_id === task.id).map(actionView);
      const fallback = fallbacks.find((f) => f.task_id === task.id);
      timeline.push({
        ...this.view(task, row),
        result: resultOf(task, own),
        actions: own,
        candidateUserIds: task.endTime ? [] : await this.candidatesOf(task.id),
        note: fallback ? renderMessage('bpm.rule_nobody', lang, { type: fallback.rule_type }) : '',
        form: forms.get(task.taskDefinitionKey) ?? null,
      });
    }
    return timeline;
  }

  /** A task goes only to a live, enabled user (identity's current data). */
  private async assertUser(userId: number): Promise<void> {
    const found = await this.identity.assigneeIds({ dimension: 'user', ids: [userId] });
    if (!found.length) throw new DomainError('bpm.task_user_not_found', {}, 404);
  }

  private async candidatesOf(taskId: string): Promise<number[]> {
    const links = await this.engine.client.taskIdentityLinks(taskId, 'candidate');
    return links.flatMap((link) => (link.userId ? [Number(link.userId)] : []));
  }

  /**
   * The task if the caller may act on it: theirs, or offered to them and free (claimed now, so a
   * second candidate is refused). Unknown ids are 404, anyone else's 403.
   */
  private async mine(id: string, caller: Caller): Promise<TaskDto> {
    const task = await this.engine.client.getTask(id).catch((error: unknown) => {
      if (error instanceof CamundaRestError && error.status === 404) {
        throw new DomainError('bpm.task_not_found', {}, 404);
      }
      throw error;
    });
    const me = String(caller.userId);
    if (task.assignee === me) return task;
    if (!task.assignee) {
      const links = await this.engine.client.taskIdentityLinks(id, 'candidate');
      if (links.some((link) => link.userId === me)) {
        await this.engine.client.claimTask(id, me);
        return { ...task, assignee: me };
      }
    }
    throw new DomainError('bpm.task_forbidden', {}, 403);
  }

  private async record(
    task: Pick<TaskDto, 'id' | 'processInstanceId' | 'taskDefinitionKey'>,
    caller: Caller,
    action: Action,
    targetUserId: number | null,
    reason: string,
  ): Promise<void> {
    await this.db.query(
      `INSERT INTO bpm_task_action (task_id, process_instance_id, task_definition_key, user_id,
        action, target_user_id, reason) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      [
        task.id,
        task.processInstanceId,
        task.taskDefinitionKey,
        caller.userId,
        action,
        targetUserId,
        reason,
      ],
    );
  }

  private async views(tasks: TaskLike[]): Promise<BpmTaskView[]> {
    const ids = [...new Set(tasks.map((t) => t.processInstanceId))];
    const rows: InstanceRow[] = ids.length
      ? await this.db.query(
          'SELECT * FROM bpm_process_instance_ext WHERE process_instance_id IN (?)',
          [ids],
        )
      : [];
    const byId = new Map(rows.map((r) => [r.process_instance_id, r]));
    // Tasks of processes not started here are not people's tasks. The engine's task history cannot
    // filter by process key, so an agent workflow's task a designer assigned to a user's id would
    // count in the done list's total without a row (mission tasks are otherwise never assigned).
    return tasks
      .filter((t) => byId.has(t.processInstanceId))
      .map((t) => this.view(t, byId.get(t.processInstanceId)!));
  }

  private view(task: TaskLike, row: InstanceRow): BpmTaskView {
    return {
      id: task.id,
      name: task.name,
      taskDefinitionKey: task.taskDefinitionKey,
      processInstanceId: task.processInstanceId,
      processInstanceName: row.name,
      startUserId: Number(row.start_user_id),
      assigneeUserId: userOf(task.assignee),
      ownerUserId: userOf(task.owner),
      delegationState: 'delegationState' in task ? (task.delegationState ?? null) : null,
      createTime: isoOf(task.startTime),
      endTime: task.endTime ? isoOf(task.endTime) : null,
    };
  }
}

type TaskLike =
  | (TaskDto & { startTime: string; endTime: null })
  | (HistoricTaskInstanceDto & { delegationState?: undefined });

/** Camunda's `2026-01-01T00:00:00.000+0000` as ISO 8601 with Z, as the platform's times are. */
function isoOf(camunda: string): string {
  return iso(new Date(camunda.replace(/([+-]\d{2})(\d{2})$/, '$1:$2')));
}

function actionView(row: ActionRow): BpmTaskActionView {
  return {
    action: row.action,
    userId: Number(row.user_id),
    targetUserId: userOf(row.target_user_id),
    reason: row.reason,
    time: iso(row.create_time),
  };
}

function resultOf(
  task: HistoricTaskInstanceDto,
  actions: BpmTaskActionView[],
): BpmTaskTimelineView['result'] {
  if (!task.endTime) return 'running';
  if (actions.some((a) => a.action === 'reject')) return 'rejected';
  return task.deleteReason === 'completed' ? 'approved' : 'cancelled';
}

/** The platform's page as Camunda's firstResult / maxResults. */
function enginePage(query: { pageNum?: number; pageSize?: number }): PageParams {
  const { skip, take } = pageOf(query);
  return { firstResult: skip, maxResults: take };
}
