// What other packages (the platform launcher, tests, benchmarks) use.
import { loadNotificationEnv } from './config/env';
import { startNotification } from './main';

export { loadNotificationEnv, NOTIFICATION_ENV, type NotificationEnv } from './config/env';
export { EventConsumer, type EventOutcome } from './events/event.consumer';
export { draftOf, type MessageDraft } from './events/event-messages';
export { prepareDatabase, startNotification } from './main';

/** The notification service in a test stack (`startStack([identityStarter, notificationStarter])`). */
export const notificationStarter = {
  name: 'notification',
  databaseEnv: 'NOTIFICATION_DB_URL',
  start: (env: Record<string, string>) => startNotification(loadNotificationEnv(env)),
};
