import { Module } from '@nestjs/common';

import { LoginLogsController } from './login-logs.controller';
import { LogsService } from './logs.service';
import { OperLogConsumer } from './oper-log.consumer';
import { OperLogsController } from './oper-logs.controller';

@Module({
  controllers: [OperLogsController, LoginLogsController],
  providers: [LogsService, OperLogConsumer],
  exports: [LogsService],
})
export class LogsModule {}
