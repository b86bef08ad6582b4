import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { WORKFLOW_PATTERNS as W } from '@platform/contracts';
import {
  commandOf,
  EngineIdQuery,
  MyProcessInstancePageQuery,
  ProcessInstanceCancelBody,
  ProcessInstanceCreateBody,
} from '@platform/contracts/dto';

import { callerOf } from '../common/commands';
import { ProcessInstancesService } from './process-instances.service';

class InstanceCreateCommand extends commandOf(ProcessInstanceCreateBody) {}
class EngineIdCommand extends commandOf(EngineIdQuery) {}
class MyInstancesCommand extends commandOf(MyProcessInstancePageQuery) {}
class InstanceCancelCommand extends commandOf(ProcessInstanceCancelBody) {}

/** People's processes (issue 29): their instances on the engine. */
@Controller()
export class ProcessInstancesController {
  constructor(private readonly instances: ProcessInstancesService) {}

  @MessagePattern(W.processInstanceCreate)
  instanceCreate(@Payload() command: InstanceCreateCommand) {
    return this.instances.create(command.body, callerOf(command));
  }

  @MessagePattern(W.processInstanceGet)
  instanceGet(@Payload() command: EngineIdCommand) {
    return this.instances.get(command.body.id, callerOf(command));
  }

  @MessagePattern(W.processInstanceMyPage)
  instanceMyPage(@Payload() command: MyInstancesCommand) {
    return this.instances.myPage(command.body, callerOf(command));
  }

  @MessagePattern(W.processInstanceCancel)
  async instanceCancel(@Payload() command: InstanceCancelCommand) {
    await this.instances.cancel(command.body, callerOf(command));
    return true;
  }
}
