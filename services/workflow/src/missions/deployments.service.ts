import { createHash } from 'node:crypto';

import { Injectable } from '@nestjs/common';
import { compileWorkflow, problem } from '@platform/bpmn';
import type { DataSource } from 'typeorm';

import { Agent } from '../agents/agent.entity';
import { DiagramError } from '../common/diagram-error';
import { InjectWorkflowDb } from '../database/inject';
import { deployExecutable } from '../engine/deploy';
import { EngineConnection } from '../engine/engine-connection';
import type { WorkflowVersion } from '../workflows/workflow.entity';
import { WorkflowDeployment } from './mission.entity';

/** Deployments kept in memory at most (the versions started lately). */
const KNOWN_MAX = 500;

/**
 * Compiles a workflow version's diagram and deploys it to the engine once: the definition is kept in
 * wf_workflow_deployment (per version and diagram hash), so later starts reuse it, and the engine's
 * duplicate filtering keeps an unchanged diagram at one definition even when two starts race.
 * A compile error names the node in the caller's language and deploys nothing.
 */
@Injectable()
export class DeploymentsService {
  /** Deployments under way in this process, so simultaneous first starts compile once. */
  private readonly pending = new Map<string, Promise<WorkflowDeployment>>();
  /**
   * Deployments read, by version and diagram hash: a stored one never changes, so a start reads it
   * once. One the engine lost is forgotten here by the start that finds it gone (in any instance:
   * each start that fails on a lost definition forgets it and looks again).
   */
  private readonly known = new Map<string, WorkflowDeployment>();

  constructor(
    @InjectWorkflowDb() private readonly db: DataSource,
    private readonly engine: EngineConnection,
  ) {}

  async definitionFor(version: WorkflowVersion): Promise<WorkflowDeployment> {
    const key = {
      workflowId: version.workflowId,
      version: version.version,
      sourceHash: createHash('sha256').update(version.xml).digest('hex'),
    };
    const id = `${key.workflowId}:${key.version}:${key.sourceHash}`;
    const known = this.known.get(id);
    if (known) return known;
    const stored = await this.db.getRepository(WorkflowDeployment).findOneBy(key);
    if (stored) return this.keep(id, stored);
    let deploying = this.pending.get(id);
    if (!deploying) {
      deploying = this.deploy(version, key)
        .then((deployed) => this.keep(id, deployed))
        .finally(() => this.pending.delete(id));
      this.pending.set(id, deploying);
    }
    return deploying;
  }

  /** Drops a stored definition the engine no longer has (its database was reset), to deploy again. */
  async forget(deployment: WorkflowDeployment): Promise<void> {
    for (const [id, known] of this.known) if (known.id === deployment.id) this.known.delete(id);
    await this.db.getRepository(WorkflowDeployment).delete({ id: deployment.id });
  }

  private keep(id: string, deployment: WorkflowDeployment): WorkflowDeployment {
    if (this.known.size >= KNOWN_MAX) this.known.clear();
    this.known.set(id, deployment);
    return deployment;
  }

  private async deploy(
    version: WorkflowVersion,
    key: Pick<WorkflowDeployment, 'workflowId' | 'version' | 'sourceHash'>,
  ): Promise<WorkflowDeployment> {
    if (!version.xml.trim()) throw new DiagramError([problem('', 'bpmn.no_process')]);
    const agents = await this.db
      .getRepository(Agent)
      .find({ select: { name: true, nameEn: true } });
    const compiled = await compileWorkflow(version.xml, {
      agents,
      ...(version.processKey ? { key: version.processKey } : {}),
    });
    if (!compiled.ok) throw new DiagramError(compiled.problems);
    const definition = await deployExecutable(this.engine.client, compiled.key, compiled.xml);
    await this.db
      .createQueryBuilder()
      .insert()
      .into(WorkflowDeployment)
      .values({
        ...key,
        processKey: compiled.key,
        processDefinitionId: definition.id,
        processDefinitionVersion: definition.version,
        graph: compiled.graph,
      })
      .orIgnore()
      .execute();
    return this.db.getRepository(WorkflowDeployment).findOneByOrFail(key);
  }
}
