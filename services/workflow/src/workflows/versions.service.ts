import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { agentSettingsOf, readDiagram } from '@platform/bpmn';
import {
  type AgentSettingView,
  DomainError,
  RUNNABLE_WORKFLOW_STATUSES,
  type WorkflowDiffView,
  type WorkflowRunRefView,
  type WorkflowVersionSummaryView,
  type WorkflowVersionView,
} from '@platform/contracts';
import type { Repository } from 'typeorm';

import { WORKFLOW_DB } from '../database/inject';
import { DiagramsService } from '../diagrams/diagrams.service';
import { WorkflowVersion } from './workflow.entity';
import { versionSummary } from './workflow.mapper';
import { agentChanges, versionFieldChanges, xmlPatch } from './workflow-diff';
import { contentFields, WorkflowsService } from './workflows.service';

/** Versions of a workflow: listed, shown, compared, restored; and the version a run uses. */
@Injectable()
export class VersionsService {
  constructor(
    @InjectRepository(WorkflowVersion, WORKFLOW_DB)
    private readonly versions: Repository<WorkflowVersion>,
    private readonly workflows: WorkflowsService,
    private readonly diagrams: DiagramsService,
  ) {}

  async list(id: number): Promise<WorkflowVersionSummaryView[]> {
    const workflow = await this.workflows.find(id);
    const rows = await this.versions.find({
      select: {
        workflowId: true,
        version: true,
        name: true,
        status: true,
        restoredFrom: true,
        createBy: true,
        createTime: true,
      },
      where: { workflowId: id },
      order: { version: 'DESC' },
    });
    return rows.map((row) => versionSummary(row, workflow.version));
  }

  async get(id: number, version: number): Promise<WorkflowVersionView> {
    const workflow = await this.workflows.find(id);
    const row = await this.find(id, version);
    return {
      ...versionSummary(row, workflow.version),
      processKey: row.processKey,
      description: row.description,
      descriptionEn: row.descriptionEn,
      agentIds: row.agentIds,
      params: row.params,
      tags: row.tags,
      workflow: row.xml,
      agents: await settingsOf(row.xml),
    };
  }

  async diff(id: number, from: number, to: number): Promise<WorkflowDiffView> {
    await this.workflows.find(id);
    const [a, b] = [await this.find(id, from), await this.find(id, to)];
    const xml = xmlPatch(a, b);
    return {
      workflowId: id,
      from,
      to,
      fields: versionFieldChanges(a, b),
      xmlChanged: xml !== '',
      xml,
      agents: agentChanges(await settingsOf(a.xml), await settingsOf(b.xml)),
    };
  }

  /**
   * Brings a version's content back (the status stays as it is), saved under the usual rule: an
   * online workflow gets a new version, marked as restored from the old one.
   */
  async restore(id: number, version: number, actor: string): Promise<WorkflowVersionView> {
    const current = await this.workflows.find(id);
    const row = await this.find(id, version);
    const saved = await this.workflows.save(
      id,
      { ...contentFields(row), status: current.status },
      actor,
      version,
    );
    return this.get(id, saved.version);
  }

  /** The current version of a runnable workflow and its agent graph (a run records the number). */
  async resolveRun(id: number): Promise<WorkflowRunRefView> {
    const workflow = await this.workflows.find(id);
    if (!RUNNABLE_WORKFLOW_STATUSES.includes(workflow.status)) {
      throw new DomainError('workflow.not_runnable');
    }
    const graph = await this.diagrams.convert(workflow.xml);
    return {
      workflowId: id,
      version: workflow.version,
      processKey: graph.processId,
      workflow: workflow.xml,
      graph,
    };
  }

  private async find(id: number, version: number): Promise<WorkflowVersion> {
    const row = await this.versions.findOneBy({ workflowId: id, version });
    if (!row) throw new DomainError('workflow.version_not_found', { version }, 404);
    return row;
  }
}

async function settingsOf(xml: string): Promise<AgentSettingView[]> {
  if (!xml.trim()) return [];
  const read = await readDiagram(xml);
  return read.ok ? agentSettingsOf(read.model) : [];
}
