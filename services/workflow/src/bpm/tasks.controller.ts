import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { WORKFLOW_PATTERNS as W } from '@platform/contracts';
import {
  commandOf,
  ProcessInstanceIdQuery,
  TaskApproveBody,
  TaskCommentBody,
  TaskDelegateBody,
  TaskPageQuery,
  TaskRejectBody,
  TaskTransferBody,
} from '@platform/contracts/dto';

import { callerOf } from '../common/commands';
import { BpmTasksService } from './bpm-tasks.service';

class TaskPageCommand extends commandOf(TaskPageQuery) {}
class ApproveCommand extends commandOf(TaskApproveBody) {}
class RejectCommand extends commandOf(TaskRejectBody) {}
class TransferCommand extends commandOf(TaskTransferBody) {}
class DelegateCommand extends commandOf(TaskDelegateBody) {}
class CommentCommand extends commandOf(TaskCommentBody) {}
class InstanceTasksCommand extends commandOf(ProcessInstanceIdQuery) {}

/** People's processes (issue 29): their tasks, to do and done. */
@Controller()
export class TasksController {
  constructor(private readonly tasks: BpmTasksService) {}

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

  @MessagePattern(W.taskComment)
  async comment(@Payload() command: CommentCommand) {
    await this.tasks.comment(command.body, callerOf(command));
    return true;
  }

  @MessagePattern(W.taskListByInstance)
  listByInstance(@Payload() command: InstanceTasksCommand) {
    const { processInstanceId } = command.body;
    return this.tasks.listByInstance(processInstanceId, callerOf(command), command.client.lang);
  }
}
