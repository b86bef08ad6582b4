import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { WORKFLOW_PATTERNS } from '@platform/contracts';
import {
  commandOf,
  IdBody,
  IdsBody,
  TagListBody,
  UpdateWorkflowBody,
  WorkflowBody,
  WorkflowListQuery,
  WorkflowSimpleQuery,
  XmlToJsonBody,
} from '@platform/contracts/dto';

import { actorOf } from '../common/commands';
import { WorkflowsService } from './workflows.service';

class ListCommand extends commandOf(WorkflowListQuery) {}
class ListSimpleCommand extends commandOf(WorkflowSimpleQuery) {}
class IdCommand extends commandOf(IdBody) {}
class IdsCommand extends commandOf(IdsBody) {}
class TagListCommand extends commandOf(TagListBody) {}
class CreateCommand extends commandOf(WorkflowBody) {}
class UpdateCommand extends commandOf(UpdateWorkflowBody) {}
class XmlToJsonCommand extends commandOf(XmlToJsonBody) {}

/** Message handlers of workflows. */
@Controller()
export class WorkflowsController {
  constructor(private readonly workflows: WorkflowsService) {}

  @MessagePattern(WORKFLOW_PATTERNS.list)
  list(@Payload() { body }: ListCommand) {
    return this.workflows.list(body);
  }

  @MessagePattern(WORKFLOW_PATTERNS.listSimple)
  listSimple(@Payload() { body }: ListSimpleCommand) {
    return this.workflows.listSimple(body);
  }

  @MessagePattern(WORKFLOW_PATTERNS.get)
  get(@Payload() { body }: IdCommand) {
    return this.workflows.get(body.id);
  }

  @MessagePattern(WORKFLOW_PATTERNS.create)
  create(@Payload() command: CreateCommand) {
    return this.workflows.create(command.body, actorOf(command));
  }

  @MessagePattern(WORKFLOW_PATTERNS.update)
  update(@Payload() command: UpdateCommand) {
    return this.workflows.update(command.body, actorOf(command));
  }

  @MessagePattern(WORKFLOW_PATTERNS.remove)
  async remove(@Payload() { body }: IdsCommand) {
    await this.workflows.remove(body.ids);
    return {};
  }

  @MessagePattern(WORKFLOW_PATTERNS.copy)
  copy(@Payload() command: IdCommand) {
    return this.workflows.copy(command.body.id, actorOf(command), command.client.lang);
  }

  @MessagePattern(WORKFLOW_PATTERNS.tags)
  tags(@Payload() { body }: TagListCommand) {
    return this.workflows.tags(body.id);
  }

  @MessagePattern(WORKFLOW_PATTERNS.xmlToJson)
  xmlToJson(@Payload() { body }: XmlToJsonCommand) {
    return this.workflows.xmlToJson(body);
  }
}
