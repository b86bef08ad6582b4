import { Injectable } from '@nestjs/common';
import {
  checkEngineGate,
  type DiagramModel,
  type DiagramProblem,
  PLATFORM_TOPICS,
  problem,
  processKeyProblem,
  readDiagram,
  xmlToAgentGraph,
} from '@platform/bpmn';
import { type AgentGraph, DomainError } from '@platform/contracts';
import type { DataSource } from 'typeorm';

import { DiagramError } from '../common/diagram-error';
import { InjectWorkflowDb } from '../database/inject';

/** Problems once each (an unreadable diagram is reported by both checks). */
function distinct(problems: DiagramProblem[]): DiagramProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = JSON.stringify([p.elementId, p.key, p.params]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

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

  /** The diagram passes the engine gate (issue 25), or every refusal names its element. */
  async assertDeployable(xml: string): Promise<void> {
    const problems = await checkEngineGate(xml, { topics: PLATFORM_TOPICS });
    if (problems.length > 0) throw new DiagramError(problems);
  }

  /**
   * The agent graph, or every problem of the diagram, the engine gate's included (the designer's
   * check shows them on their elements) (an empty diagram has no process). */
  async convert(xml: string): Promise<AgentGraph> {
    if (!xml.trim()) throw new DiagramError([problem('', 'bpmn.no_process')]);
    const [result, unsafe] = await Promise.all([
      xmlToAgentGraph(xml),
      checkEngineGate(xml, { topics: PLATFORM_TOPICS }),
    ]);
    const problems = distinct([...(result.ok ? [] : result.problems), ...unsafe]);
    if (!result.ok || problems.length > 0) throw new DiagramError(problems);
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
