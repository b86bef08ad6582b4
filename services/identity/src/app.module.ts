import { type DynamicModule, Module } from '@nestjs/common';

import { AuthModule } from './auth/auth.module';
import { BootstrapModule } from './bootstrap/bootstrap.module';
import { CompaniesModule } from './companies/companies.module';
import type { IdentityEnv } from './config/env';
import { DatabaseModule } from './database/database.module';
import { DeptsModule } from './depts/depts.module';
import { DictsModule } from './dicts/dicts.module';
import { EventsModule } from './events/events.module';
import { GenModule } from './gen/gen.module';
import { HealthModule } from './health/health.module';
import { InfraModule } from './infra/infra.module';
import { JobsModule } from './jobs/jobs.module';
import { LogsModule } from './logs/logs.module';
import { MenusModule } from './menus/menus.module';
import { MonitorModule } from './monitor/monitor.module';
import { NoticesModule } from './notices/notices.module';
import { ParamsModule } from './params/params.module';
import { PostsModule } from './posts/posts.module';
import { RealNameModule } from './realname/realname.module';
import { RichTextModule } from './richtext/rich-text.module';
import { RolesModule } from './roles/roles.module';
import { UsersModule } from './users/users.module';
import { VerificationModule } from './verification/verification.module';

/** The identity service: its connections and one module per feature, nothing declared here. */
@Module({})
export class AppModule {
  static forRoot(env: IdentityEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        InfraModule.forRoot(env),
        DatabaseModule.forRoot(env),
        EventsModule,
        HealthModule,
        BootstrapModule,
        AuthModule,
        VerificationModule,
        UsersModule,
        RolesModule,
        MenusModule,
        DeptsModule,
        PostsModule,
        CompaniesModule,
        DictsModule,
        ParamsModule,
        NoticesModule,
        GenModule,
        RichTextModule,
        RealNameModule,
        LogsModule,
        JobsModule,
        MonitorModule,
      ],
    };
  }
}
