import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { IDENTITY_PATTERNS } from '@platform/contracts';
import { DomainError } from '@platform/contracts';
import {
  BindPhoneBody,
  commandOf,
  EmailCheckBody,
  LoginBody,
  RegisterByEmailBody,
  RegisterByPhoneBody,
  ResetPasswordByEmailBody,
  ResetPasswordByPhoneBody,
  SendEmailCodeBody,
  SendSmsCodeBody,
  VerifyEmailCodeBody,
  VerifySmsCodeBody,
} from '@platform/contracts/dto';

import { RoutersService } from '../menus/routers.service';
import { AccountService } from '../users/account.service';
import { RegistrationService } from '../users/registration.service';
import {
  emailTarget,
  phoneTarget,
  VerificationService,
} from '../verification/verification.service';
import { AuthService } from './auth.service';
import { CaptchaService } from './captcha.service';

class LoginCommand extends commandOf(LoginBody) {}
class SendSmsCodeCommand extends commandOf(SendSmsCodeBody) {}
class SendEmailCodeCommand extends commandOf(SendEmailCodeBody) {}
class VerifySmsCodeCommand extends commandOf(VerifySmsCodeBody) {}
class VerifyEmailCodeCommand extends commandOf(VerifyEmailCodeBody) {}
class RegisterByPhoneCommand extends commandOf(RegisterByPhoneBody) {}
class RegisterByEmailCommand extends commandOf(RegisterByEmailBody) {}
class ResetByPhoneCommand extends commandOf(ResetPasswordByPhoneBody) {}
class ResetByEmailCommand extends commandOf(ResetPasswordByEmailBody) {}
class EmailCheckCommand extends commandOf(EmailCheckBody) {}
class BindPhoneCommand extends commandOf(BindPhoneBody) {}
class CallerCommand extends commandOf(Object) {}

function callerOf(command: { caller?: { userId: number; tokenId: string } }) {
  if (!command.caller) throw new DomainError('auth.session_invalid', {}, 401);
  return command.caller;
}

/** Message handlers of sign-in, sign-up, codes and the signed-in shell's account calls. */
@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly captcha: CaptchaService,
    private readonly codes: VerificationService,
    private readonly registration: RegistrationService,
    private readonly account: AccountService,
    private readonly routers: RoutersService,
  ) {}

  @MessagePattern(IDENTITY_PATTERNS.captchaCreate)
  createCaptcha() {
    return this.captcha.create();
  }

  @MessagePattern(IDENTITY_PATTERNS.login)
  login(@Payload() { body, client }: LoginCommand) {
    return this.auth.login(body, client);
  }

  @MessagePattern(IDENTITY_PATTERNS.logout)
  async logout(@Payload() command: CallerCommand) {
    await this.auth.logout(callerOf(command).tokenId, command.client);
    return {};
  }

  @MessagePattern(IDENTITY_PATTERNS.sendSmsCode)
  async sendSmsCode(@Payload() { body, client }: SendSmsCodeCommand) {
    await this.registration.assertPhoneFitsScene(body.qu, body.phonenumber, body.scene);
    return this.codes.send(phoneTarget(body.qu, body.phonenumber), body.scene, client);
  }

  @MessagePattern(IDENTITY_PATTERNS.sendEmailCode)
  async sendEmailCode(@Payload() { body, client }: SendEmailCodeCommand) {
    await this.registration.assertEmailFitsScene(body.email, body.scene);
    return this.codes.send(emailTarget(body.email), body.scene, client);
  }

  @MessagePattern(IDENTITY_PATTERNS.verifySmsCode)
  verifySmsCode(@Payload() { body }: VerifySmsCodeCommand) {
    return this.codes.verify(phoneTarget(body.qu ?? '86', body.phoneNumber), body.scene, body.code);
  }

  @MessagePattern(IDENTITY_PATTERNS.verifyEmailCode)
  verifyEmailCode(@Payload() { body }: VerifyEmailCodeCommand) {
    return this.codes.verify(emailTarget(body.email), body.scene, body.code);
  }

  @MessagePattern(IDENTITY_PATTERNS.registerByPhone)
  registerByPhone(@Payload() { body, client }: RegisterByPhoneCommand) {
    return this.registration.registerByPhone(body, client);
  }

  @MessagePattern(IDENTITY_PATTERNS.registerByEmail)
  registerByEmail(@Payload() { body, client }: RegisterByEmailCommand) {
    return this.registration.registerByEmail(body, client);
  }

  @MessagePattern(IDENTITY_PATTERNS.resetPasswordByPhone)
  async resetByPhone(@Payload() { body }: ResetByPhoneCommand) {
    await this.registration.resetByPhone(body);
    return {};
  }

  @MessagePattern(IDENTITY_PATTERNS.resetPasswordByEmail)
  async resetByEmail(@Payload() { body }: ResetByEmailCommand) {
    await this.registration.resetByEmail(body);
    return {};
  }

  @MessagePattern(IDENTITY_PATTERNS.emailCheck)
  emailCheck(@Payload() { body }: EmailCheckCommand) {
    return this.account.emailRegistered(body.email);
  }

  @MessagePattern(IDENTITY_PATTERNS.routers)
  routes(@Payload() command: CallerCommand) {
    return this.routers.routesFor(callerOf(command).userId, command.client.lang);
  }

  @MessagePattern(IDENTITY_PATTERNS.checkMainland)
  checkMainland(@Payload() command: CallerCommand) {
    return this.account.checkMainland(callerOf(command), command.client);
  }

  @MessagePattern(IDENTITY_PATTERNS.bindPhone)
  bindPhone(@Payload() command: BindPhoneCommand) {
    return this.account.bindPhone(command.body, callerOf(command));
  }
}
