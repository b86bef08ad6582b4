import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { BILLING_ENV, type BillingEnv } from './config/env';
import { BILLING_ENTITIES, billingDataSourceOptions } from './database/data-source';
import { BILLING_DB } from './database/inject';
import { BillingEventsService } from './events/billing-events.service';
import { HealthController } from './health/health.controller';
import { IdentityClient } from './identity/identity-client';
import { InvitationsModule } from './invitations/invitations.module';
import { LedgerService } from './ledger/ledger.service';
import { MissionsModule } from './missions/missions.module';
import { OrdersModule } from './orders/orders.module';
import { PointsDashboardController } from './points/dashboard.controller';
import { PointsController } from './points/points.controller';
import { PointsService } from './points/points.service';
import { RewardsService } from './rewards/rewards.service';

@Module({})
export class AppModule {
  static forRoot(env: BillingEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        TypeOrmModule.forRoot({
          ...billingDataSourceOptions(env.BILLING_DB_URL),
          name: BILLING_DB,
        }),
        TypeOrmModule.forFeature(BILLING_ENTITIES, BILLING_DB),
        MissionsModule,
        OrdersModule.forRoot(env),
        InvitationsModule,
      ],
      controllers: [HealthController, PointsController, PointsDashboardController],
      providers: [
        { provide: BILLING_ENV, useValue: env },
        LedgerService,
        IdentityClient,
        PointsService,
        RewardsService,
        BillingEventsService,
      ],
      exports: [LedgerService],
    };
  }
}
