import { type DynamicModule, Global, Module } from '@nestjs/common';

import { WORKFLOW_ENV, type WorkflowEnv } from './env';

/** The service's parsed configuration, for every module. */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(env: WorkflowEnv): DynamicModule {
    return {
      module: ConfigModule,
      providers: [{ provide: WORKFLOW_ENV, useValue: env }],
      exports: [WORKFLOW_ENV],
    };
  }
}
