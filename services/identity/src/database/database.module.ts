import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import type { IdentityEnv } from '../config/env';
import { identityDataSourceOptions } from './data-source';

/**
 * The identity database's connection. TypeORM's DataSource is global; each feature module names the
 * entities it injects repositories of (TypeOrmModule.forFeature).
 */
@Module({})
export class DatabaseModule {
  static forRoot(env: IdentityEnv): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [TypeOrmModule.forRoot(identityDataSourceOptions(env.IDENTITY_DB_URL))],
    };
  }
}
