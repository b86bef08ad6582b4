import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { TaskAssignScript } from '@platform/contracts';
import { formatCamundaDate, type TaskDto } from '@platform/engine-client';
import type { DataSource } from 'typeorm';

import { InjectWorkflowDb } from '../database/inject';
import { EngineConnection } from '../engine/engine-connection';
import { BpmModel, TaskAssignRule, UserGroup } from './bpm.entities';
import { IdentityClient } from './identity-client';
import { announceTask, newsOf } from './task-news';

/** How often the sweep looks for tasks no command of ours created (ms). */
const SWEEP_MS = 10_000;
/** The sweep reads tasks created since its last run, with this overlap for clock and commit lag. */
const SWEEP_OVERLAP_MS = 60_000;

interface StarterRow {
  start_user_id: string;
}

/**
 * Applies the task assignment rules (bpm/manager/model) when a people's task appears: the rule kept
 * for the task's model and key names users from identity's current data, and they become the
 * engine's own assignee (one user) or candidate users (several), so Tasklist and Cockpit show them.
 * A rule that names nobody gives the task to the administrators as candidates, recorded as such.
 *
 * Why here and not in the BPMN: the engine gate refuses listeners and expressions in assignees, so
 * neither engine can call back when a task is created. Instead the workflow service looks right after
 * each of its own commands that move a people's process (start, approve): those are the only way one
 * advances on the platform, so the task is assigned before the call answers. A sweep over the
 * engine's new tasks (GET /task?createdAfter=…) catches the rest (an instance moved in Cockpit). Both
 * work the same on Operaton and the embedded engine, and bpm_task_assignment's key makes either
 * apply a rule once per task.
 */
@Injectable()
export class TaskAssignmentService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(TaskAssignmentService.name);
  private timer: NodeJS.Timeout | null = null;
  private sweptUntil = Date.now() - SWEEP_OVERLAP_MS;
  private readonly keys = new Map<string, string>();

  constructor(
    @InjectWorkflowDb() private readonly db: DataSource,
    private readonly engine: EngineConnection,
    private readonly identity: IdentityClient,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => {
      this.sweep().catch((error: unknown) =>
        this.logger.warn(`task assignment sweep: ${String(error)}`),
      );
    }, SWEEP_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Applies the rules to the instance's open tasks that have none applied yet. */
  async assignOpenTasks(processInstanceId: string): Promise<void> {
    const tasks = await this.engine.client.tasks({ processInstanceId });
    for (const task of tasks) await this.assign(task);
  }

  private async sweep(): Promise<void> {
    const since = this.sweptUntil - SWEEP_OVERLAP_MS;
    this.sweptUntil = Date.now();
    const tasks = await this.engine.client.tasks({ createdAfter: formatCamundaDate(since)! });
    for (const task of tasks) await this.assign(task);
  }

  private async assign(task: TaskDto): Promise<void> {
    const starter: StarterRow[] = await this.db.query(
      'SELECT start_user_id FROM bpm_process_instance_ext WHERE process_instance_id = ?',
      [task.processInstanceId],
    );
    if (!starter[0]) return; // not a people's process (an agent workflow's task)
    const rule = await this.ruleOf(task);
    if (!rule) {
      // No rule: the people drawn in the diagram keep it, and hear of it.
      const drawn = await this.drawnPeople(task);
      if (await this.claim(task, null, drawn, false))
        await announceTask(this.db, newsOf(task), drawn);
      return;
    }
    const users = await this.usersOf(rule, Number(starter[0].start_user_id));
    const fallback = users.length === 0;
    const given = fallback
      ? await this.identity.assigneeIds({ dimension: 'admins', ids: [] })
      : users;
    if (!(await this.claim(task, rule.type, given, fallback))) return; // applied already
    await this.give(task, given, fallback);
    await announceTask(this.db, newsOf(task), given);
  }

  /** Records the task as handled; false when a command or the sweep got there first. */
  private async claim(
    task: TaskDto,
    ruleType: string | null,
    users: number[],
    fallback: boolean,
  ): Promise<boolean> {
    const claimed = (await this.db.query(
      `INSERT IGNORE INTO bpm_task_assignment (task_id, process_instance_id, rule_type, user_ids, fallback)
        VALUES (?, ?, ?, ?, ?)`,
      [task.id, task.processInstanceId, ruleType, JSON.stringify(users), fallback ? 1 : 0],
    )) as { affectedRows: number };
    return claimed.affectedRows > 0;
  }

  /** The literal assignee and candidate users of a task without a rule (platform user ids). */
  private async drawnPeople(task: TaskDto): Promise<number[]> {
    const links = await this.engine.client.taskIdentityLinks(task.id);
    const ids = links
      .filter((link) => link.type === 'assignee' || link.type === 'candidate')
      .map((link) => Number(link.userId))
      .filter((id) => Number.isSafeInteger(id) && id > 0);
    return [...new Set(ids)];
  }

  /** One person is the assignee; several (or the administrators) are candidates. */
  private async give(task: TaskDto, users: number[], fallback: boolean): Promise<void> {
    if (users.length === 1 && !fallback) {
      await this.engine.client.setTaskAssignee(task.id, String(users[0]));
      return;
    }
    for (const user of users) {
      await this.engine.client.addTaskIdentityLink(task.id, { userId: String(user) });
    }
  }

  private async ruleOf(task: TaskDto): Promise<TaskAssignRule | null> {
    const key = await this.keyOf(task.processDefinitionId);
    const model = await this.db.getRepository(BpmModel).findOneBy({ key });
    if (!model) return null;
    return this.db
      .getRepository(TaskAssignRule)
      .findOneBy({ modelId: model.id, taskDefinitionKey: task.taskDefinitionKey });
  }

  /**
   * A definition's process key. Not parsed from its id: Operaton makes ids of long keys (over 64
   * characters with version and uuid) from its id generator alone. Definitions never change.
   */
  private async keyOf(definitionId: string): Promise<string> {
    let key = this.keys.get(definitionId);
    if (!key) {
      key = (await this.engine.client.getProcessDefinition(definitionId)).key;
      this.keys.set(definitionId, key);
    }
    return key;
  }

  /** The users the rule names now (identity's live, enabled users only). */
  private async usersOf(rule: TaskAssignRule, starter: number): Promise<number[]> {
    const ids = rule.options.filter((o): o is number => typeof o === 'number');
    switch (rule.type) {
      case 'role':
      case 'post':
      case 'deptMember':
      case 'deptLeader':
      case 'user':
        return this.identity.assigneeIds({ dimension: rule.type, ids });
      case 'userGroup':
        return this.groupMembers(ids);
      case 'script':
        return this.scriptUsers(rule.options as TaskAssignScript[], starter);
    }
  }

  private async groupMembers(groupIds: number[]): Promise<number[]> {
    if (!groupIds.length) return [];
    const groups = await this.db
      .getRepository(UserGroup)
      .findBy(groupIds.map((id) => ({ id, status: '0' as const })));
    const members = [...new Set(groups.flatMap((g) => g.memberUserIds))];
    return members.length ? this.identity.assigneeIds({ dimension: 'user', ids: members }) : [];
  }

  /** The built-in scripts: the starter, the head of the starter's department, or of the one above. */
  private async scriptUsers(scripts: TaskAssignScript[], starter: number): Promise<number[]> {
    const found = new Set<number>();
    for (const script of scripts) {
      const users =
        script === 'starter'
          ? await this.identity.assigneeIds({ dimension: 'user', ids: [starter] })
          : await this.identity.assigneeIds({
              dimension: 'starterDeptLeader',
              ids: [starter],
              level: script === 'starterDeptLeader2' ? 2 : 1,
            });
      users.forEach((u) => found.add(u));
    }
    return [...found];
  }
}
