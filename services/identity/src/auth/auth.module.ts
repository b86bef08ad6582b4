import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { CommonModule } from '../common/common.module';
import { CompaniesModule } from '../companies/companies.module';
import { ParamsModule } from '../params/params.module';
import { PasswordsModule } from '../passwords/passwords.module';
import { User } from '../users/user.entity';
import { UsersModule } from '../users/users.module';
import { VerificationModule } from '../verification/verification.module';
import { AccountController } from './account.controller';
import { AccountService } from './account.service';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { CaptchaController } from './captcha.controller';
import { CaptchaService } from './captcha.service';
import { CodesController } from './codes.controller';
import { LockoutService } from './lockout.service';
import { LoginLog } from './login-log.entity';
import { LoginLogService } from './login-log.service';
import { PasswordResetController } from './password-reset.controller';
import { RegistrationController } from './registration.controller';
import { RegistrationService } from './registration.service';
import { ServiceRequestService } from './service-request.service';
import { SessionFactory } from './session-factory.service';

/** Sign-in, captcha, codes, sign-up, password reset and the signed-in shell's own account calls. */
@Module({
  imports: [
    TypeOrmModule.forFeature([User, LoginLog]),
    UsersModule,
    PasswordsModule,
    VerificationModule,
    ParamsModule,
    CompaniesModule,
    CommonModule,
  ],
  controllers: [
    AuthController,
    CaptchaController,
    CodesController,
    RegistrationController,
    PasswordResetController,
    AccountController,
  ],
  providers: [
    AuthService,
    CaptchaService,
    LockoutService,
    LoginLogService,
    SessionFactory,
    ServiceRequestService,
    RegistrationService,
    AccountService,
  ],
})
export class AuthModule {}
