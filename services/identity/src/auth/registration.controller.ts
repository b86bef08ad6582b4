import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { IDENTITY_PATTERNS } from '@platform/contracts';
import { commandOf, RegisterByEmailBody, RegisterByPhoneBody } from '@platform/contracts/dto';

import { RegistrationService } from './registration.service';

class RegisterByPhoneCommand extends commandOf(RegisterByPhoneBody) {}
class RegisterByEmailCommand extends commandOf(RegisterByEmailBody) {}

/** Sign-up by phone or e-mail. */
@Controller()
export class RegistrationController {
  constructor(private readonly registration: RegistrationService) {}

  @MessagePattern(IDENTITY_PATTERNS.registerByPhone)
  byPhone(@Payload() { body, client }: RegisterByPhoneCommand) {
    return this.registration.registerByPhone(body, client);
  }

  @MessagePattern(IDENTITY_PATTERNS.registerByEmail)
  byEmail(@Payload() { body, client }: RegisterByEmailCommand) {
    return this.registration.registerByEmail(body, client);
  }
}
