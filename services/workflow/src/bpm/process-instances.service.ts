import { Injectable } from '@nestjs/common';
import {
  BPM_DEFINITION_STATE,
  DomainError,
  type PageView,
  type ProcessDefinitionDetailView,
  type ProcessDefinitionView,
  type ProcessInstanceDetailView,
  type ProcessInstanceStatus,
  type ProcessInstanceView,
} from '@platform/contracts';
import type {
  Caller,
  MyProcessInstancePageQuery,
  ProcessDefinitionPageQuery,
  ProcessInstanceCancelBody,
  ProcessInstanceCreateBody,
} from '@platform/contracts/dto';
import { CamundaRestError, type ProcessDefinitionDto } from '@platform/engine-client';
import type { DataSource } from 'typeorm';

import { contains, iso, pageOf } from '../common/commands';
import { InjectWorkflowDb } from '../database/inject';
import { EngineConnection } from '../engine/engine-connection';
import { deleteProcessInstanceSurely } from '../engine/instance-deletion';
import { BpmForm, BpmModel } from './bpm.entities';
import { toTypedVariables } from './engine-variables';
import { TaskAssignmentService } from './task-assignment.service';

/** Running instances checked per history query when a list settles them. */
const SETTLE_BATCH = 100;

/** A row of bpm_process_instance_ext (see its migration for why it exists). */
export interface InstanceRow {
  process_instance_id: string;
  process_definition_id: string;
  process_definition_key: string;
  name: string;
  category: string;
  start_user_id: string;
  status: ProcessInstanceStatus;
  reason: string;
  variables: string | Record<string, unknown>;
  create_time: Date;
  end_time: Date | null;
}

export function instanceView(row: InstanceRow): ProcessInstanceView {
  return {
    id: row.process_instance_id,
    processDefinitionId: row.process_definition_id,
    processDefinitionKey: row.process_definition_key,
    name: row.name,
    category: row.category,
    startUserId: Number(row.start_user_id),
    status: row.status,
    reason: row.reason,
    createTime: iso(row.create_time),
    endTime: row.end_time ? iso(row.end_time) : null,
  };
}

export function variablesOf(row: InstanceRow): Record<string, unknown> {
  return typeof row.variables === 'string' ? JSON.parse(row.variables) : row.variables;
}

/**
 * Deployed definitions and the instances people start from them. Only the platform's own models
 * can be started here (the engine also holds the agent workflows' definitions, which missions run).
 */
@Injectable()
export class ProcessInstancesService {
  constructor(
    @InjectWorkflowDb() private readonly db: DataSource,
    private readonly engine: EngineConnection,
    private readonly assignments: TaskAssignmentService,
  ) {}

  /**
   * The models' current deployments, with the engine's suspension state. The engine keeps that
   * state (Cockpit may change it too), so a page filtered by it is cut after asking the engine.
   */
  async definitionPage(
    query: ProcessDefinitionPageQuery,
  ): Promise<PageView<ProcessDefinitionView>> {
    const qb = this.db
      .getRepository(BpmModel)
      .createQueryBuilder('m')
      .where('m.processDefinitionId IS NOT NULL')
      .orderBy('m.id', 'DESC');
    if (query.name) qb.andWhere('m.name LIKE :name', { name: contains(query.name) });
    if (query.key) qb.andWhere('m.key LIKE :key', { key: contains(query.key) });
    if (query.category) qb.andWhere('m.category = :category', { category: query.category });
    const { skip, take } = pageOf(query);
    if (query.suspensionState) {
      const suspended = query.suspensionState === BPM_DEFINITION_STATE.suspended;
      const all = await Promise.all((await qb.getMany()).map((m) => this.definitionView(m)));
      const matching = all.filter((d) => d.suspended === suspended);
      return { rows: matching.slice(skip, skip + take), total: matching.length };
    }
    const [models, total] = await qb.skip(skip).take(take).getManyAndCount();
    const rows = await Promise.all(models.map((model) => this.definitionView(model)));
    return { rows, total };
  }

  /** Starts the definition with the caller as initiator and the form's values as typed variables. */
  async create(body: ProcessInstanceCreateBody, caller: Caller): Promise<string> {
    const { definition, model } = await this.startable(body.processDefinitionId);
    const values = body.variables ?? {};
    const variables = toTypedVariables({ ...values, initiator: String(caller.userId) });
    const started = await this.engine.client.startProcessInstance(definition.id, { variables });
    await this.db.query(
      `INSERT INTO bpm_process_instance_ext (process_instance_id, process_definition_id,
        process_definition_key, name, category, start_user_id, variables) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      [
        started.id,
        definition.id,
        definition.key,
        model.name,
        model.category,
        caller.userId,
        JSON.stringify(values),
      ],
    );
    // An instance with no wait state has already ended by the time start answers.
    if (started.ended) await this.finish(started.id, 'approved', '');
    else await this.assignments.assignOpenTasks(started.id);
    return started.id;
  }

  async myPage(
    query: MyProcessInstancePageQuery,
    caller: Caller,
  ): Promise<PageView<ProcessInstanceView>> {
    await this.settleRunning(caller.userId);
    const where = ['start_user_id = ?'];
    const params: unknown[] = [caller.userId];
    if (query.name) {
      where.push('name LIKE ?');
      params.push(contains(query.name));
    }
    if (query.status) {
      where.push('status = ?');
      params.push(query.status);
    }
    const { skip, take } = pageOf(query);
    const clause = where.join(' AND ');
    const rows: InstanceRow[] = await this.db.query(
      `SELECT * FROM bpm_process_instance_ext WHERE ${clause} ORDER BY id DESC LIMIT ? OFFSET ?`,
      [...params, take, skip],
    );
    const [{ n }] = await this.db.query(
      `SELECT COUNT(*) AS n FROM bpm_process_instance_ext WHERE ${clause}`,
      params,
    );
    return { rows: rows.map(instanceView), total: Number(n) };
  }

  /** The instance with its variables and the diagram's markers; for those who may see it. */
  async get(id: string, caller: Caller): Promise<ProcessInstanceDetailView> {
    const row = await this.visible(id, caller);
    const activities = await this.engine.client.historicActivityInstances({
      processInstanceId: id,
    });
    const rejected: { task_definition_key: string }[] = await this.db.query(
      "SELECT task_definition_key FROM bpm_task_action WHERE process_instance_id = ? AND action = 'reject'",
      [id],
    );
    const rejectedKeys = rejected.map((r) => r.task_definition_key);
    return {
      ...instanceView(row),
      variables: variablesOf(row),
      bpmnXml: await this.diagramOf(row.process_definition_id),
      finishedActivityIds: unique(
        activities
          .filter((a) => a.endTime && !a.canceled && !rejectedKeys.includes(a.activityId))
          .map((a) => a.activityId),
      ),
      activeActivityIds: unique(activities.filter((a) => !a.endTime).map((a) => a.activityId)),
      rejectedActivityIds: unique(rejectedKeys),
    };
  }

  /**
   * The diagram of the version the instance runs on, for whoever may see the instance (the process
   * models, where the current diagram is, are for their editors only); null once the engine has
   * deleted that deployment.
   */
  private async diagramOf(definitionId: string): Promise<string | null> {
    try {
      return (await this.engine.client.getProcessDefinitionXml(definitionId)).bpmn20Xml;
    } catch (error) {
      if (error instanceof CamundaRestError && error.status === 404) return null;
      throw error;
    }
  }

  /** The initiator (with a reason) or an administrator ends a running instance. */
  async cancel(body: ProcessInstanceCancelBody, caller: Caller): Promise<void> {
    const row = await this.find(body.id);
    if (Number(row.start_user_id) !== caller.userId && !caller.admin) {
      throw new DomainError('bpm.instance_forbidden', {}, 403);
    }
    await this.end(row, 'cancelled', body.reason);
  }

  /** Deletes a running instance in the engine and records why (rejected or cancelled). */
  async end(row: InstanceRow, status: ProcessInstanceStatus, reason: string): Promise<void> {
    if (row.status !== 'running') throw new DomainError('bpm.instance_not_running');
    await deleteProcessInstanceSurely(this.engine.client, row.process_instance_id);
    await this.finish(row.process_instance_id, status, reason);
  }

  async finish(id: string, status: ProcessInstanceStatus, reason: string): Promise<void> {
    await this.db.query(
      `UPDATE bpm_process_instance_ext SET status = ?, reason = ?, end_time = CURRENT_TIMESTAMP(3)
        WHERE process_instance_id = ? AND status = 'running'`,
      [status, reason, id],
    );
  }

  /** Merges a step's form values into what the instance shows. */
  async addVariables(id: string, values: Record<string, unknown>): Promise<void> {
    if (!Object.keys(values).length) return;
    await this.db.query(
      'UPDATE bpm_process_instance_ext SET variables = JSON_MERGE_PATCH(variables, ?) WHERE process_instance_id = ?',
      [JSON.stringify(values), id],
    );
  }

  /**
   * After a step: a running instance the engine no longer has ran to its end (approved); one still
   * running has its next tasks given by their rules.
   */
  async settle(id: string): Promise<void> {
    const alive = await this.engine.client.findProcessInstance(id);
    if (!alive) await this.finish(id, 'approved', '');
    else await this.assignments.assignOpenTasks(id);
  }

  async find(id: string): Promise<InstanceRow> {
    const rows: InstanceRow[] = await this.db.query(
      'SELECT * FROM bpm_process_instance_ext WHERE process_instance_id = ?',
      [id],
    );
    if (!rows[0]) throw new DomainError('bpm.instance_not_found', {}, 404);
    return rows[0];
  }

  /**
   * Who may see an instance: its initiator, an administrator, and whoever holds or held one of its
   * tasks (assignee, owner or candidate); anyone else is refused with 403.
   */
  async visible(id: string, caller: Caller): Promise<InstanceRow> {
    const row = await this.find(id);
    if (Number(row.start_user_id) === caller.userId || caller.admin) return row;
    const me = String(caller.userId);
    const tasks = await this.engine.client.historicTasks({ processInstanceId: id });
    if (tasks.some((t) => t.assignee === me || t.owner === me)) return row;
    const [{ n }] = await this.db.query(
      'SELECT COUNT(*) AS n FROM bpm_task_action WHERE process_instance_id = ? AND user_id = ?',
      [id, caller.userId],
    );
    if (Number(n) > 0) return row;
    for (const task of tasks.filter((t) => !t.endTime)) {
      const links = await this.engine.client.taskIdentityLinks(task.id, 'candidate');
      if (links.some((l) => l.userId === me)) return row;
    }
    throw new DomainError('bpm.instance_forbidden', {}, 403);
  }

  /**
   * Before a list of the user's instances: those the engine has ended meanwhile (their last task
   * completed in Tasklist, say) read approved. One history query per hundred running instances
   * (URLs stay short), not a call per instance; new tasks get their rules from the sweep.
   */
  async settleRunning(userId: number): Promise<void> {
    const running: { process_instance_id: string }[] = await this.db.query(
      "SELECT process_instance_id FROM bpm_process_instance_ext WHERE start_user_id = ? AND status = 'running'",
      [userId],
    );
    const ids = running.map((row) => row.process_instance_id);
    for (let at = 0; at < ids.length; at += SETTLE_BATCH) {
      const ended = await this.engine.client.historicProcessInstances({
        processInstanceIds: ids.slice(at, at + SETTLE_BATCH).join(','),
        finished: true,
      });
      for (const instance of ended) await this.finish(instance.id, 'approved', '');
    }
  }

  /** A startable definition with its start form (the start page renders it with form-js). */
  async definitionGet(definitionId: string): Promise<ProcessDefinitionDetailView> {
    const { model } = await this.startable(definitionId);
    const view = await this.definitionView(model);
    const form =
      model.formId === null
        ? null
        : await this.db.getRepository(BpmForm).findOneBy({ id: model.formId });
    return {
      ...view,
      id: definitionId,
      form: form
        ? {
            id: Number(form.id),
            name: form.name,
            fields: form.fields,
            schema: form.schema ?? null,
            conf: form.conf,
          }
        : null,
    };
  }

  /**
   * A definition people may start: one of the platform's models, deployed and not suspended (the
   * engine would refuse it with a message for operators, not for the person starting).
   */
  async startable(definitionId: string) {
    let definition: ProcessDefinitionDto;
    try {
      definition = await this.engine.client.getProcessDefinition(definitionId);
    } catch (error) {
      if (error instanceof CamundaRestError && error.status === 404) {
        throw new DomainError('bpm.definition_not_found', {}, 404);
      }
      throw error;
    }
    const model = await this.db.getRepository(BpmModel).findOneBy({ key: definition.key });
    if (!model) throw new DomainError('bpm.definition_not_found', {}, 404);
    if (definition.suspended) {
      throw new DomainError('bpm.definition_suspended', { name: model.name });
    }
    return { definition, model };
  }

  private async definitionView(model: BpmModel): Promise<ProcessDefinitionView> {
    const definition = await this.engine.client
      .getProcessDefinition(model.processDefinitionId!)
      .catch(() => null);
    return {
      id: model.processDefinitionId!,
      key: model.key,
      name: model.name,
      category: model.category,
      description: model.description,
      version: model.processDefinitionVersion ?? definition?.version ?? 0,
      deploymentTime: model.deployTime ? iso(model.deployTime) : null,
      formId: model.formId === null ? null : Number(model.formId),
      suspended: definition?.suspended ?? false,
      modelId: Number(model.id),
    };
  }
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
