import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { REALNAME_PATTERNS as R } from '@platform/contracts';
import {
  commandOf,
  IdBody,
  RealNameCallbackBody,
  RealNameCertifyBody,
  RealNameQuery,
  RealNameRejectBody,
} from '@platform/contracts/dto';

import { callerOf } from '../common/sql';
import { RealNameService } from './realname.service';

class CallerCommand extends commandOf(Object) {}
class CertifyCommand extends commandOf(RealNameCertifyBody) {}
class CallbackCommand extends commandOf(RealNameCallbackBody) {}
class ListCommand extends commandOf(RealNameQuery) {}
class IdCommand extends commandOf(IdBody) {}
class RejectCommand extends commandOf(RealNameRejectBody) {}

/** Message handlers of real-name authentication (the gateway checks permissions before forwarding). */
@Controller()
export class RealNameController {
  constructor(private readonly realName: RealNameService) {}

  @MessagePattern(R.key)
  key(@Payload() command: CallerCommand) {
    return this.realName.issueKey(callerOf(command));
  }

  @MessagePattern(R.certify)
  certify(@Payload() command: CertifyCommand) {
    return this.realName.certify(command.body, callerOf(command));
  }

  @MessagePattern(R.url)
  url(@Payload() command: CallerCommand) {
    return this.realName.url(callerOf(command));
  }

  @MessagePattern(R.callback)
  callback(@Payload() command: CallbackCommand) {
    return this.realName.callback(command.body.auth_code);
  }

  @MessagePattern(R.result)
  result(@Payload() command: CallerCommand) {
    return this.realName.result(callerOf(command));
  }

  @MessagePattern(R.list)
  list(@Payload() command: ListCommand) {
    return this.realName.list(command.body, callerOf(command));
  }

  @MessagePattern(R.approve)
  approve(@Payload() command: IdCommand) {
    return this.realName.approve(command.body.id, callerOf(command));
  }

  @MessagePattern(R.reject)
  reject(@Payload() command: RejectCommand) {
    return this.realName.reject(command.body.id, command.body.reason, callerOf(command));
  }
}
