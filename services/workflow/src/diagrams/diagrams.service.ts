import { Injectable } from '@nestjs/common';
import {
  type DiagramModel,
  problem,
  processKeyProblem,
  readDiagram,
  xmlToAgentGraph,
} from '@platform/bpmn';
import { type AgentGraph, DomainError } from '@platform/contracts';
import type { DataSource } from 'typeorm';

import { DiagramError } from '../common/diagram-error';
import { InjectWorkflowDb } from '../database/inject';

/** Who owns a process key: a workflow or a process model (keys are unique across both). */
export interface KeyOwner {
  workflowId?: number;
  modelId?: number;
}

/** Reading and converting diagrams, and the process-key rules shared by workflows and models. */
@Injectable()
export class DiagramsService {
  constructor(@InjectWorkflowDb() private readonly db: DataSource) {}

  async read(xml: string): Promise<DiagramModel> {
    const read = await readDiagram(xml);
    if (!read.ok) throw new DiagramError(read.problems);
    if (read.problems.length > 0) throw new DiagramError(read.problems);
    return read.model;
  }

  /** The agent graph, or every problem of the diagram (an empty diagram has no process). */
  async convert(xml: string): Promise<AgentGraph> {
    if (!xml.trim()) throw new DiagramError([problem('', 'bpmn.no_process')]);
    const result = await xmlToAgentGraph(xml);
    if (!result.ok) throw new DiagramError(result.problems);
    return result.graph;
  }

  /** The key rule of spec §5, and no other workflow or model may use the key. */
  async assertKeyUsable(key: string, owner: KeyOwner): Promise<void> {
    const ruleProblem = processKeyProblem(key);
    if (ruleProblem) throw new DomainError(ruleProblem);
    const [workflows, models] = await Promise.all([
      this.db.query('SELECT id FROM wf_workflow WHERE process_key = ? AND id <> ? LIMIT 1', [
        key,
        owner.workflowId ?? 0,
      ]),
      this.db.query('SELECT id FROM bpm_model WHERE model_key = ? AND id <> ? LIMIT 1', [
        key,
        owner.modelId ?? 0,
      ]),
    ]);
    if ((workflows as unknown[]).length > 0 || (models as unknown[]).length > 0) {
      throw new DomainError('bpmn.key_duplicate');
    }
  }
}
