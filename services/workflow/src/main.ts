import 'reflect-metadata';

import { listenAsService, migrateServiceDatabase, runServiceMain } from '@platform/nest-common';

import { AppModule } from './app.module';
import { loadWorkflowEnv, type WorkflowEnv } from './config/env';
import { workflowDataSource } from './database/data-source';

/** Creates the database if missing and applies pending migrations. */
export function prepareDatabase(env: WorkflowEnv): Promise<void> {
  return migrateServiceDatabase(env.WORKFLOW_DB_URL, workflowDataSource);
}

export async function startWorkflow(env: WorkflowEnv) {
  await prepareDatabase(env);
  return listenAsService(AppModule.forRoot(env), env, 'workflow');
}

if (require.main === module) runServiceMain('workflow', () => startWorkflow(loadWorkflowEnv()));
