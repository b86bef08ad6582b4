import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { WORKFLOW_PATTERNS } from '@platform/contracts';
import {
  commandOf,
  IdBody,
  IdsBody,
  NameQuery,
  UpdateUserGroupBody,
  UserGroupBody,
} from '@platform/contracts/dto';

import { actorOf } from '../common/commands';
import { GroupsService } from './groups.service';

class IdCommand extends commandOf(IdBody) {}
class IdsCommand extends commandOf(IdsBody) {}
class NameQueryCommand extends commandOf(NameQuery) {}
class GroupCommand extends commandOf(UserGroupBody) {}
class UpdateGroupCommand extends commandOf(UpdateUserGroupBody) {}

/** Work groups. */
@Controller()
export class GroupsController {
  constructor(private readonly groups: GroupsService) {}

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
