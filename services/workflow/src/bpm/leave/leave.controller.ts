import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { WORKFLOW_PATTERNS as W } from '@platform/contracts';
import { commandOf, IdBody, LeaveCreateBody, LeavePageQuery } from '@platform/contracts/dto';

import { callerOf } from '../../common/commands';
import { LeaveService } from './leave.service';

class LeaveCreateCommand extends commandOf(LeaveCreateBody) {}
class LeaveGetCommand extends commandOf(IdBody) {}
class LeavePageCommand extends commandOf(LeavePageQuery) {}

/** The leave example's calls (bpm/oa/leave). */
@Controller()
export class LeaveController {
  constructor(private readonly leaves: LeaveService) {}

  @MessagePattern(W.leaveCreate)
  create(@Payload() command: LeaveCreateCommand) {
    return this.leaves.create(command.body, callerOf(command));
  }

  @MessagePattern(W.leaveGet)
  get(@Payload() command: LeaveGetCommand) {
    return this.leaves.get(command.body.id, callerOf(command));
  }

  @MessagePattern(W.leavePage)
  page(@Payload() command: LeavePageCommand) {
    return this.leaves.page(command.body, callerOf(command));
  }
}
