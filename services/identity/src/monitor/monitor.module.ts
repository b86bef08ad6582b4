import { Module } from '@nestjs/common';

import { CacheController } from './cache.controller';
import { CacheMonitorService } from './cache-monitor.service';
import { DashboardController } from './dashboard.controller';
import { OnlineController } from './online.controller';
import { OnlineService } from './online.service';
import { ServerController } from './server.controller';

@Module({
  controllers: [OnlineController, CacheController, ServerController, DashboardController],
  providers: [OnlineService, CacheMonitorService],
})
export class MonitorModule {}
