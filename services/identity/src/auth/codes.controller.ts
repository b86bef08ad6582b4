import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { IDENTITY_PATTERNS } from '@platform/contracts';
import {
  commandOf,
  SendEmailCodeBody,
  SendSmsCodeBody,
  VerifyEmailCodeBody,
  VerifySmsCodeBody,
} from '@platform/contracts/dto';

import {
  emailTarget,
  phoneTarget,
  VerificationService,
} from '../verification/verification.service';
import { RegistrationService } from './registration.service';

class SendSmsCodeCommand extends commandOf(SendSmsCodeBody) {}
class SendEmailCodeCommand extends commandOf(SendEmailCodeBody) {}
class VerifySmsCodeCommand extends commandOf(VerifySmsCodeBody) {}
class VerifyEmailCodeCommand extends commandOf(VerifyEmailCodeBody) {}

/** Verification codes by SMS and e-mail, sent only when the target fits the code's scene. */
@Controller()
export class CodesController {
  constructor(
    private readonly codes: VerificationService,
    private readonly registration: RegistrationService,
  ) {}

  @MessagePattern(IDENTITY_PATTERNS.sendSmsCode)
  async sendSms(@Payload() { body, client }: SendSmsCodeCommand) {
    await this.registration.assertPhoneFitsScene(body.qu, body.phonenumber, body.scene);
    return this.codes.send(phoneTarget(body.qu, body.phonenumber), body.scene, client);
  }

  @MessagePattern(IDENTITY_PATTERNS.sendEmailCode)
  async sendEmail(@Payload() { body, client }: SendEmailCodeCommand) {
    await this.registration.assertEmailFitsScene(body.email, body.scene);
    return this.codes.send(emailTarget(body.email), body.scene, client);
  }

  @MessagePattern(IDENTITY_PATTERNS.verifySmsCode)
  verifySms(@Payload() { body }: VerifySmsCodeCommand) {
    return this.codes.verify(phoneTarget(body.qu ?? '86', body.phoneNumber), body.scene, body.code);
  }

  @MessagePattern(IDENTITY_PATTERNS.verifyEmailCode)
  verifyEmail(@Payload() { body }: VerifyEmailCodeCommand) {
    return this.codes.verify(emailTarget(body.email), body.scene, body.code);
  }
}
