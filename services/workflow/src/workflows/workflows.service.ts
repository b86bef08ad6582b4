import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { renameProcess } from '@platform/bpmn';
import {
  type AgentGraph,
  DomainError,
  type Language,
  normalizeTags,
  type PageView,
  renderMessage,
  RUNNABLE_WORKFLOW_STATUSES,
  WORKFLOW_STATUS,
  type WorkflowSimpleView,
  type WorkflowStatus,
  type WorkflowSummaryView,
  type WorkflowView,
} from '@platform/contracts';
import type {
  UpdateWorkflowBody,
  WorkflowBody,
  WorkflowListQuery,
  WorkflowSimpleQuery,
  XmlToJsonBody,
} from '@platform/contracts/dto';
import { type DataSource, type EntityManager, In, Repository } from 'typeorm';

import { Agent } from '../agents/agent.entity';
import { contains, isDuplicateEntry, missingIds, unique } from '../common/commands';
import { pageRows } from '../common/pages';
import { InjectWorkflowDb, WORKFLOW_DB } from '../database/inject';
import { DiagramsService } from '../diagrams/diagrams.service';
import { Workflow, WorkflowFields, WorkflowVersion } from './workflow.entity';
import { workflowSimple, workflowSummary, workflowView } from './workflow.mapper';

/** The content of a workflow that a version keeps. */
export interface WorkflowContent {
  name: string;
  status: WorkflowStatus;
  description: string;
  descriptionEn: string;
  agentIds: number[];
  params: string;
  tags: string[];
  xml: string;
}

const SUMMARY_COLUMNS: (keyof Workflow)[] = [
  'id',
  'name',
  'processKey',
  'status',
  'description',
  'descriptionEn',
  'agentIds',
  'params',
  'tags',
  'version',
  'price',
  'createBy',
  'createTime',
  'updateBy',
  'updateTime',
];

/**
 * Workflows and how saving makes versions: a new workflow is version 1; saving a workflow that is
 * online makes a new version; saving one that is not online rewrites its current version.
 */
@Injectable()
export class WorkflowsService {
  constructor(
    @InjectRepository(Workflow, WORKFLOW_DB) private readonly workflows: Repository<Workflow>,
    @InjectWorkflowDb() private readonly db: DataSource,
    private readonly diagrams: DiagramsService,
  ) {}

  async list(query: WorkflowListQuery): Promise<PageView<WorkflowSummaryView>> {
    const qb = this.workflows
      .createQueryBuilder('w')
      .select(SUMMARY_COLUMNS.map((c) => `w.${c}`))
      .orderBy('w.id', 'DESC');
    if (query.name) qb.andWhere('w.name LIKE :name', { name: contains(query.name) });
    if (query.status) qb.andWhere('w.status = :status', { status: query.status });
    if (query.processKey) qb.andWhere('w.processKey = :key', { key: query.processKey });
    if (query.tag) qb.andWhere('JSON_CONTAINS(w.tags, JSON_QUOTE(:tag))', { tag: query.tag });
    return pageRows(qb, query, workflowSummary);
  }

  async listSimple(query: WorkflowSimpleQuery): Promise<WorkflowSimpleView[]> {
    const qb = this.workflows
      .createQueryBuilder('w')
      .select(['w.id', 'w.name', 'w.processKey', 'w.status', 'w.description', 'w.descriptionEn'])
      .orderBy('w.id', 'DESC')
      .take(1000);
    if (query.name) qb.andWhere('w.name LIKE :name', { name: contains(query.name) });
    if (query.status) qb.andWhere('w.status = :status', { status: query.status });
    return (await qb.getMany()).map(workflowSimple);
  }

  async find(id: number): Promise<Workflow> {
    const row = await this.workflows.findOneBy({ id });
    if (!row) throw new DomainError('workflow.not_found', {}, 404);
    return row;
  }

  async get(id: number): Promise<WorkflowView> {
    return workflowView(await this.find(id));
  }

  async create(body: WorkflowBody, actor: string): Promise<WorkflowView> {
    const content = contentOf(body);
    const processKey = await this.check(content, null);
    const saved = await this.db.transaction(async (manager) => {
      const row = await manager.save(
        manager.create(Workflow, {
          ...content,
          processKey,
          version: 1,
          price: body.price ?? null,
          createBy: actor,
          updateBy: actor,
        }),
      );
      await this.snapshot(manager, row, null, actor);
      return row;
    });
    return this.get(saved.id);
  }

  async update(body: UpdateWorkflowBody, actor: string): Promise<WorkflowView> {
    const current = await this.find(body.id);
    const content = contentOf(body, current);
    // The price is the workflow's, not a version's: a change applies to the next mission at once.
    return workflowView(await this.save(body.id, content, actor, null, body.price));
  }

  /**
   * Saves content under the versioning rule, in one transaction with the workflow row locked (so
   * two saves of an online workflow make two versions, never one number twice). Gives the row as
   * this save left it: reading it again afterwards could show a concurrent save's version.
   */
  async save(
    id: number,
    content: WorkflowContent,
    actor: string,
    restoredFrom: number | null,
    price?: number | null,
  ): Promise<Workflow> {
    return this.db.transaction(async (manager) => {
      const row = await manager.findOne(Workflow, {
        where: { id },
        lock: { mode: 'pessimistic_write' },
      });
      if (!row) throw new DomainError('workflow.not_found', {}, 404);
      const processKey = await this.check(content, row);
      const wasOnline = row.status === WORKFLOW_STATUS.online;
      Object.assign(row, content, { processKey, updateBy: actor });
      if (price !== undefined) row.price = price;
      if (wasOnline) row.version += 1;
      await this.persist(manager, row);
      await this.snapshot(manager, row, restoredFrom, actor);
      return row;
    });
  }

  async remove(ids: number[]): Promise<void> {
    await this.db.transaction(async (manager) => {
      await manager.delete(WorkflowVersion, { workflowId: In(ids) });
      await manager.delete(Workflow, { id: In(ids) });
    });
  }

  /** A copy in development with a name marked as a copy and a fresh process key. */
  async copy(id: number, actor: string, lang: Language): Promise<WorkflowView> {
    const source = await this.find(id);
    const name = `${source.name} (${renderMessage('workflow.copy_suffix', lang)})`.slice(0, 100);
    let xml = source.xml;
    if (source.processKey && xml.trim()) {
      xml = await renameProcess(xml, await this.freeKey(`${source.processKey}_copy`), name);
    }
    return this.create(
      {
        name,
        status: WORKFLOW_STATUS.development,
        description: source.description,
        descriptionEn: source.descriptionEn,
        agentIds: source.agentIds,
        params: source.params,
        tags: source.tags,
        workflow: xml,
        price: source.price,
      },
      actor,
    );
  }

  /** The tags of a workflow; id 0 gives every tag in use (for a tag picker). */
  async tags(id: number): Promise<string[]> {
    if (id !== 0) return (await this.find(id)).tags;
    const rows = await this.workflows.find({ select: { tags: true } });
    return normalizeTags(rows.flatMap((r) => r.tags)).sort();
  }

  /** The preview and the check of a diagram: its agent graph with the request's fields. */
  async xmlToJson(body: XmlToJsonBody): Promise<AgentGraph> {
    const graph = await this.diagrams.convert(body.workflow);
    const agents = body.agentIds?.length
      ? await this.db.getRepository(Agent).findBy({ id: In(unique(body.agentIds)) })
      : [];
    for (const node of graph.nodes) {
      if (node.kind !== 'agent') continue;
      const match = agents.find((a) => a.name === node.name || a.nameEn === node.agent.nameen);
      node.agentId = match ? Number(match.id) : null;
    }
    return {
      ...graph,
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.agentIds ? { agentIds: body.agentIds } : {}),
    };
  }

  /**
   * Checks content before it is saved and gives its process key: agents exist, the diagram reads,
   * its key follows the rule, is free, and is the one the workflow already has, and it passes the
   * engine gate; a workflow that can run (testing, online) needs a diagram the runtime can execute.
   */
  private async check(content: WorkflowContent, row: Workflow | null): Promise<string | null> {
    const agents = await this.db.getRepository(Agent).find({
      select: { id: true },
      where: { id: In(content.agentIds) },
    });
    const missing = missingIds(content.agentIds, agents);
    if (missing.length) throw new DomainError('workflow.agent_missing', { id: missing[0] });
    let processKey = row?.processKey ?? null;
    if (content.xml.trim()) {
      const model = await this.diagrams.read(content.xml);
      if (processKey && model.processId !== processKey) {
        throw new DomainError('bpmn.key_readonly', { key: processKey });
      }
      processKey = model.processId;
      await this.diagrams.assertKeyUsable(processKey, { workflowId: row?.id });
      // Drafts too: nothing that would run code on the engine host is kept (issue 25).
      await this.diagrams.assertDeployable(content.xml);
    }
    if (RUNNABLE_WORKFLOW_STATUSES.includes(content.status)) {
      await this.diagrams.convert(content.xml);
    }
    return processKey;
  }

  private async persist(manager: EntityManager, row: Workflow): Promise<void> {
    try {
      await manager.save(row);
    } catch (error) {
      if (isDuplicateEntry(error)) throw new DomainError('bpmn.key_duplicate');
      throw error;
    }
  }

  /** Writes the row's content as its current version (a new one, or over the current one). */
  private async snapshot(
    manager: EntityManager,
    row: Workflow,
    restoredFrom: number | null,
    actor: string,
  ): Promise<void> {
    const key = { workflowId: row.id, version: row.version };
    const version =
      (await manager.findOneBy(WorkflowVersion, key)) ??
      manager.create(WorkflowVersion, { ...key, createBy: actor });
    Object.assign(version, contentFields(row), {
      processKey: row.processKey,
      restoredFrom,
      updateBy: actor,
    });
    await manager.save(version);
  }

  /** `base`, or `base_2`, `base_3`… whichever no workflow or model uses. */
  private async freeKey(base: string): Promise<string> {
    for (let n = 1; n < 1000; n += 1) {
      const key = n === 1 ? base : `${base}_${n}`;
      const taken = await this.diagrams
        .assertKeyUsable(key, {})
        .then(() => false)
        .catch(() => true);
      if (!taken) return key;
    }
    throw new DomainError('bpmn.key_duplicate');
  }
}

/** The content fields of a workflow or a version. */
export function contentFields(row: WorkflowFields): WorkflowContent {
  const { name, status, description, descriptionEn, agentIds, params, tags, xml } = row;
  return { name, status, description, descriptionEn, agentIds, params, tags, xml };
}

/** A request's content, with what it leaves out taken from the current row (or the defaults). */
export function contentOf(body: WorkflowBody, current?: Workflow): WorkflowContent {
  return {
    name: body.name,
    status: body.status ?? current?.status ?? WORKFLOW_STATUS.development,
    description: body.description ?? current?.description ?? '',
    descriptionEn: body.descriptionEn ?? current?.descriptionEn ?? '',
    agentIds: unique(body.agentIds),
    params: body.params ?? current?.params ?? '',
    tags: body.tags ? normalizeTags(body.tags) : (current?.tags ?? []),
    xml: body.workflow ?? current?.xml ?? '',
  };
}
