import 'reflect-metadata';

import { listenAsService, migrateServiceDatabase, runServiceMain } from '@platform/nest-common';

import { AppModule } from './app.module';
import { type IdentityEnv, loadIdentityEnv } from './config/env';
import { identityDataSource } from './database/data-source';

/** Creates the database if missing and applies pending migrations (schema and seed rows). */
export function prepareDatabase(env: IdentityEnv): Promise<void> {
  return migrateServiceDatabase(env.IDENTITY_DB_URL, identityDataSource);
}

export async function startIdentity(env: IdentityEnv) {
  await prepareDatabase(env);
  return listenAsService(AppModule.forRoot(env), env, 'identity');
}

if (require.main === module) runServiceMain('identity', () => startIdentity(loadIdentityEnv()));
