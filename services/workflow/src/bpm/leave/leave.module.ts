import { Module } from '@nestjs/common';

import { BpmModule } from '../bpm.module';
import { LeaveController } from './leave.controller';
import { LeaveService } from './leave.service';

/** The leave request, the example business process. */
@Module({
  imports: [BpmModule],
  controllers: [LeaveController],
  providers: [LeaveService],
})
export class LeaveModule {}
