import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { WORKFLOW_PATTERNS } from '@platform/contracts';
import {
  BpmFormBody,
  BpmModelBody,
  BpmModelListQuery,
  commandOf,
  IdBody,
  IdsBody,
  NameQuery,
  RuleListQuery,
  TaskAssignRuleBody,
  UpdateBpmFormBody,
  UpdateBpmModelBody,
  UpdateTaskAssignRuleBody,
  UpdateUserGroupBody,
  UserGroupBody,
} from '@platform/contracts/dto';

import { actorOf } from '../common/commands';
import { FormsService } from './forms.service';
import { GroupsService } from './groups.service';
import { ModelsService } from './models.service';
import { RulesService } from './rules.service';

class IdCommand extends commandOf(IdBody) {}
class IdsCommand extends commandOf(IdsBody) {}
class NameQueryCommand extends commandOf(NameQuery) {}
class ModelListCommand extends commandOf(BpmModelListQuery) {}
class ModelCommand extends commandOf(BpmModelBody) {}
class UpdateModelCommand extends commandOf(UpdateBpmModelBody) {}
class RuleListCommand extends commandOf(RuleListQuery) {}
class RuleCommand extends commandOf(TaskAssignRuleBody) {}
class UpdateRuleCommand extends commandOf(UpdateTaskAssignRuleBody) {}
class FormCommand extends commandOf(BpmFormBody) {}
class UpdateFormCommand extends commandOf(UpdateBpmFormBody) {}
class GroupCommand extends commandOf(UserGroupBody) {}
class UpdateGroupCommand extends commandOf(UpdateUserGroupBody) {}

/** Message handlers of process models, task assignment rules, forms and work groups. */
@Controller()
export class BpmController {
  constructor(
    private readonly models: ModelsService,
    private readonly rules: RulesService,
    private readonly forms: FormsService,
    private readonly groups: GroupsService,
  ) {}

  @MessagePattern(WORKFLOW_PATTERNS.modelList)
  modelList(@Payload() { body }: ModelListCommand) {
    return this.models.list(body);
  }

  @MessagePattern(WORKFLOW_PATTERNS.modelGet)
  modelGet(@Payload() { body }: IdCommand) {
    return this.models.get(body.id);
  }

  @MessagePattern(WORKFLOW_PATTERNS.modelCreate)
  modelCreate(@Payload() command: ModelCommand) {
    return this.models.create(command.body, actorOf(command));
  }

  @MessagePattern(WORKFLOW_PATTERNS.modelUpdate)
  modelUpdate(@Payload() command: UpdateModelCommand) {
    return this.models.update(command.body, actorOf(command));
  }

  @MessagePattern(WORKFLOW_PATTERNS.modelDeploy)
  modelDeploy(@Payload() command: IdCommand) {
    return this.models.deploy(command.body.id, actorOf(command));
  }

  @MessagePattern(WORKFLOW_PATTERNS.modelRemove)
  async modelRemove(@Payload() { body }: IdsCommand) {
    await this.models.remove(body.ids);
    return {};
  }

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

  @MessagePattern(WORKFLOW_PATTERNS.formList)
  formList(@Payload() { body }: NameQueryCommand) {
    return this.forms.list(body);
  }

  @MessagePattern(WORKFLOW_PATTERNS.formListSimple)
  formListSimple() {
    return this.forms.listSimple();
  }

  @MessagePattern(WORKFLOW_PATTERNS.formGet)
  formGet(@Payload() { body }: IdCommand) {
    return this.forms.get(body.id);
  }

  @MessagePattern(WORKFLOW_PATTERNS.formCreate)
  formCreate(@Payload() command: FormCommand) {
    return this.forms.create(command.body, actorOf(command));
  }

  @MessagePattern(WORKFLOW_PATTERNS.formUpdate)
  formUpdate(@Payload() command: UpdateFormCommand) {
    return this.forms.update(command.body, actorOf(command));
  }

  @MessagePattern(WORKFLOW_PATTERNS.formRemove)
  async formRemove(@Payload() { body }: IdsCommand) {
    await this.forms.remove(body.ids);
    return {};
  }

  @MessagePattern(WORKFLOW_PATTERNS.groupList)
  groupList(@Payload() { body }: NameQueryCommand) {
    return this.groups.list(body);
  }

  @MessagePattern(WORKFLOW_PATTERNS.groupListSimple)
  groupListSimple() {
    return this.groups.listSimple();
  }

  @MessagePattern(WORKFLOW_PATTERNS.groupGet)
  groupGet(@Payload() { body }: IdCommand) {
    return this.groups.get(body.id);
  }

  @MessagePattern(WORKFLOW_PATTERNS.groupCreate)
  groupCreate(@Payload() command: GroupCommand) {
    return this.groups.create(command.body, actorOf(command));
  }

  @MessagePattern(WORKFLOW_PATTERNS.groupUpdate)
  groupUpdate(@Payload() command: UpdateGroupCommand) {
    return this.groups.update(command.body, actorOf(command));
  }

  @MessagePattern(WORKFLOW_PATTERNS.groupRemove)
  async groupRemove(@Payload() { body }: IdsCommand) {
    await this.groups.remove(body.ids);
    return {};
  }
}
