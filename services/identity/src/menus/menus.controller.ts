import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ADMIN_PATTERNS as A } from '@platform/contracts';
import { commandOf, IdBody, MenuBody, MenuQuery } from '@platform/contracts/dto';

import { Operators } from '../common/operators.service';
import { callerOf } from '../common/sql';
import { MenusService } from './menus.service';

class MenuQueryCommand extends commandOf(MenuQuery) {}
class MenuCommand extends commandOf(MenuBody) {}
class IdCommand extends commandOf(IdBody) {}
class EmptyCommand extends commandOf(Object) {}

/** Menus and the menu trees the role screen picks grants from. */
@Controller()
export class MenusController {
  constructor(
    private readonly menus: MenusService,
    private readonly operators: Operators,
  ) {}

  @MessagePattern(A.menuList)
  list(@Payload() c: MenuQueryCommand) {
    return this.menus.list(c.body, callerOf(c));
  }

  @MessagePattern(A.menuGet)
  get(@Payload() c: IdCommand) {
    return this.menus.get(c.body.id);
  }

  @MessagePattern(A.menuTreeSelect)
  tree(@Payload() c: EmptyCommand) {
    return this.menus.treeSelect(callerOf(c));
  }

  @MessagePattern(A.menuRoleTreeSelect)
  roleTree(@Payload() c: IdCommand) {
    return this.menus.roleTreeSelect(c.body.id, callerOf(c));
  }

  @MessagePattern(A.menuCreate)
  async create(@Payload() c: MenuCommand) {
    const { caller, by } = await this.operators.of(c);
    return this.menus.create(c.body, caller, by);
  }

  @MessagePattern(A.menuUpdate)
  async update(@Payload() c: MenuCommand) {
    const { caller, by } = await this.operators.of(c);
    await this.menus.update(c.body, caller, by);
    return {};
  }

  @MessagePattern(A.menuRemove)
  async remove(@Payload() c: IdCommand) {
    await this.menus.remove(c.body.id);
    return {};
  }
}
