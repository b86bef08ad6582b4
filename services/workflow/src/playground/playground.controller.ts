import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { WORKFLOW_PATTERNS } from '@platform/contracts';
import { commandOf, PlaygroundAgentContextBody } from '@platform/contracts/dto';

import { missionCallerOf } from '../missions/mission-access';
import { PlaygroundService } from './playground.service';

class EmptyCommand extends commandOf(Object) {}

/** The playground: the gateway's list of workflows to try, and the agent worker's node context. */
@Controller()
export class PlaygroundController {
  constructor(private readonly playground: PlaygroundService) {}

  @MessagePattern(WORKFLOW_PATTERNS.playgroundWorkflows)
  workflows(@Payload() command: EmptyCommand) {
    return this.playground.workflows(missionCallerOf(command));
  }

  /** An internal pattern (a bare payload): the gateway checked the caller's permission. */
  @MessagePattern(WORKFLOW_PATTERNS.playgroundAgentContext)
  agentContext(@Payload() body: PlaygroundAgentContextBody) {
    return this.playground.agentContext(body);
  }
}
