import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ADMIN_PATTERNS as A } from '@platform/contracts';
import {
  commandOf,
  IdsBody,
  JobBody,
  JobIdBody,
  JobQuery,
  JobStatusBody,
} from '@platform/contracts/dto';

import { Operators } from '../common/operators.service';
import { JobsService } from './jobs.service';

class JobQueryCommand extends commandOf(JobQuery) {}
class JobCommand extends commandOf(JobBody) {}
class JobIdCommand extends commandOf(JobIdBody) {}
class JobStatusCommand extends commandOf(JobStatusBody) {}
class IdsCommand extends commandOf(IdsBody) {}

/** Scheduled jobs. */
@Controller()
export class JobsController {
  constructor(
    private readonly jobs: JobsService,
    private readonly operators: Operators,
  ) {}

  @MessagePattern(A.jobHandlers)
  handlers() {
    return this.jobs.handlers();
  }

  @MessagePattern(A.jobList)
  list(@Payload() c: JobQueryCommand) {
    return this.jobs.list(c.body);
  }

  @MessagePattern(A.jobGet)
  get(@Payload() c: JobIdCommand) {
    return this.jobs.get(c.body.jobId);
  }

  @MessagePattern(A.jobCreate)
  async create(@Payload() c: JobCommand) {
    return this.jobs.create(c.body, (await this.operators.of(c)).by);
  }

  @MessagePattern(A.jobUpdate)
  async update(@Payload() c: JobCommand) {
    await this.jobs.update(c.body, (await this.operators.of(c)).by);
    return {};
  }

  @MessagePattern(A.jobRemove)
  async remove(@Payload() c: IdsCommand) {
    await this.jobs.remove(c.body.ids);
    return {};
  }

  @MessagePattern(A.jobChangeStatus)
  async changeStatus(@Payload() c: JobStatusCommand) {
    await this.jobs.changeStatus(c.body, (await this.operators.of(c)).by);
    return { scheduled: await this.jobs.scheduledIds() };
  }

  @MessagePattern(A.jobRun)
  async run(@Payload() c: JobIdCommand) {
    await this.jobs.runOnce(c.body.jobId);
    return {};
  }
}
