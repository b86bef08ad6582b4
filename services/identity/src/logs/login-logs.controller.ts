import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ADMIN_PATTERNS as A } from '@platform/contracts';
import { commandOf, IdsBody, LoginLogQuery, UserNameBody } from '@platform/contracts/dto';

import { LogsService } from './logs.service';

class LoginQueryCommand extends commandOf(LoginLogQuery) {}
class IdsCommand extends commandOf(IdsBody) {}
class UserNameCommand extends commandOf(UserNameBody) {}

/** The sign-in log and the unlocking of an account it locked. */
@Controller()
export class LoginLogsController {
  constructor(private readonly logs: LogsService) {}

  @MessagePattern(A.loginLogList)
  list(@Payload() c: LoginQueryCommand) {
    return c.body.afterId !== undefined
      ? this.logs.exportLogin(c.body, c.client.lang)
      : this.logs.listLogin(c.body, c.client.lang);
  }

  @MessagePattern(A.loginLogRemove)
  async remove(@Payload() c: IdsCommand) {
    await this.logs.removeLogin(c.body.ids);
    return {};
  }

  @MessagePattern(A.loginLogClean)
  async clean() {
    await this.logs.cleanLogin();
    return {};
  }

  @MessagePattern(A.loginLogUnlock)
  async unlock(@Payload() c: UserNameCommand) {
    await this.logs.unlock(c.body.userName);
    return {};
  }
}
