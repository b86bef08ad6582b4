import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { WORKFLOW_PATTERNS } from '@platform/contracts';
import { MissionNodeContextBody } from '@platform/contracts/dto';

import { NodeContextService } from './node-context.service';

/** The agent worker's question (an internal pattern: a bare payload, no caller). */
@Controller()
export class NodeContextController {
  constructor(private readonly nodes: NodeContextService) {}

  @MessagePattern(WORKFLOW_PATTERNS.missionNodeContext)
  context(@Payload() body: MissionNodeContextBody) {
    return this.nodes.context(body);
  }
}
