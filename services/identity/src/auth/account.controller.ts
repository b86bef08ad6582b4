import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { IDENTITY_PATTERNS } from '@platform/contracts';
import {
  BindEmailBody,
  BindPhoneBody,
  commandOf,
  EmailCheckBody,
  SendToAdminBody,
  ServiceRequestBody,
} from '@platform/contracts/dto';

import { callerOf } from '../common/sql';
import { AccountService } from './account.service';
import { ServiceRequestService } from './service-request.service';

class EmailCheckCommand extends commandOf(EmailCheckBody) {}
class BindPhoneCommand extends commandOf(BindPhoneBody) {}
class BindEmailCommand extends commandOf(BindEmailBody) {}
class CallerCommand extends commandOf(Object) {}
class ServiceRequestCommand extends commandOf(ServiceRequestBody) {}
class SendToAdminCommand extends commandOf(SendToAdminBody) {}

/** The account calls of the sign-up form and the signed-in shell. */
@Controller()
export class AccountController {
  constructor(
    private readonly account: AccountService,
    private readonly service: ServiceRequestService,
  ) {}

  @MessagePattern(IDENTITY_PATTERNS.emailCheck)
  emailCheck(@Payload() { body }: EmailCheckCommand) {
    return this.account.emailRegistered(body.email);
  }

  @MessagePattern(IDENTITY_PATTERNS.checkMainland)
  checkMainland(@Payload() command: CallerCommand) {
    return this.account.checkMainland(callerOf(command), command.client);
  }

  @MessagePattern(IDENTITY_PATTERNS.bindPhone)
  bindPhone(@Payload() command: BindPhoneCommand) {
    return this.account.bindPhone(command.body, callerOf(command));
  }

  @MessagePattern(IDENTITY_PATTERNS.bindEmail)
  bindEmail(@Payload() command: BindEmailCommand) {
    return this.account.bindEmail(command.body, callerOf(command));
  }

  @MessagePattern(IDENTITY_PATTERNS.serviceRequest)
  serviceRequest(@Payload() command: ServiceRequestCommand) {
    return this.service.request(callerOf(command), command.body.content);
  }

  @MessagePattern(IDENTITY_PATTERNS.serviceStatus)
  serviceStatus(@Payload() command: CallerCommand) {
    return this.service.status(callerOf(command));
  }

  @MessagePattern(IDENTITY_PATTERNS.sendToAdmin)
  sendToAdmin(@Payload() command: SendToAdminCommand) {
    return this.service.sendToAdmin(callerOf(command), command.body.content);
  }
}
