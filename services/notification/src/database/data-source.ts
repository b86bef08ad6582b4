import { mysqlDataSourceOptions } from '@platform/nest-common';
import { DataSource } from 'typeorm';

import { Messages1764600000000 } from './migrations/1764600000000-Messages';

/** Migrations in order; listed explicitly so the build needs no file globbing. */
export const NOTIFICATION_MIGRATIONS = [Messages1764600000000];

/** Plain SQL throughout (no entities): the inbox is written in batches and read by index. */
export function notificationDataSourceOptions(url: string) {
  return mysqlDataSourceOptions(url, { entities: [], migrations: NOTIFICATION_MIGRATIONS });
}

/** The DataSource of the TypeORM CLI and of the start-up migration. */
export function notificationDataSource(url: string): DataSource {
  return new DataSource(notificationDataSourceOptions(url));
}
