import { type DynamicModule, Module } from '@nestjs/common';

import { AgentsModule } from './agents/agents.module';
import { BillingModule } from './billing/billing.module';
import { BpmModule } from './bpm/bpm.module';
import { LeaveModule } from './bpm/leave/leave.module';
import { ChatModule } from './chat/chat.module';
import { ConfigModule } from './config/config.module';
import type { WorkflowEnv } from './config/env';
import { DatabaseModule } from './database/database.module';
import { EngineModule } from './engine/engine.module';
import { FunctionsModule } from './functions/functions.module';
import { HealthModule } from './health/health.module';
import { MissionsModule } from './missions/missions.module';
import { PlaygroundModule } from './playground/playground.module';
import { SkillsModule } from './skills/skills.module';
import { WorkflowsModule } from './workflows/workflows.module';

/** The workflow service: its configuration, database and one module per feature, nothing declared here. */
@Module({})
export class AppModule {
  static forRoot(env: WorkflowEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(env),
        DatabaseModule.forRoot(env),
        EngineModule,
        WorkflowsModule,
        AgentsModule,
        SkillsModule,
        FunctionsModule,
        BpmModule,
        LeaveModule,
        MissionsModule,
        BillingModule,
        ChatModule,
        PlaygroundModule,
        HealthModule,
      ],
    };
  }
}
