import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import {
  type CaptchaView,
  IDENTITY_PATTERNS,
  type RouteItem,
  type ServiceStatusView,
  type TokenView,
} from '@platform/contracts';
import {
  BindEmailBody,
  BindPhoneBody,
  EmailCheckBody,
  LoginBody,
  RegisterByEmailBody,
  RegisterByPhoneBody,
  ResetPasswordByEmailBody,
  ResetPasswordByPhoneBody,
  SendEmailCodeBody,
  SendSmsCodeBody,
  SendToAdminBody,
  ServiceRequestBody,
  VerifyEmailCodeBody,
  VerifySmsCodeBody,
} from '@platform/contracts/dto';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { Public, RateLimit, ServedDuringMaintenance, SignedIn } from '../common/decorators';
import { MaintenanceSwitch } from '../common/maintenance';
import { NoLog } from '../common/oper-log';
import { languageOf, stateOf } from '../common/request-context';
import { ServiceClient } from '../rpc/service-client';
import { userInfoBody } from './user-info';

/** Sign-in, sign-up, password recovery and the signed-in shell's calls (spec §7 Authentication). */
@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(
    private readonly identity: ServiceClient,
    private readonly maintenance: MaintenanceSwitch,
  ) {}

  @Get('captchaImage')
  @Public()
  @RateLimit('captcha')
  captchaImage(@Req() request: FastifyRequest): Promise<CaptchaView> {
    return this.identity.forward(IDENTITY_PATTERNS.captchaCreate, request);
  }

  @Post('login')
  @HttpCode(200)
  @Public()
  @NoLog()
  @RateLimit('login')
  login(@Req() request: FastifyRequest, @Body() body: LoginBody): Promise<TokenView> {
    return this.identity.forward(IDENTITY_PATTERNS.login, request, body);
  }

  /** Generic sign-up: by phone when `phonenumber` is given, else by e-mail. */
  @Post('register')
  @HttpCode(200)
  @Public()
  @RateLimit('register')
  register(@Req() request: FastifyRequest, @Body() body: unknown): Promise<TokenView> {
    const byPhone = typeof body === 'object' && body !== null && 'phonenumber' in body;
    return byPhone
      ? this.identity.forward(IDENTITY_PATTERNS.registerByPhone, request, body)
      : this.identity.forward(IDENTITY_PATTERNS.registerByEmail, request, body);
  }

  @Post('logout')
  @HttpCode(200)
  @Public()
  @NoLog()
  async logout(@Req() request: FastifyRequest): Promise<null> {
    // Public on purpose: a client with an expired token can still "log out" without an error.
    if (stateOf(request).session) await this.identity.forward(IDENTITY_PATTERNS.logout, request);
    return null;
  }

  /**
   * Served from the session record (kept current by identity), so the hot path makes no service call;
   * the envelope's text is cached per session version and language (see userInfoBody).
   */
  @Get('getInfo')
  @SignedIn()
  @ServedDuringMaintenance()
  @ApiOkResponse({ description: 'envelope whose data is the UserInfoView' })
  getInfo(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): string {
    const state = stateOf(request);
    void reply.type('application/json; charset=utf-8');
    return userInfoBody(state.session!, state.lang ?? languageOf(request));
  }

  @Get('getRouters')
  @SignedIn()
  @ServedDuringMaintenance()
  getRouters(@Req() request: FastifyRequest): Promise<RouteItem[]> {
    return this.identity.forward(IDENTITY_PATTERNS.routers, request);
  }

  @Post('wujie/user/sendSmsCode')
  @HttpCode(200)
  @Public()
  @RateLimit('code')
  sendSmsCode(@Req() request: FastifyRequest, @Body() body: SendSmsCodeBody) {
    return this.identity.forward(IDENTITY_PATTERNS.sendSmsCode, request, body);
  }

  @Post('wujie/user/sendEmailCode')
  @HttpCode(200)
  @Public()
  @RateLimit('code')
  sendEmailCode(@Req() request: FastifyRequest, @Body() body: SendEmailCodeBody) {
    return this.identity.forward(IDENTITY_PATTERNS.sendEmailCode, request, body);
  }

  @Post('wujie/user/verifySmsCode')
  @HttpCode(200)
  @Public()
  @RateLimit('code')
  verifySmsCode(@Req() request: FastifyRequest, @Body() body: VerifySmsCodeBody) {
    return this.identity.forward(IDENTITY_PATTERNS.verifySmsCode, request, body);
  }

  @Post('wujie/user/verifyEmailCode')
  @HttpCode(200)
  @Public()
  @RateLimit('code')
  verifyEmailCode(@Req() request: FastifyRequest, @Body() body: VerifyEmailCodeBody) {
    return this.identity.forward(IDENTITY_PATTERNS.verifyEmailCode, request, body);
  }

  @Post('wujie/user/registerByPhone')
  @HttpCode(200)
  @Public()
  @RateLimit('register')
  registerByPhone(
    @Req() request: FastifyRequest,
    @Body() body: RegisterByPhoneBody,
  ): Promise<TokenView> {
    return this.identity.forward(IDENTITY_PATTERNS.registerByPhone, request, body);
  }

  @Post('wujie/user/registerByEmail')
  @HttpCode(200)
  @Public()
  @RateLimit('register')
  registerByEmail(
    @Req() request: FastifyRequest,
    @Body() body: RegisterByEmailBody,
  ): Promise<TokenView> {
    return this.identity.forward(IDENTITY_PATTERNS.registerByEmail, request, body);
  }

  @Post('wujie/user/resetPwdByPhone')
  @HttpCode(200)
  @Public()
  @RateLimit('register')
  resetByPhone(@Req() request: FastifyRequest, @Body() body: ResetPasswordByPhoneBody) {
    return this.identity.forward(IDENTITY_PATTERNS.resetPasswordByPhone, request, body);
  }

  @Post('wujie/user/resetPwdByEmail')
  @HttpCode(200)
  @Public()
  @RateLimit('register')
  resetByEmail(@Req() request: FastifyRequest, @Body() body: ResetPasswordByEmailBody) {
    return this.identity.forward(IDENTITY_PATTERNS.resetPasswordByEmail, request, body);
  }

  @Post('wujie/user/emailcheck')
  @HttpCode(200)
  @Public()
  @RateLimit('code')
  emailCheck(@Req() request: FastifyRequest, @Body() body: EmailCheckBody) {
    return this.identity.forward(IDENTITY_PATTERNS.emailCheck, request, body);
  }

  @Get('wujie/user/checkMainland')
  @SignedIn()
  checkMainland(@Req() request: FastifyRequest) {
    return this.identity.forward(IDENTITY_PATTERNS.checkMainland, request);
  }

  @Post('wujie/user/bindPhone')
  @HttpCode(200)
  @SignedIn()
  bindPhone(@Req() request: FastifyRequest, @Body() body: BindPhoneBody) {
    return this.identity.forward(IDENTITY_PATTERNS.bindPhone, request, body);
  }

  /** Binds or changes the caller's e-mail; the code was sent to the new address (scene `bind`). */
  @Post('wujie/user/bindEmail')
  @HttpCode(200)
  @SignedIn()
  bindEmail(@Req() request: FastifyRequest, @Body() body: BindEmailBody) {
    return this.identity.forward(IDENTITY_PATTERNS.bindEmail, request, body);
  }

  /** Whether maintenance is on (sys.maintenance.enabled): the web shows its notice to users when it is. */
  @Get('maintenance')
  @Public()
  async maintenanceStatus(@Req() request: FastifyRequest): Promise<{ enabled: boolean }> {
    return { enabled: await this.maintenance.enabled(request) };
  }

  /**
   * A user asks for service (spec §7); the administrators get an in-app message, once per open request.
   * Served during maintenance too: it is how a user locked out by the notice contacts support.
   */
  @Post('wujie/user/gogetservicestatus')
  @HttpCode(200)
  @SignedIn()
  @ServedDuringMaintenance()
  requestService(
    @Req() request: FastifyRequest,
    @Body() body: ServiceRequestBody,
  ): Promise<ServiceStatusView> {
    return this.identity.forward(IDENTITY_PATTERNS.serviceRequest, request, body);
  }

  /** Where the caller's request for service stands. */
  @Post('wujie/user/servicestatus')
  @HttpCode(200)
  @SignedIn()
  @ServedDuringMaintenance()
  serviceStatus(@Req() request: FastifyRequest): Promise<ServiceStatusView> {
    return this.identity.forward(IDENTITY_PATTERNS.serviceStatus, request);
  }

  /** A user's message to the administrators (an in-app message to their role). */
  @Post('wujie/user/sendtoadmin')
  @HttpCode(200)
  @SignedIn()
  @ServedDuringMaintenance()
  sendToAdmin(@Req() request: FastifyRequest, @Body() body: SendToAdminBody) {
    return this.identity.forward(IDENTITY_PATTERNS.sendToAdmin, request, body);
  }
}
