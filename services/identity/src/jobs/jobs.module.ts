import { Module } from '@nestjs/common';

import { CommonModule } from '../common/common.module';
import { DictsModule } from '../dicts/dicts.module';
import { LogsModule } from '../logs/logs.module';
import { ParamsModule } from '../params/params.module';
import { JobLogsController } from './job-logs.controller';
import { JobRegistry } from './job-registry';
import { JobsController } from './jobs.controller';
import { JobsService } from './jobs.service';

@Module({
  imports: [LogsModule, DictsModule, ParamsModule, CommonModule],
  controllers: [JobsController, JobLogsController],
  providers: [JobRegistry, JobsService],
})
export class JobsModule {}
