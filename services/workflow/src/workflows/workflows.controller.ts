import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { WORKFLOW_PATTERNS } from '@platform/contracts';
import {
  commandOf,
  IdBody,
  IdsBody,
  TagListBody,
  UpdateWorkflowBody,
  VersionBody,
  VersionDiffBody,
  WorkflowBody,
  WorkflowListQuery,
  WorkflowSimpleQuery,
  XmlToJsonBody,
} from '@platform/contracts/dto';

import { actorOf } from '../common/commands';
import { VersionsService } from './versions.service';
import { WorkflowsService } from './workflows.service';

class ListCommand extends commandOf(WorkflowListQuery) {}
class ListSimpleCommand extends commandOf(WorkflowSimpleQuery) {}
class IdCommand extends commandOf(IdBody) {}
class IdsCommand extends commandOf(IdsBody) {}
class TagListCommand extends commandOf(TagListBody) {}
class CreateCommand extends commandOf(WorkflowBody) {}
class UpdateCommand extends commandOf(UpdateWorkflowBody) {}
class XmlToJsonCommand extends commandOf(XmlToJsonBody) {}
class VersionCommand extends commandOf(VersionBody) {}
class DiffCommand extends commandOf(VersionDiffBody) {}

/** Message handlers of workflows and their versions (spec §7 Workflow). */
@Controller()
export class WorkflowsController {
  constructor(
    private readonly workflows: WorkflowsService,
    private readonly versions: VersionsService,
  ) {}

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

  @MessagePattern(WORKFLOW_PATTERNS.versions)
  versionList(@Payload() { body }: IdCommand) {
    return this.versions.list(body.id);
  }

  @MessagePattern(WORKFLOW_PATTERNS.version)
  version(@Payload() { body }: VersionCommand) {
    return this.versions.get(body.id, body.version);
  }

  @MessagePattern(WORKFLOW_PATTERNS.diff)
  diff(@Payload() { body }: DiffCommand) {
    return this.versions.diff(body.id, body.from, body.to);
  }

  @MessagePattern(WORKFLOW_PATTERNS.restore)
  restore(@Payload() command: VersionCommand) {
    return this.versions.restore(command.body.id, command.body.version, actorOf(command));
  }

  @MessagePattern(WORKFLOW_PATTERNS.resolveRun)
  resolveRun(@Payload() { body }: IdCommand) {
    return this.versions.resolveRun(body.id);
  }
}
