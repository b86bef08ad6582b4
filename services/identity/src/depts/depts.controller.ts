import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ADMIN_PATTERNS as A } from '@platform/contracts';
import { commandOf, DeptBody, DeptQuery, IdBody } from '@platform/contracts/dto';

import { Operators } from '../common/operators.service';
import { callerOf } from '../common/sql';
import { DeptsService } from './depts.service';

class DeptQueryCommand extends commandOf(DeptQuery) {}
class DeptCommand extends commandOf(DeptBody) {}
class IdCommand extends commandOf(IdBody) {}
class EmptyCommand extends commandOf(Object) {}

/** Departments. */
@Controller()
export class DeptsController {
  constructor(
    private readonly depts: DeptsService,
    private readonly operators: Operators,
  ) {}

  @MessagePattern(A.deptList)
  list(@Payload() c: DeptQueryCommand) {
    return this.depts.list(c.body, callerOf(c));
  }

  @MessagePattern(A.deptListExclude)
  listExclude(@Payload() c: IdCommand) {
    return this.depts.list({}, callerOf(c), c.body.id);
  }

  /** The user page's department tree (scoped by the user list's permission). */
  @MessagePattern(A.deptTree)
  userPageTree(@Payload() c: EmptyCommand) {
    return this.depts.userPageTree(callerOf(c));
  }

  @MessagePattern(A.deptGet)
  get(@Payload() c: IdCommand) {
    return this.depts.get(c.body.id, callerOf(c));
  }

  @MessagePattern(A.deptCreate)
  async create(@Payload() c: DeptCommand) {
    const { caller, by } = await this.operators.of(c);
    return this.depts.create(c.body, caller, by);
  }

  @MessagePattern(A.deptUpdate)
  async update(@Payload() c: DeptCommand) {
    const { caller, by } = await this.operators.of(c);
    await this.depts.update(c.body, caller, by);
    return {};
  }

  @MessagePattern(A.deptRemove)
  async remove(@Payload() c: IdCommand) {
    const { caller, by } = await this.operators.of(c);
    await this.depts.remove(c.body.id, caller, by);
    return {};
  }
}
