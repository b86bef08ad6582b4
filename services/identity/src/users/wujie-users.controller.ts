import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { IDENTITY_WUJIE_PATTERNS } from '@platform/contracts';
import { commandOf, LinkStatusBody, WujieUserListQuery } from '@platform/contracts/dto';

import { Operators } from '../common/operators.service';
import { callerOf } from '../common/sql';
import { WujieUsersService } from './wujie-users.service';

class ListCommand extends commandOf(WujieUserListQuery) {}
class LinkStatusCommand extends commandOf(LinkStatusBody) {}

/** The admin user page of the wujie area: identity's part (the gateway joins billing's). */
@Controller()
export class WujieUsersController {
  constructor(
    private readonly users: WujieUsersService,
    private readonly operators: Operators,
  ) {}

  @MessagePattern(IDENTITY_WUJIE_PATTERNS.userList)
  list(@Payload() c: ListCommand) {
    return this.users.list(c.body, callerOf(c));
  }

  @MessagePattern(IDENTITY_WUJIE_PATTERNS.linkStatus)
  async linkStatus(@Payload() c: LinkStatusCommand) {
    const { caller, by } = await this.operators.of(c);
    await this.users.setLinkStatus(c.body, caller, by);
    return {};
  }
}
