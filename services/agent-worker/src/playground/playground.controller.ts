import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AGENT_WORKER_PATTERNS, DomainError } from '@platform/contracts';
import { commandOf, PlaygroundAgentRunBody } from '@platform/contracts/dto';

import { PlaygroundService } from './playground.service';

class RunCommand extends commandOf(PlaygroundAgentRunBody) {}

/** The playground's agent runs, from the gateway (signed-in callers holding wujie:playground:use). */
@Controller()
export class PlaygroundController {
  constructor(private readonly playground: PlaygroundService) {}

  @MessagePattern(AGENT_WORKER_PATTERNS.playgroundRun)
  run(@Payload() command: RunCommand) {
    if (!command.caller) throw new DomainError('auth.session_invalid', {}, 401);
    return this.playground.run(command.body, command.client.lang);
  }
}
