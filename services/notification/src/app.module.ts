import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { CodeDeliveryConsumer } from './codes/code-delivery.consumer';
import { NOTIFICATION_ENV, type NotificationEnv } from './config/env';
import { notificationDataSourceOptions } from './database/data-source';
import { NOTIFICATION_DB } from './database/inject';
import { EventConsumer } from './events/event.consumer';
import { HealthController } from './health/health.controller';
import { MessagesController } from './messages/messages.controller';
import { MessagesService } from './messages/messages.service';
import { Recipients } from './messages/recipients';

@Module({})
export class AppModule {
  static forRoot(env: NotificationEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        TypeOrmModule.forRoot({
          ...notificationDataSourceOptions(env.NOTIFICATION_DB_URL),
          name: NOTIFICATION_DB,
        }),
      ],
      controllers: [HealthController, MessagesController],
      providers: [
        { provide: NOTIFICATION_ENV, useValue: env },
        Recipients,
        MessagesService,
        EventConsumer,
        CodeDeliveryConsumer,
      ],
    };
  }
}
