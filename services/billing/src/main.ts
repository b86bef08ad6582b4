import 'reflect-metadata';

import { listenAsService, migrateServiceDatabase, runServiceMain } from '@platform/nest-common';

import { AppModule } from './app.module';
import { type BillingEnv, loadBillingEnv } from './config/env';
import { billingDataSource } from './database/data-source';

/** Creates the billing database if missing and applies pending migrations (under a named lock). */
export function prepareDatabase(env: BillingEnv): Promise<void> {
  return migrateServiceDatabase(env.BILLING_DB_URL, billingDataSource);
}

/** Starts the billing service: its database, then its message handlers on the transport. */
export async function startBilling(env: BillingEnv) {
  await prepareDatabase(env);
  return listenAsService(AppModule.forRoot(env), env, 'billing');
}

if (require.main === module) runServiceMain('billing', () => startBilling(loadBillingEnv()));
