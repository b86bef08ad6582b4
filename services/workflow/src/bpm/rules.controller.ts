import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { WORKFLOW_PATTERNS } from '@platform/contracts';
import {
  commandOf,
  IdsBody,
  RuleListQuery,
  TaskAssignRuleBody,
  UpdateTaskAssignRuleBody,
} from '@platform/contracts/dto';

import { actorOf } from '../common/commands';
import { RulesService } from './rules.service';

class IdsCommand extends commandOf(IdsBody) {}
class RuleListCommand extends commandOf(RuleListQuery) {}
class RuleCommand extends commandOf(TaskAssignRuleBody) {}
class UpdateRuleCommand extends commandOf(UpdateTaskAssignRuleBody) {}

/** Task assignment rules. */
@Controller()
export class RulesController {
  constructor(private readonly rules: RulesService) {}

  @MessagePattern(WORKFLOW_PATTERNS.ruleList)
  ruleList(@Payload() { body }: RuleListCommand) {
    return this.rules.list(body.modelId);
  }

  @MessagePattern(WORKFLOW_PATTERNS.ruleCreate)
  ruleCreate(@Payload() command: RuleCommand) {
    return this.rules.create(command.body, actorOf(command));
  }

  @MessagePattern(WORKFLOW_PATTERNS.ruleUpdate)
  ruleUpdate(@Payload() command: UpdateRuleCommand) {
    return this.rules.update(command.body, actorOf(command));
  }

  @MessagePattern(WORKFLOW_PATTERNS.ruleRemove)
  async ruleRemove(@Payload() { body }: IdsCommand) {
    await this.rules.remove(body.ids);
    return {};
  }
}
