import { type DynamicModule, Module } from '@nestjs/common';
import { getRepositoryToken, TypeOrmModule } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';

import { AuthController } from './auth/auth.controller';
import { AuthService } from './auth/auth.service';
import { CaptchaService } from './auth/captcha.service';
import { LockoutService } from './auth/lockout.service';
import { LoginLogService } from './auth/login-log.service';
import { PasswordService } from './auth/password.service';
import { SessionFactory } from './auth/session-factory.service';
import { AdminBootstrap } from './bootstrap/admin.bootstrap';
import { CountCache } from './common/count-cache.service';
import { Operators } from './common/operators.service';
import { CompaniesService } from './companies/companies.service';
import { CompaniesAdminService } from './companies/companies-admin.service';
import type { IdentityEnv } from './config/env';
import { identityDataSourceOptions } from './database/data-source';
import { IDENTITY_ENTITIES } from './database/entities';
import { DataScopeService } from './datascope/data-scope.service';
import { DeptsService } from './depts/depts.service';
import { SystemController } from './depts/system.controller';
import { DictsController } from './dicts/dicts.controller';
import { DictsService } from './dicts/dicts.service';
import { EventRelayService } from './events/event-relay.service';
import { GrantPolicy } from './grants/grant-policy.service';
import { HealthController } from './health/health.controller';
import { InfraModule } from './infra/infra.module';
import { JobRegistry } from './jobs/job-registry';
import { JobsService } from './jobs/jobs.service';
import { LogsService } from './logs/logs.service';
import { OperLogConsumer } from './logs/oper-log.consumer';
import { MenusService } from './menus/menus.service';
import { RoutersService } from './menus/routers.service';
import { CacheMonitorService } from './monitor/cache-monitor.service';
import { DashboardController } from './monitor/dashboard.controller';
import { MonitorController } from './monitor/monitor.controller';
import { OnlineService } from './monitor/online.service';
import { NoticesService } from './notices/notices.service';
import { ConfigParamsService } from './params/config-params.service';
import { ConfigsService } from './params/configs.service';
import { PostsService } from './posts/posts.service';
import { FieldCipher } from './realname/field-cipher';
import { fieldKeys } from './realname/field-key';
import { AlipayCertifier, IDENTITY_CERTIFIER } from './realname/identity-certifier';
import { RealNameController } from './realname/realname.controller';
import { RealNameService } from './realname/realname.service';
import { RichTextService } from './richtext/rich-text.service';
import { RolesController } from './roles/roles.controller';
import { RolesService } from './roles/roles.service';
import { AccountService } from './users/account.service';
import { AssigneeIdsController } from './users/assignee-ids.controller';
import { ProfileService } from './users/profile.service';
import { PromotionController } from './users/promotion.controller';
import { RegistrationService } from './users/registration.service';
import { SessionSync } from './users/session-sync.service';
import { UserDirectory } from './users/user-directory.service';
import { UserIdsController } from './users/user-ids.controller';
import { UserImportService } from './users/user-import.service';
import { UsersAdminController } from './users/users-admin.controller';
import { UsersAdminService } from './users/users-admin.service';
import { WujieUsersController } from './users/wujie-users.controller';
import { WujieUsersService } from './users/wujie-users.service';
import { CODE_SENDERS, type CodeSender } from './verification/code-sender';
import { OutboxMessage } from './verification/outbox.entity';
import { OutboxSender } from './verification/outbox.sender';
import { CodeDeliveryQueue, QueueSender } from './verification/queue.sender';
import { VerificationService } from './verification/verification.service';

/**
 * A channel whose delivery is configured (SMTP_URL, SMS_API_URL) is sent by the notification service
 * (durably, through the code-delivery queue); otherwise the development outbox (refused in production).
 */
function codeSenders(
  env: IdentityEnv,
  outbox: Repository<OutboxMessage>,
  queue: CodeDeliveryQueue,
): Partial<Record<'sms' | 'email', CodeSender>> {
  const fallback = (channel: 'sms' | 'email') =>
    env.NODE_ENV === 'production' ? undefined : new OutboxSender(channel, outbox, env.NODE_ENV);
  return {
    email: env.SMTP_URL ? new QueueSender('email', queue) : fallback('email'),
    sms: env.SMS_API_URL ? new QueueSender('sms', queue) : fallback('sms'),
  };
}

@Module({})
export class AppModule {
  static forRoot(env: IdentityEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        InfraModule.forRoot(env),
        TypeOrmModule.forRoot(identityDataSourceOptions(env.IDENTITY_DB_URL)),
        TypeOrmModule.forFeature(IDENTITY_ENTITIES),
      ],
      controllers: [
        AuthController,
        HealthController,
        UsersAdminController,
        PromotionController,
        WujieUsersController,
        UserIdsController,
        AssigneeIdsController,
        RolesController,
        SystemController,
        DictsController,
        MonitorController,
        DashboardController,
        RealNameController,
      ],
      providers: [
        EventRelayService,
        {
          provide: CODE_SENDERS,
          useFactory: (outbox: Repository<OutboxMessage>, queue: CodeDeliveryQueue) =>
            codeSenders(env, outbox, queue),
          inject: [getRepositoryToken(OutboxMessage), CodeDeliveryQueue],
        },
        CodeDeliveryQueue,
        {
          provide: FieldCipher,
          useFactory: () => {
            const keys = fieldKeys(env);
            return new FieldCipher(keys.current, keys.previous);
          },
        },
        {
          provide: IDENTITY_CERTIFIER,
          useFactory: () => (env.ALIPAY_APP_ID ? new AlipayCertifier(env) : null),
        },
        RealNameService,
        AdminBootstrap,
        AuthService,
        CaptchaService,
        LockoutService,
        LoginLogService,
        PasswordService,
        SessionFactory,
        CompaniesService,
        RoutersService,
        ConfigParamsService,
        AccountService,
        RegistrationService,
        UserDirectory,
        VerificationService,
        // Administration console (issue 4)
        CacheMonitorService,
        CompaniesAdminService,
        CountCache,
        ConfigsService,
        DataScopeService,
        DeptsService,
        DictsService,
        GrantPolicy,
        JobRegistry,
        JobsService,
        LogsService,
        OperLogConsumer,
        MenusService,
        NoticesService,
        OnlineService,
        Operators,
        PostsService,
        ProfileService,
        RichTextService,
        RolesService,
        SessionSync,
        UserImportService,
        UsersAdminService,
        WujieUsersService,
      ],
    };
  }
}
