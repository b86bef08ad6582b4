import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { IDENTITY_PATTERNS } from '@platform/contracts';
import { commandOf, LoginBody } from '@platform/contracts/dto';

import { callerOf } from '../common/sql';
import { AuthService } from './auth.service';

class LoginCommand extends commandOf(LoginBody) {}
class CallerCommand extends commandOf(Object) {}

/** Sign-in and sign-out. */
@Controller()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @MessagePattern(IDENTITY_PATTERNS.login)
  login(@Payload() { body, client }: LoginCommand) {
    return this.auth.login(body, client);
  }

  @MessagePattern(IDENTITY_PATTERNS.logout)
  async logout(@Payload() command: CallerCommand) {
    await this.auth.logout(callerOf(command).tokenId, command.client);
    return {};
  }
}
