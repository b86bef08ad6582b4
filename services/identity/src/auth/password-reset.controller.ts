import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { IDENTITY_PATTERNS } from '@platform/contracts';
import {
  commandOf,
  ResetPasswordByEmailBody,
  ResetPasswordByPhoneBody,
} from '@platform/contracts/dto';

import { RegistrationService } from './registration.service';

class ResetByPhoneCommand extends commandOf(ResetPasswordByPhoneBody) {}
class ResetByEmailCommand extends commandOf(ResetPasswordByEmailBody) {}

/** A forgotten password reset with a code sent to the account's phone or e-mail. */
@Controller()
export class PasswordResetController {
  constructor(private readonly registration: RegistrationService) {}

  @MessagePattern(IDENTITY_PATTERNS.resetPasswordByPhone)
  async byPhone(@Payload() { body }: ResetByPhoneCommand) {
    await this.registration.resetByPhone(body);
    return {};
  }

  @MessagePattern(IDENTITY_PATTERNS.resetPasswordByEmail)
  async byEmail(@Payload() { body }: ResetByEmailCommand) {
    await this.registration.resetByEmail(body);
    return {};
  }
}
