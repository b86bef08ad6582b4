import { Module } from '@nestjs/common';

import { BillingClient } from './billing-client';
import { MissionChargesController } from './mission-charges.controller';
import { MissionCharges } from './mission-charges.service';

/** What missions cost: the holds and charges the billing service keeps for them. */
@Module({
  controllers: [MissionChargesController],
  providers: [BillingClient, MissionCharges],
  exports: [MissionCharges],
})
export class BillingModule {}
