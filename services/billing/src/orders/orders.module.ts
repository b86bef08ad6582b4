import { type DynamicModule, Module } from '@nestjs/common';

import { BILLING_ENV, type BillingEnv } from '../config/env';
import { IdentityClient } from '../identity/identity-client';
import { LedgerService } from '../ledger/ledger.service';
import { ALIPAY_GATEWAY, AlipaySdkGateway } from '../payment/alipay.gateway';
import { BILLING_CLOCK, systemClock } from './clock';
import { FourEyes } from './four-eyes';
import { OrderExpiry } from './order-expiry';
import { OrdersController } from './orders.controller';
import { OrdersService } from './orders.service';
import { PayConfig } from './pay-config';
import { PointsPrice } from './points-price';

/** Alipay face-to-face payment when its app id and keys are configured; remittance only otherwise. */
const alipayProvider = {
  provide: ALIPAY_GATEWAY,
  inject: [BILLING_ENV],
  useFactory: (env: BillingEnv) =>
    env.ALIPAY_APP_ID && env.ALIPAY_PRIVATE_KEY && env.ALIPAY_PUBLIC_KEY
      ? new AlipaySdkGateway({
          appId: env.ALIPAY_APP_ID,
          privateKey: env.ALIPAY_PRIVATE_KEY,
          alipayPublicKey: env.ALIPAY_PUBLIC_KEY,
          gateway: env.ALIPAY_GATEWAY,
          notifyUrl: env.ALIPAY_NOTIFY_URL,
        })
      : null,
};

/** Recharge orders, their files and invoices, Alipay payment and the overseas expiry job. */
@Module({})
export class OrdersModule {
  static forRoot(env: BillingEnv): DynamicModule {
    return {
      module: OrdersModule,
      controllers: [OrdersController],
      providers: [
        { provide: BILLING_ENV, useValue: env },
        LedgerService,
        IdentityClient,
        PointsPrice,
        FourEyes,
        OrdersService,
        PayConfig,
        OrderExpiry,
        alipayProvider,
        { provide: BILLING_CLOCK, useValue: systemClock },
      ],
      exports: [OrdersService, OrderExpiry, BILLING_CLOCK],
    };
  }
}
