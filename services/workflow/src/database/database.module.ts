import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import type { WorkflowEnv } from '../config/env';
import { workflowDataSourceOptions } from './data-source';
import { WORKFLOW_DB } from './inject';

/**
 * The workflow database's connection (named WORKFLOW_DB). TypeORM's data source is global; a feature
 * module that injects repositories names their entities with TypeOrmModule.forFeature.
 */
@Module({})
export class DatabaseModule {
  static forRoot(env: WorkflowEnv): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRoot({
          ...workflowDataSourceOptions(env.WORKFLOW_DB_URL),
          name: WORKFLOW_DB,
        }),
      ],
    };
  }
}
