import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ADMIN_PATTERNS as A } from '@platform/contracts';
import { commandOf, OnlineQuery, TokenIdBody } from '@platform/contracts/dto';

import { OnlineService } from './online.service';

class OnlineQueryCommand extends commandOf(OnlineQuery) {}
class TokenIdCommand extends commandOf(TokenIdBody) {}

/** Online sessions. */
@Controller()
export class OnlineController {
  constructor(private readonly online: OnlineService) {}

  @MessagePattern(A.onlineList)
  list(@Payload() c: OnlineQueryCommand) {
    return this.online.list(c.body);
  }

  @MessagePattern(A.onlineForceLogout)
  async forceLogout(@Payload() c: TokenIdCommand) {
    await this.online.forceLogout(c.body.tokenId);
    return {};
  }
}
