import { Module } from '@nestjs/common';

import { LedgerService } from '../ledger/ledger.service';
import { MissionHoldsService } from './mission-holds.service';
import { MissionsController } from './missions.controller';

/** Mission costs (freeze, settle, release) and the administrator's restore of frozen points. */
@Module({
  controllers: [MissionsController],
  providers: [LedgerService, MissionHoldsService],
})
export class MissionsModule {}
