import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { WORKFLOW_PATTERNS } from '@platform/contracts';
import {
  AgentBody,
  AgentListQuery,
  commandOf,
  IdBody,
  IdsBody,
  UpdateAgentBody,
} from '@platform/contracts/dto';

import { actorOf } from '../common/commands';
import { AgentsService } from './agents.service';

class AgentListCommand extends commandOf(AgentListQuery) {}
class IdCommand extends commandOf(IdBody) {}
class IdsCommand extends commandOf(IdsBody) {}
class AgentCommand extends commandOf(AgentBody) {}
class UpdateAgentCommand extends commandOf(UpdateAgentBody) {}

/** Message handlers of agents. */
@Controller()
export class AgentsController {
  constructor(private readonly agents: AgentsService) {}

  @MessagePattern(WORKFLOW_PATTERNS.agentList)
  agentList(@Payload() { body }: AgentListCommand) {
    return this.agents.list(body);
  }

  @MessagePattern(WORKFLOW_PATTERNS.agentListSimple)
  agentListSimple() {
    return this.agents.listSimple();
  }

  @MessagePattern(WORKFLOW_PATTERNS.agentGet)
  agentGet(@Payload() { body }: IdCommand) {
    return this.agents.get(body.id);
  }

  @MessagePattern(WORKFLOW_PATTERNS.agentCreate)
  agentCreate(@Payload() command: AgentCommand) {
    return this.agents.create(command.body, actorOf(command));
  }

  @MessagePattern(WORKFLOW_PATTERNS.agentUpdate)
  agentUpdate(@Payload() command: UpdateAgentCommand) {
    return this.agents.update(command.body, actorOf(command));
  }

  @MessagePattern(WORKFLOW_PATTERNS.agentRemove)
  async agentRemove(@Payload() { body }: IdsCommand) {
    await this.agents.remove(body.ids);
    return {};
  }
}
