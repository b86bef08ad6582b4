import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DomainError, WORKFLOW_PATTERNS as W } from '@platform/contracts';
import {
  type Caller,
  commandOf,
  EngineIdQuery,
  MyProcessInstancePageQuery,
  ProcessDefinitionPageQuery,
  ProcessInstanceCancelBody,
  ProcessInstanceCreateBody,
  ProcessInstanceIdQuery,
  TaskApproveBody,
  TaskDelegateBody,
  TaskPageQuery,
  TaskRejectBody,
  TaskTransferBody,
} from '@platform/contracts/dto';

import { BpmTasksService } from './bpm-tasks.service';
import { ProcessInstancesService } from './process-instances.service';

class DefinitionPageCommand extends commandOf(ProcessDefinitionPageQuery) {}
class InstanceCreateCommand extends commandOf(ProcessInstanceCreateBody) {}
class EngineIdCommand extends commandOf(EngineIdQuery) {}
class MyInstancesCommand extends commandOf(MyProcessInstancePageQuery) {}
class InstanceCancelCommand extends commandOf(ProcessInstanceCancelBody) {}
class TaskPageCommand extends commandOf(TaskPageQuery) {}
class ApproveCommand extends commandOf(TaskApproveBody) {}
class RejectCommand extends commandOf(TaskRejectBody) {}
class TransferCommand extends commandOf(TaskTransferBody) {}
class DelegateCommand extends commandOf(TaskDelegateBody) {}
class InstanceTasksCommand extends commandOf(ProcessInstanceIdQuery) {}

/** The signed-in caller: every call here acts as, or reads for, a person. */
function callerOf(command: { caller?: Caller }): Caller {
  if (!command.caller) throw new DomainError('auth.session_invalid', {}, 401);
  return command.caller;
}

/** People's processes (issue 29): definitions, instances and tasks on the engine. */
@Controller()
export class BpmRuntimeController {
  constructor(
    private readonly instances: ProcessInstancesService,
    private readonly tasks: BpmTasksService,
  ) {}

  @MessagePattern(W.processDefinitionPage)
  definitionPage(@Payload() { body }: DefinitionPageCommand) {
    return this.instances.definitionPage(body);
  }

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

  @MessagePattern(W.taskTodoPage)
  todoPage(@Payload() command: TaskPageCommand) {
    return this.tasks.todoPage(command.body, callerOf(command));
  }

  @MessagePattern(W.taskDonePage)
  donePage(@Payload() command: TaskPageCommand) {
    return this.tasks.donePage(command.body, callerOf(command));
  }

  @MessagePattern(W.taskApprove)
  async approve(@Payload() command: ApproveCommand) {
    await this.tasks.approve(command.body, callerOf(command));
    return true;
  }

  @MessagePattern(W.taskReject)
  async reject(@Payload() command: RejectCommand) {
    await this.tasks.reject(command.body, callerOf(command));
    return true;
  }

  @MessagePattern(W.taskTransfer)
  async transfer(@Payload() command: TransferCommand) {
    await this.tasks.transfer(command.body, callerOf(command));
    return true;
  }

  @MessagePattern(W.taskDelegate)
  async delegate(@Payload() command: DelegateCommand) {
    await this.tasks.delegate(command.body, callerOf(command));
    return true;
  }

  @MessagePattern(W.taskListByInstance)
  listByInstance(@Payload() command: InstanceTasksCommand) {
    const { processInstanceId } = command.body;
    return this.tasks.listByInstance(processInstanceId, callerOf(command), command.client.lang);
  }
}
