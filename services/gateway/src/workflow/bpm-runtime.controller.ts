import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { renderMessage, WORKFLOW_PATTERNS as W } from '@platform/contracts';
import {
  EngineIdQuery,
  IdBody,
  LeaveCreateBody,
  LeavePageQuery,
  MyProcessInstancePageQuery,
  ProcessDefinitionPageQuery,
  ProcessInstanceCancelBody,
  ProcessInstanceCreateBody,
  ProcessInstanceIdQuery,
  TaskApproveBody,
  TaskCommentBody,
  TaskDelegateBody,
  TaskPageQuery,
  TaskRejectBody,
  TaskTransferBody,
} from '@platform/contracts/dto';
import type { FastifyRequest } from 'fastify';

import { SignedIn } from '../common/decorators';
import { Envelope } from '../common/envelope';
import { forwardPage } from '../common/paging';
import { languageOf } from '../common/request-context';
import { ServiceClient } from '../rpc/service-client';

// People's processes (issue 29), RuoYi-Vue-Pro's BPM calls. Every call acts as or for the signed-in
// person, so each needs a session only: the workflow service decides per record (the initiator, the
// task's assignee or candidates, administrators), answering 403 for anyone else's and 404 for unknown ids.

/** Deployed definitions people may start (page bpm/manager/definition, process-instance/create). */
@ApiTags('bpm')
@Controller('bpm/process-definition')
export class ProcessDefinitionController {
  constructor(private readonly services: ServiceClient) {}

  @Get('page')
  @SignedIn()
  page(@Req() request: FastifyRequest, @Query() query: ProcessDefinitionPageQuery) {
    return forwardPage(this.services, W.processDefinitionPage, request, query);
  }

  /** A startable definition with its start form: whoever may start it reads the form here. */
  @Get('get')
  @SignedIn()
  get(@Req() request: FastifyRequest, @Query() query: EngineIdQuery) {
    return this.services.forward(W.processDefinitionGet, request, query);
  }
}

@ApiTags('bpm')
@Controller('bpm/process-instance')
export class ProcessInstanceController {
  constructor(private readonly services: ServiceClient) {}

  /** Starts an instance as the caller; answers its id in `data` (a bare string skips the envelope hook). */
  @Post('create')
  @HttpCode(200)
  @SignedIn()
  async create(
    @Req() request: FastifyRequest,
    @Body() body: ProcessInstanceCreateBody,
  ): Promise<Envelope> {
    const id = await this.services.forward<string>(W.processInstanceCreate, request, body);
    const msg = renderMessage('common.success', languageOf(request));
    return new Envelope({ code: 200, msg, data: id });
  }

  @Get('get')
  @SignedIn()
  get(@Req() request: FastifyRequest, @Query() query: EngineIdQuery) {
    return this.services.forward(W.processInstanceGet, request, query);
  }

  @Get('my-page')
  @SignedIn()
  myPage(@Req() request: FastifyRequest, @Query() query: MyProcessInstancePageQuery) {
    return forwardPage(this.services, W.processInstanceMyPage, request, query);
  }

  @Delete('cancel')
  @SignedIn()
  cancel(@Req() request: FastifyRequest, @Body() body: ProcessInstanceCancelBody) {
    return this.services.forward(W.processInstanceCancel, request, body);
  }
}

@ApiTags('bpm')
@Controller('bpm/task')
export class BpmTaskController {
  constructor(private readonly services: ServiceClient) {}

  @Get('todo-page')
  @SignedIn()
  todoPage(@Req() request: FastifyRequest, @Query() query: TaskPageQuery) {
    return forwardPage(this.services, W.taskTodoPage, request, query);
  }

  @Get('done-page')
  @SignedIn()
  donePage(@Req() request: FastifyRequest, @Query() query: TaskPageQuery) {
    return forwardPage(this.services, W.taskDonePage, request, query);
  }

  @Put('approve')
  @SignedIn()
  approve(@Req() request: FastifyRequest, @Body() body: TaskApproveBody) {
    return this.services.forward(W.taskApprove, request, body);
  }

  @Put('reject')
  @SignedIn()
  reject(@Req() request: FastifyRequest, @Body() body: TaskRejectBody) {
    return this.services.forward(W.taskReject, request, body);
  }

  @Put('transfer')
  @SignedIn()
  transfer(@Req() request: FastifyRequest, @Body() body: TaskTransferBody) {
    return this.services.forward(W.taskTransfer, request, body);
  }

  @Put('delegate')
  @SignedIn()
  delegate(@Req() request: FastifyRequest, @Body() body: TaskDelegateBody) {
    return this.services.forward(W.taskDelegate, request, body);
  }

  /** A comment on a task of an instance the caller may see; the timeline shows it. */
  @Put('comment')
  @SignedIn()
  comment(@Req() request: FastifyRequest, @Body() body: TaskCommentBody) {
    return this.services.forward(W.taskComment, request, body);
  }

  /** The instance's tasks with what people did on them: the timeline of process-instance/detail. */
  @Get('list-by-process-instance-id')
  @SignedIn()
  listByInstance(@Req() request: FastifyRequest, @Query() query: ProcessInstanceIdQuery) {
    return this.services.forward(W.taskListByInstance, request, query);
  }
}

/** The leave example (pages bpm/oa/leave/create and detail): the caller's own requests. */
@ApiTags('bpm')
@Controller('bpm/oa/leave')
export class OaLeaveController {
  constructor(private readonly services: ServiceClient) {}

  /** Files a request and starts its process as the caller; answers the request's id. */
  @Post('create')
  @HttpCode(200)
  @SignedIn()
  create(@Req() request: FastifyRequest, @Body() body: LeaveCreateBody) {
    return this.services.forward(W.leaveCreate, request, body);
  }

  @Get('get')
  @SignedIn()
  get(@Req() request: FastifyRequest, @Query() query: IdBody) {
    return this.services.forward(W.leaveGet, request, query);
  }

  @Get('page')
  @SignedIn()
  page(@Req() request: FastifyRequest, @Query() query: LeavePageQuery) {
    return forwardPage(this.services, W.leavePage, request, query);
  }
}
