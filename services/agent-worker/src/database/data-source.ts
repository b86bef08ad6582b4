import { mysqlDataSourceOptions } from '@platform/nest-common';
import { DataSource } from 'typeorm';

import { TaskExecution } from '../executions/task-execution.entity';
import { TaskExecutions1764300000000 } from './migrations/1764300000000-TaskExecutions';

export const AGENT_ENTITIES = [TaskExecution];

/** Migrations in order; listed explicitly so the build needs no file globbing. */
export const AGENT_MIGRATIONS = [TaskExecutions1764300000000];

export function agentDataSourceOptions(url: string) {
  return mysqlDataSourceOptions(url, { entities: AGENT_ENTITIES, migrations: AGENT_MIGRATIONS });
}

/** The DataSource of the TypeORM CLI and of the start-up migration. */
export function agentDataSource(url: string): DataSource {
  return new DataSource(agentDataSourceOptions(url));
}
