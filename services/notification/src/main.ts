import 'reflect-metadata';

import { listenAsService, migrateServiceDatabase, runServiceMain } from '@platform/nest-common';

import { AppModule } from './app.module';
import { loadNotificationEnv, type NotificationEnv } from './config/env';
import { notificationDataSource } from './database/data-source';

/** Creates the service's database if missing and applies pending migrations (under a named lock). */
export function prepareDatabase(env: NotificationEnv): Promise<void> {
  return migrateServiceDatabase(env.NOTIFICATION_DB_URL, notificationDataSource);
}

/** Starts the service: its database, its patterns on the transport, and the event consumer. */
export async function startNotification(env: NotificationEnv) {
  await prepareDatabase(env);
  return listenAsService(AppModule.forRoot(env), env, 'notification');
}

if (require.main === module)
  runServiceMain('notification', () => startNotification(loadNotificationEnv()));
