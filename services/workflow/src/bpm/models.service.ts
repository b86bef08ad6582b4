import { Injectable } from '@nestjs/common';
import {
  BPM_DEFINITION_STATE,
  type BpmModelSummaryView,
  type BpmModelView,
  DomainError,
  type PageView,
} from '@platform/contracts';
import type {
  BpmModelBody,
  BpmModelListQuery,
  BpmModelUpdateStateBody,
  UpdateBpmModelBody,
} from '@platform/contracts/dto';
import { type DataSource, In } from 'typeorm';

import { auditView } from '../common/audit.mapper';
import { contains, isDuplicateEntry, iso } from '../common/commands';
import { pageRows } from '../common/pages';
import { findOr404 } from '../common/records';
import { InjectWorkflowDb } from '../database/inject';
import { DiagramsService } from '../diagrams/diagrams.service';
import { deployDiagram } from '../engine/deploy';
import { EngineConnection } from '../engine/engine-connection';
import { BpmForm, BpmModel, TaskAssignRule } from './bpm.entities';

function modelSummary(row: BpmModel): BpmModelSummaryView {
  return {
    id: Number(row.id),
    key: row.key,
    name: row.name,
    description: row.description,
    category: row.category,
    formId: row.formId === null ? null : Number(row.formId),
    processDefinitionId: row.processDefinitionId,
    processDefinitionVersion: row.processDefinitionVersion,
    deployTime: row.deployTime ? iso(row.deployTime) : null,
    ...auditView(row),
  };
}

/** Process models: key, name, category, form and diagram (designed at /bpm/manager/model/design). */
@Injectable()
export class ModelsService {
  constructor(
    @InjectWorkflowDb() private readonly db: DataSource,
    private readonly diagrams: DiagramsService,
    private readonly engine: EngineConnection,
  ) {}

  private get models() {
    return this.db.getRepository(BpmModel);
  }

  async list(query: BpmModelListQuery): Promise<PageView<BpmModelSummaryView>> {
    const qb = this.models
      .createQueryBuilder('m')
      .select(['m.id', 'm.key', 'm.name', 'm.description', 'm.category', 'm.formId'])
      .addSelect(['m.processDefinitionId', 'm.processDefinitionVersion', 'm.deployTime'])
      .addSelect(['m.createBy', 'm.createTime', 'm.updateBy', 'm.updateTime'])
      .orderBy('m.id', 'DESC');
    if (query.name) qb.andWhere('m.name LIKE :name', { name: contains(query.name) });
    if (query.key) qb.andWhere('m.key LIKE :key', { key: contains(query.key) });
    if (query.category) qb.andWhere('m.category = :category', { category: query.category });
    return pageRows(qb, query, modelSummary);
  }

  async find(id: number): Promise<BpmModel> {
    return findOr404(this.db, BpmModel, id, 'bpm.model_not_found');
  }

  async get(id: number): Promise<BpmModelView> {
    const row = await this.find(id);
    return { ...modelSummary(row), bpmnXml: row.bpmnXml };
  }

  async create(body: BpmModelBody, actor: string): Promise<BpmModelView> {
    await this.check(body, 0);
    const row = await this.save(
      this.models.create({ ...fieldsOf(body), key: body.key, createBy: actor, updateBy: actor }),
    );
    return this.get(row.id);
  }

  /** Everything but the key, which is fixed once the model exists. */
  async update(body: UpdateBpmModelBody, actor: string): Promise<BpmModelView> {
    const row = await this.find(body.id);
    if (body.key !== row.key) throw new DomainError('bpmn.key_readonly', { key: row.key });
    await this.check(body, row.id);
    await this.save(Object.assign(row, fieldsOf(body, row), { updateBy: actor }));
    return this.get(row.id);
  }

  /**
   * Deploys the model's diagram to the process engine (a new definition version when it changed,
   * the current one when not) and records which definition it is.
   */
  async deploy(id: number, actor: string): Promise<BpmModelView> {
    const row = await this.find(id);
    // Saving already checked that the diagram reads and carries the model's key; the deploy call
    // checks the engine gate again (a row may have been written around the service).
    if (!row.bpmnXml.trim()) throw new DomainError('bpm.model_no_diagram');
    const definition = await deployDiagram(this.engine.client, row.key, row.bpmnXml);
    await this.models.update(row.id, {
      processDefinitionId: definition.id,
      processDefinitionVersion: definition.version,
      deployTime: new Date(),
      updateBy: actor,
    });
    return this.get(row.id);
  }

  /**
   * Suspends or activates the model's deployed definition in the engine (RuoYi-Vue-Pro's
   * update-state): a suspended one starts no new instance, while its running instances go on, as
   * Flowable's suspendProcessDefinitionById does there. The engine keeps the state, so Cockpit
   * shows it and a change made there shows here.
   */
  async updateState(body: BpmModelUpdateStateBody, actor: string): Promise<void> {
    const row = await this.find(body.id);
    if (!row.processDefinitionId) throw new DomainError('bpm.model_not_deployed');
    await this.engine.client.setProcessDefinitionSuspended(
      row.processDefinitionId,
      body.state === BPM_DEFINITION_STATE.suspended,
    );
    await this.models.update(row.id, { updateBy: actor });
  }

  async remove(ids: number[]): Promise<void> {
    await this.db.transaction(async (manager) => {
      await manager.delete(TaskAssignRule, { modelId: In(ids) });
      await manager.delete(BpmModel, { id: In(ids) });
    });
  }

  /**
   * The key is free and follows the rule; the diagram (if any) reads, carries that key and passes
   * the engine gate (deploying checks the gate again).
   */
  private async check(body: BpmModelBody, id: number): Promise<void> {
    await this.diagrams.assertKeyUsable(body.key, { modelId: id });
    if (body.formId) await findOr404(this.db, BpmForm, body.formId, 'bpm.form_not_found');
    if (body.bpmnXml?.trim()) {
      const model = await this.diagrams.read(body.bpmnXml);
      if (model.processId !== body.key) {
        throw new DomainError('bpm.model_key_mismatch', {
          key: body.key,
          processKey: model.processId,
        });
      }
      await this.diagrams.assertDeployable(body.bpmnXml);
    }
  }

  private async save(row: BpmModel): Promise<BpmModel> {
    try {
      return await this.models.save(row);
    } catch (error) {
      if (isDuplicateEntry(error)) throw new DomainError('bpmn.key_duplicate');
      throw error;
    }
  }
}

function fieldsOf(body: BpmModelBody, current?: BpmModel) {
  return {
    name: body.name,
    description: body.description ?? current?.description ?? '',
    category: body.category ?? current?.category ?? '',
    formId: body.formId === undefined ? (current?.formId ?? null) : body.formId,
    bpmnXml: body.bpmnXml ?? current?.bpmnXml ?? '',
  };
}
