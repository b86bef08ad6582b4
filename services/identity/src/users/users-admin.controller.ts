import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ADMIN_PATTERNS as A } from '@platform/contracts';
import {
  AuthRoleBody,
  commandOf,
  IdBody,
  IdsBody,
  ImportUsersBody,
  OptionalIdBody,
  ResetPwdBody,
  UserBody,
  UserQuery,
  UserStatusBody,
} from '@platform/contracts/dto';

import { Operators } from '../common/operators.service';
import { callerOf } from '../common/sql';
import { UserImportService } from './user-import.service';
import { UsersAdminService } from './users-admin.service';

class QueryCommand extends commandOf(UserQuery) {}
class UserCommand extends commandOf(UserBody) {}
class IdCommand extends commandOf(IdBody) {}
class IdsCommand extends commandOf(IdsBody) {}
class ResetPwdCommand extends commandOf(ResetPwdBody) {}
class StatusCommand extends commandOf(UserStatusBody) {}
class AuthRoleCommand extends commandOf(AuthRoleBody) {}
class ImportCommand extends commandOf(ImportUsersBody) {}
class OptionalIdCommand extends commandOf(OptionalIdBody) {}
class EmptyCommand extends commandOf(Object) {}

/** User management. */
@Controller()
export class UsersAdminController {
  constructor(
    private readonly users: UsersAdminService,
    private readonly importer: UserImportService,
    private readonly operators: Operators,
  ) {}

  @MessagePattern(A.userList)
  list(@Payload() c: QueryCommand) {
    return this.users.list(c.body, callerOf(c));
  }

  @MessagePattern(A.userExportPage)
  exportPage(@Payload() c: QueryCommand) {
    return this.users.exportPage(c.body, callerOf(c));
  }

  @MessagePattern(A.userSimple)
  simple(@Payload() c: EmptyCommand) {
    return this.users.simple(callerOf(c));
  }

  @MessagePattern(A.userGet)
  get(@Payload() c: OptionalIdCommand) {
    return this.users.get(c.body.id || undefined, callerOf(c));
  }

  @MessagePattern(A.userCreate)
  async create(@Payload() c: UserCommand) {
    const { caller, by } = await this.operators.of(c);
    return this.users.create(c.body, caller, by);
  }

  @MessagePattern(A.userUpdate)
  async update(@Payload() c: UserCommand) {
    const { caller, by } = await this.operators.of(c);
    await this.users.update(c.body, caller, by);
    return {};
  }

  @MessagePattern(A.userRemove)
  async remove(@Payload() c: IdsCommand) {
    const { caller, by } = await this.operators.of(c);
    await this.users.remove(c.body.ids, caller, by);
    return {};
  }

  @MessagePattern(A.userResetPwd)
  async resetPwd(@Payload() c: ResetPwdCommand) {
    const { caller, by } = await this.operators.of(c);
    await this.users.resetPwd(c.body, caller, by);
    return {};
  }

  @MessagePattern(A.userChangeStatus)
  async changeStatus(@Payload() c: StatusCommand) {
    const { caller, by } = await this.operators.of(c);
    await this.users.changeStatus(c.body, caller, by);
    return {};
  }

  @MessagePattern(A.userAuthRoleGet)
  authRoleGet(@Payload() c: IdCommand) {
    return this.users.authRoleGet(c.body.id, callerOf(c));
  }

  @MessagePattern(A.userAuthRole)
  async authRole(@Payload() c: AuthRoleCommand) {
    await this.users.authRole(c.body, callerOf(c));
    return {};
  }

  @MessagePattern(A.userImport)
  async importUsers(@Payload() c: ImportCommand) {
    const { caller, by } = await this.operators.of(c);
    return this.importer.importUsers(c.body, caller, by, c.client.lang);
  }
}
