import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { WORKFLOW_PATTERNS } from '@platform/contracts';
import {
  commandOf,
  IdBody,
  IdsBody,
  NameQuery,
  SkillBody,
  UpdateSkillBody,
} from '@platform/contracts/dto';

import { actorOf } from '../common/commands';
import { SkillsService } from './skills.service';

class NameQueryCommand extends commandOf(NameQuery) {}
class IdCommand extends commandOf(IdBody) {}
class IdsCommand extends commandOf(IdsBody) {}
class SkillCommand extends commandOf(SkillBody) {}
class UpdateSkillCommand extends commandOf(UpdateSkillBody) {}

/** Message handlers of skills. */
@Controller()
export class SkillsController {
  constructor(private readonly skills: SkillsService) {}

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
