import { InjectDataSource } from '@nestjs/typeorm';

/** Name of the service's TypeORM data source (tests run several services in one process). */
export const NOTIFICATION_DB = 'notification';

export const InjectNotificationDb = () => InjectDataSource(NOTIFICATION_DB);
