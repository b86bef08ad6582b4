import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  DB_MONITOR_SERVICES,
  dbMonitorPattern,
  PERMISSIONS as P,
  type ServiceDbView,
} from '@platform/contracts';

import { RequirePermissions } from '../common/decorators';
import { NoLog } from '../common/oper-log';
import { ServiceClient } from '../rpc/service-client';

/** A service that does not answer within this is shown DOWN; the page polls every few seconds. */
const DB_MONITOR_TIMEOUT_MS = 3000;

/**
 * The database pool monitor (monitor/druid, issue 30): every service's pools, statement figures and
 * database server status, each asked on its own pattern at once.
 */
@ApiTags('monitor/druid')
@Controller('monitor')
export class DruidController {
  constructor(private readonly services: ServiceClient) {}

  @Get('druid')
  @RequirePermissions(P.monitor.server.list)
  @NoLog()
  druid(): Promise<ServiceDbView[]> {
    return Promise.all(
      DB_MONITOR_SERVICES.map((service) =>
        this.services
          .send<ServiceDbView>(dbMonitorPattern(service), {}, DB_MONITOR_TIMEOUT_MS)
          .catch((): ServiceDbView => down(service)),
      ),
    );
  }
}

function down(service: string): ServiceDbView {
  return {
    service,
    status: 'DOWN',
    pools: [],
    queries: 0,
    qps: 0,
    errors: 0,
    slowest: [],
    recentErrors: [],
    slowThresholdMs: 0,
    server: null,
  };
}
