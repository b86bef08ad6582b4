import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { BILLING_ENV, type BillingEnv } from './config/env';
import { BILLING_ENTITIES, billingDataSourceOptions } from './database/data-source';
import { BILLING_DB } from './database/inject';
import { HealthController } from './health/health.controller';
import { LedgerService } from './ledger/ledger.service';
import { OrdersModule } from './orders/orders.module';

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
        OrdersModule.forRoot(env),
      ],
      controllers: [HealthController],
      providers: [{ provide: BILLING_ENV, useValue: env }, LedgerService],
      exports: [LedgerService],
    };
  }
}
