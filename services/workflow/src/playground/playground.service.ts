import { Injectable } from '@nestjs/common';
import {
  type AgentGraph,
  type AgentGraphNode,
  type AgentNodeContextView,
  DomainError,
  MISSION_STATUS,
  type MissionInputs,
  PLAYGROUND_NODE_ID,
  type PlaygroundWorkflowView,
  WORKFLOW_STATUS,
} from '@platform/contracts';
import type { PlaygroundAgentContextBody } from '@platform/contracts/dto';
import { type DataSource, In } from 'typeorm';

import { Agent } from '../agents/agent.entity';
import { InjectWorkflowDb } from '../database/inject';
import type { MissionCaller } from '../missions/mission-access';
import { NodeContextService } from '../missions/node-context.service';
import { Workflow } from '../workflows/workflow.entity';
import { workflowSimple } from '../workflows/workflow.mapper';

/** The playground lists at most this many workflows (newest first). */
const WORKFLOWS_SHOWN = 500;

/**
 * The playground's side of the workflow service: which workflows a caller may try (what
 * MissionsService.start lets them start), and the node context of a playground run of one agent —
 * a one-node graph whose node is the agent, with the caller's inputs and no mission, for the agent
 * worker to run with the runner a mission's node uses. Nothing is stored.
 */
@Injectable()
export class PlaygroundService {
  constructor(
    @InjectWorkflowDb() private readonly db: DataSource,
    private readonly nodes: NodeContextService,
  ) {}

  async workflows(caller: MissionCaller): Promise<PlaygroundWorkflowView[]> {
    const statuses = caller.admin
      ? [WORKFLOW_STATUS.online, WORKFLOW_STATUS.testing]
      : [WORKFLOW_STATUS.online];
    const rows = await this.db.getRepository(Workflow).find({
      select: {
        id: true,
        name: true,
        processKey: true,
        status: true,
        description: true,
        descriptionEn: true,
      },
      where: { status: In(statuses) },
      order: { id: 'DESC' },
      take: WORKFLOWS_SHOWN,
    });
    return rows.map(workflowSimple);
  }

  async agentContext(body: PlaygroundAgentContextBody): Promise<AgentNodeContextView> {
    const agent = await this.db.getRepository(Agent).findOneBy({ id: body.agentId, status: '0' });
    if (!agent) throw new DomainError('playground.agent_not_found', {}, 404);
    const node: AgentGraphNode = {
      id: PLAYGROUND_NODE_ID,
      kind: 'agent',
      bpmnType: 'bpmn:UserTask',
      name: agent.name,
      next: [],
      agentId: Number(agent.id),
      agent: {
        nameen: agent.nameEn,
        type: 'Agent',
        instruction: agent.instruction,
        output: '',
        validators: [],
      },
    };
    const graph: AgentGraph = {
      processId: PLAYGROUND_NODE_ID,
      processName: agent.name,
      start: [],
      nodes: [node],
      flows: [],
    };
    return {
      missionId: 0,
      missionCode: '',
      runId: '',
      processInstanceId: null,
      processDefinitionId: '',
      status: MISSION_STATUS.inProgress,
      language: body.language,
      inputs: body.inputs as MissionInputs,
      node,
      graph,
      agent: await this.nodes.agentRecord(agent),
      function: null,
      previous: [],
    };
  }
}
