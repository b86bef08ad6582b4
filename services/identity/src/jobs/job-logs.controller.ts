import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ADMIN_PATTERNS as A } from '@platform/contracts';
import { commandOf, IdsBody, JobLogQuery } from '@platform/contracts/dto';

import { JobsService } from './jobs.service';

class JobLogQueryCommand extends commandOf(JobLogQuery) {}
class IdsCommand extends commandOf(IdsBody) {}

/** The log of scheduled jobs' runs. */
@Controller()
export class JobLogsController {
  constructor(private readonly jobs: JobsService) {}

  @MessagePattern(A.jobLogList)
  list(@Payload() c: JobLogQueryCommand) {
    return this.jobs.listLogs(c.body);
  }

  @MessagePattern(A.jobLogRemove)
  async remove(@Payload() c: IdsCommand) {
    await this.jobs.removeLogs(c.body.ids);
    return {};
  }

  @MessagePattern(A.jobLogClean)
  async clean() {
    await this.jobs.cleanLogs();
    return {};
  }
}
