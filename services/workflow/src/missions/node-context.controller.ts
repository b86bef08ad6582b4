import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type AgentNodeContextView, WORKFLOW_PATTERNS } from '@platform/contracts';
import { MissionNodeBeginBody, MissionNodeContextBody } from '@platform/contracts/dto';

import { MissionRunsService } from './mission-runs.service';
import { NodeContextService, startedInputs } from './node-context.service';

/** The agent worker's questions (internal patterns: a bare payload, no caller). */
@Controller()
export class NodeContextController {
  constructor(
    private readonly nodes: NodeContextService,
    private readonly runs: MissionRunsService,
  ) {}

  @MessagePattern(WORKFLOW_PATTERNS.missionNodeContext)
  context(@Payload() body: MissionNodeContextBody) {
    return this.nodes.context(body);
  }

  /**
   * The context and, with `attempt`, the node run's start: one round trip where the worker made
   * two (node-context, then node-started), on one read of the mission. The start is the same
   * idempotent report as missionNodeStarted, so a repeated call (a lost answer, a redelivery)
   * writes nothing twice.
   */
  @MessagePattern(WORKFLOW_PATTERNS.missionNodeBegin)
  async begin(@Payload() body: MissionNodeBeginBody): Promise<AgentNodeContextView> {
    const mission = await this.nodes.mission(body);
    const context = await this.nodes.contextOf(mission, body);
    if (body.attempt === undefined) return context;
    await this.runs.nodeStartedOf(mission, {
      missionCode: context.missionCode,
      runId: context.runId,
      nodeId: context.node.id,
      attempt: body.attempt,
      nodeName: context.node.name.slice(0, 255),
      nodeNameEn: context.node.agent.nameen.slice(0, 255),
      agent: (context.agent?.name ?? context.function?.name ?? '').slice(0, 100),
      inputs: startedInputs(context, body.outputVariables ?? []),
      ...(body.startedAt ? { startedAt: body.startedAt } : {}),
    });
    return context;
  }
}
