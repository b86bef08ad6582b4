import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ADMIN_PATTERNS as A } from '@platform/contracts';
import {
  commandOf,
  IdBody,
  IdsBody,
  MenuBody,
  MenuQuery,
  RoleBody,
  RoleDataScopeBody,
  RoleQuery,
  RoleStatusBody,
  RoleUsersBody,
  RoleUsersQuery,
} from '@platform/contracts/dto';

import { Operators } from '../common/operators.service';
import { callerOf } from '../common/sql';
import { MenusService } from '../menus/menus.service';
import { RolesService } from './roles.service';

class RoleQueryCommand extends commandOf(RoleQuery) {}
class RoleCommand extends commandOf(RoleBody) {}
class IdCommand extends commandOf(IdBody) {}
class IdsCommand extends commandOf(IdsBody) {}
class DataScopeCommand extends commandOf(RoleDataScopeBody) {}
class StatusCommand extends commandOf(RoleStatusBody) {}
class UsersQueryCommand extends commandOf(RoleUsersQuery) {}
class UsersCommand extends commandOf(RoleUsersBody) {}
class MenuQueryCommand extends commandOf(MenuQuery) {}
class MenuCommand extends commandOf(MenuBody) {}
class EmptyCommand extends commandOf(Object) {}

/** Roles and menus (the two screens share the menu trees). */
@Controller()
export class RolesController {
  constructor(
    private readonly roles: RolesService,
    private readonly menus: MenusService,
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

  @MessagePattern(A.menuList)
  menuList(@Payload() c: MenuQueryCommand) {
    return this.menus.list(c.body, callerOf(c));
  }

  @MessagePattern(A.menuGet)
  menuGet(@Payload() c: IdCommand) {
    return this.menus.get(c.body.id);
  }

  @MessagePattern(A.menuTreeSelect)
  menuTree(@Payload() c: EmptyCommand) {
    return this.menus.treeSelect(callerOf(c));
  }

  @MessagePattern(A.menuRoleTreeSelect)
  roleMenuTree(@Payload() c: IdCommand) {
    return this.menus.roleTreeSelect(c.body.id, callerOf(c));
  }

  @MessagePattern(A.menuCreate)
  async menuCreate(@Payload() c: MenuCommand) {
    const { caller, by } = await this.operators.of(c);
    return this.menus.create(c.body, caller, by);
  }

  @MessagePattern(A.menuUpdate)
  async menuUpdate(@Payload() c: MenuCommand) {
    const { caller, by } = await this.operators.of(c);
    await this.menus.update(c.body, caller, by);
    return {};
  }

  @MessagePattern(A.menuRemove)
  async menuRemove(@Payload() c: IdCommand) {
    await this.menus.remove(c.body.id);
    return {};
  }
}
