import { Injectable } from '@nestjs/common';
import { readDiagram, userTasksOf } from '@platform/bpmn';
import {
  DomainError,
  TASK_ASSIGN_SCRIPTS,
  type TaskAssignRuleView,
  type TaskAssignType,
} from '@platform/contracts';
import type { TaskAssignRuleBody, UpdateTaskAssignRuleBody } from '@platform/contracts/dto';
import type { DataSource } from 'typeorm';

import { isDuplicateEntry, unique } from '../common/commands';
import { assertIdsExist, findOr404 } from '../common/records';
import { InjectWorkflowDb } from '../database/inject';
import { BpmModel, TaskAssignRule, UserGroup } from './bpm.entities';

function ruleView(rule: TaskAssignRule, name: string): TaskAssignRuleView {
  return {
    id: Number(rule.id),
    modelId: Number(rule.modelId),
    taskDefinitionKey: rule.taskDefinitionKey,
    taskDefinitionName: name,
    type: rule.type,
    options: rule.options,
  };
}

/**
 * Task assignment rules: per user task of a model, one of 7 dimensions (role, department head,
 * department members, post, user, work group, custom script) and its values. Roles, departments,
 * posts and users belong to the identity service and are kept by id.
 */
@Injectable()
export class RulesService {
  constructor(@InjectWorkflowDb() private readonly db: DataSource) {}

  private get rules() {
    return this.db.getRepository(TaskAssignRule);
  }

  /** Every user task of the model's diagram with its rule, then rules of tasks no longer drawn. */
  async list(modelId: number): Promise<TaskAssignRuleView[]> {
    const model = await findOr404(this.db, BpmModel, modelId, 'bpm.model_not_found');
    const tasks = await userTasks(model.bpmnXml);
    const rules = await this.rules.findBy({ modelId });
    const byKey = new Map(rules.map((r) => [r.taskDefinitionKey, r]));
    const drawn = tasks.map((task): TaskAssignRuleView => {
      const rule = byKey.get(task.id);
      return rule
        ? ruleView(rule, task.name)
        : {
            id: null,
            modelId,
            taskDefinitionKey: task.id,
            taskDefinitionName: task.name,
            type: null,
            options: [],
          };
    });
    const gone = rules.filter((r) => !tasks.some((t) => t.id === r.taskDefinitionKey));
    return [...drawn, ...gone.map((r) => ruleView(r, ''))];
  }

  async create(body: TaskAssignRuleBody, actor: string): Promise<TaskAssignRuleView> {
    const model = await findOr404(this.db, BpmModel, body.modelId, 'bpm.model_not_found');
    const task = (await userTasks(model.bpmnXml)).find((t) => t.id === body.taskDefinitionKey);
    if (!task) throw new DomainError('bpm.rule_task_unknown', { key: body.taskDefinitionKey });
    const options = await this.optionsOf(body.type, body.options);
    try {
      const rule = await this.rules.save(
        this.rules.create({
          modelId: body.modelId,
          taskDefinitionKey: body.taskDefinitionKey,
          type: body.type,
          options,
          createBy: actor,
          updateBy: actor,
        }),
      );
      return ruleView(rule, task.name);
    } catch (error) {
      if (isDuplicateEntry(error)) {
        throw new DomainError('bpm.rule_exists', { key: body.taskDefinitionKey });
      }
      throw error;
    }
  }

  /** Changes the dimension and values; the model and task stay those of the rule. */
  async update(body: UpdateTaskAssignRuleBody, actor: string): Promise<TaskAssignRuleView> {
    const rule = await findOr404(this.db, TaskAssignRule, body.id, 'bpm.rule_not_found');
    const options = await this.optionsOf(body.type, body.options);
    await this.rules.save(Object.assign(rule, { type: body.type, options, updateBy: actor }));
    const model = await this.db.getRepository(BpmModel).findOneBy({ id: rule.modelId });
    const task = (await userTasks(model?.bpmnXml ?? '')).find(
      (t) => t.id === rule.taskDefinitionKey,
    );
    return ruleView(rule, task?.name ?? '');
  }

  async remove(ids: number[]): Promise<void> {
    await this.rules.delete(ids);
  }

  /** Values fit the dimension: script names for `script`, existing groups, positive ids otherwise. */
  private async optionsOf(type: TaskAssignType, options: (number | string)[]) {
    if (type === 'script') {
      const bad = options.find((o) => !(TASK_ASSIGN_SCRIPTS as readonly unknown[]).includes(o));
      if (bad !== undefined)
        throw new DomainError('bpm.rule_options_invalid', { value: String(bad) });
      return unique(options);
    }
    const bad = options.find((o) => !Number.isInteger(o) || (o as number) < 1);
    if (bad !== undefined)
      throw new DomainError('bpm.rule_options_invalid', { value: String(bad) });
    const ids = unique(options as number[]);
    if (type === 'userGroup') await assertIdsExist(this.db, UserGroup, ids, 'bpm.group_missing');
    return ids;
  }
}

async function userTasks(xml: string): Promise<{ id: string; name: string }[]> {
  if (!xml.trim()) return [];
  const read = await readDiagram(xml);
  return read.ok ? userTasksOf(read.model) : [];
}
