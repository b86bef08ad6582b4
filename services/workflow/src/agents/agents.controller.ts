import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { WORKFLOW_PATTERNS } from '@platform/contracts';
import {
  AgentBody,
  AgentListQuery,
  commandOf,
  IdBody,
  IdsBody,
  NameQuery,
  SkillBody,
  UpdateAgentBody,
  UpdateSkillBody,
} from '@platform/contracts/dto';

import { actorOf } from '../common/commands';
import { SkillsService } from '../skills/skills.service';
import { AgentsService } from './agents.service';

class AgentListCommand extends commandOf(AgentListQuery) {}
class NameQueryCommand extends commandOf(NameQuery) {}
class IdCommand extends commandOf(IdBody) {}
class IdsCommand extends commandOf(IdsBody) {}
class AgentCommand extends commandOf(AgentBody) {}
class UpdateAgentCommand extends commandOf(UpdateAgentBody) {}
class SkillCommand extends commandOf(SkillBody) {}
class UpdateSkillCommand extends commandOf(UpdateSkillBody) {}

/** Message handlers of agents and skills. */
@Controller()
export class AgentsController {
  constructor(
    private readonly agents: AgentsService,
    private readonly skills: SkillsService,
  ) {}

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

  @MessagePattern(WORKFLOW_PATTERNS.skillList)
  skillList(@Payload() { body }: NameQueryCommand) {
    return this.skills.list(body);
  }

  @MessagePattern(WORKFLOW_PATTERNS.skillListSimple)
  skillListSimple() {
    return this.skills.listSimple();
  }

  @MessagePattern(WORKFLOW_PATTERNS.skillGet)
  skillGet(@Payload() { body }: IdCommand) {
    return this.skills.get(body.id);
  }

  @MessagePattern(WORKFLOW_PATTERNS.skillCreate)
  skillCreate(@Payload() command: SkillCommand) {
    return this.skills.create(command.body, actorOf(command));
  }

  @MessagePattern(WORKFLOW_PATTERNS.skillUpdate)
  skillUpdate(@Payload() command: UpdateSkillCommand) {
    return this.skills.update(command.body, actorOf(command));
  }

  @MessagePattern(WORKFLOW_PATTERNS.skillRemove)
  async skillRemove(@Payload() { body }: IdsCommand) {
    await this.skills.remove(body.ids);
    return {};
  }
}
