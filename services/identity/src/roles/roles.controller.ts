import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ADMIN_PATTERNS as A } from '@platform/contracts';
import {
  commandOf,
  IdBody,
  IdsBody,
  RoleBody,
  RoleDataScopeBody,
  RoleQuery,
  RoleStatusBody,
  RoleUsersBody,
  RoleUsersQuery,
} from '@platform/contracts/dto';

import { Operators } from '../common/operators.service';
import { callerOf } from '../common/sql';
import { RolesService } from './roles.service';

class RoleQueryCommand extends commandOf(RoleQuery) {}
class RoleCommand extends commandOf(RoleBody) {}
class IdCommand extends commandOf(IdBody) {}
class IdsCommand extends commandOf(IdsBody) {}
class DataScopeCommand extends commandOf(RoleDataScopeBody) {}
class StatusCommand extends commandOf(RoleStatusBody) {}
class UsersQueryCommand extends commandOf(RoleUsersQuery) {}
class UsersCommand extends commandOf(RoleUsersBody) {}

/** Roles: their grants, data scopes and members. */
@Controller()
export class RolesController {
  constructor(
    private readonly roles: RolesService,
    private readonly operators: Operators,
  ) {}

  @MessagePattern(A.roleList)
  list(@Payload() c: RoleQueryCommand) {
    return this.roles.list(c.body);
  }

  @MessagePattern(A.roleOptions)
  options() {
    return this.roles.options();
  }

  @MessagePattern(A.roleGet)
  get(@Payload() c: IdCommand) {
    return this.roles.get(c.body.id);
  }

  @MessagePattern(A.roleCreate)
  async create(@Payload() c: RoleCommand) {
    const { caller, by } = await this.operators.of(c);
    return this.roles.create(c.body, caller, by);
  }

  @MessagePattern(A.roleUpdate)
  async update(@Payload() c: RoleCommand) {
    const { caller, by } = await this.operators.of(c);
    await this.roles.update(c.body, caller, by);
    return {};
  }

  @MessagePattern(A.roleDataScope)
  async dataScope(@Payload() c: DataScopeCommand) {
    const { caller, by } = await this.operators.of(c);
    await this.roles.setDataScope(c.body, caller, by);
    return {};
  }

  @MessagePattern(A.roleChangeStatus)
  async changeStatus(@Payload() c: StatusCommand) {
    const { caller, by } = await this.operators.of(c);
    await this.roles.changeStatus(c.body, caller, by);
    return {};
  }

  @MessagePattern(A.roleRemove)
  async remove(@Payload() c: IdsCommand) {
    const { by } = await this.operators.of(c);
    await this.roles.remove(c.body.ids, by);
    return {};
  }

  @MessagePattern(A.roleAllocatedUsers)
  allocated(@Payload() c: UsersQueryCommand) {
    return this.roles.users(c.body, callerOf(c), true);
  }

  @MessagePattern(A.roleUnallocatedUsers)
  unallocated(@Payload() c: UsersQueryCommand) {
    return this.roles.users(c.body, callerOf(c), false);
  }

  @MessagePattern(A.roleCancelUsers)
  async cancel(@Payload() c: UsersCommand) {
    await this.roles.cancelUsers(c.body, callerOf(c));
    return {};
  }

  @MessagePattern(A.roleSelectUsers)
  async select(@Payload() c: UsersCommand) {
    await this.roles.selectUsers(c.body, callerOf(c));
    return {};
  }

  @MessagePattern(A.roleDeptTree)
  deptTree(@Payload() c: IdCommand) {
    return this.roles.deptTree(c.body.id, callerOf(c));
  }
}
