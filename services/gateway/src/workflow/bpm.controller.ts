import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  Req,
} from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { PERMISSIONS, WORKFLOW_PATTERNS as W } from '@platform/contracts';
import {
  BpmFormBody,
  BpmModelBody,
  BpmModelListQuery,
  NameQuery,
  RuleListQuery,
  TaskAssignRuleBody,
  UpdateBpmFormBody,
  UpdateBpmModelBody,
  UpdateTaskAssignRuleBody,
  UpdateUserGroupBody,
  UserGroupBody,
} from '@platform/contracts/dto';
import type { FastifyRequest } from 'fastify';

import { RequirePermissions } from '../common/decorators';
import { forwardPage } from '../common/paging';
import { idOf, idsOf } from '../common/path-ids';
import { ServiceClient } from '../rpc/service-client';

const M = PERMISSIONS.bpm.model;
const FORM = PERMISSIONS.bpm.form;

/** Process models (page bpm/manager/model/index; diagrams saved from /bpm/manager/model/design). */
@ApiTags('bpm')
@Controller('bpm/model')
export class BpmModelController {
  constructor(private readonly services: ServiceClient) {}

  @Get('list')
  @RequirePermissions(M.list)
  list(@Req() request: FastifyRequest, @Query() query: BpmModelListQuery) {
    return forwardPage(this.services, W.modelList, request, query);
  }

  @Get(':id')
  @RequirePermissions(M.list)
  get(@Req() request: FastifyRequest, @Param('id') id: string) {
    return this.services.forward(W.modelGet, request, idOf(id));
  }

  @Post()
  @HttpCode(200)
  @RequirePermissions(M.edit)
  create(@Req() request: FastifyRequest, @Body() body: BpmModelBody) {
    return this.services.forward(W.modelCreate, request, body);
  }

  @Put()
  @RequirePermissions([M.edit, M.design], 'any')
  update(@Req() request: FastifyRequest, @Body() body: UpdateBpmModelBody) {
    return this.services.forward(W.modelUpdate, request, body);
  }

  @Delete(':ids')
  @RequirePermissions(M.edit)
  remove(@Req() request: FastifyRequest, @Param('ids') ids: string) {
    return this.services.forward(W.modelRemove, request, idsOf(ids));
  }

  /** Deploys the model's diagram to the process engine (`?id=`, as RuoYi's BPM module takes it). */
  @Post('deploy')
  @HttpCode(200)
  @RequirePermissions(M.edit)
  deploy(@Req() request: FastifyRequest, @Query('id') id: string) {
    return this.services.forward(W.modelDeploy, request, idOf(id));
  }
}

/** Task assignment rules of a model's user tasks (7 dimensions). */
@ApiTags('bpm')
@Controller('bpm/task-assign-rule')
export class TaskAssignRuleController {
  constructor(private readonly services: ServiceClient) {}

  @Get('list')
  @RequirePermissions(M.list)
  list(@Req() request: FastifyRequest, @Query() query: RuleListQuery) {
    return this.services.forward(W.ruleList, request, query);
  }

  @Post()
  @HttpCode(200)
  @RequirePermissions(M.edit)
  create(@Req() request: FastifyRequest, @Body() body: TaskAssignRuleBody) {
    return this.services.forward(W.ruleCreate, request, body);
  }

  @Put()
  @RequirePermissions(M.edit)
  update(@Req() request: FastifyRequest, @Body() body: UpdateTaskAssignRuleBody) {
    return this.services.forward(W.ruleUpdate, request, body);
  }

  @Delete(':ids')
  @RequirePermissions(M.edit)
  remove(@Req() request: FastifyRequest, @Param('ids') ids: string) {
    return this.services.forward(W.ruleRemove, request, idsOf(ids));
  }
}

/** Forms of process models (/bpm/manager/form/edit). */
@ApiTags('bpm')
@Controller('bpm/form')
export class BpmFormController {
  constructor(private readonly services: ServiceClient) {}

  @Get('list')
  @RequirePermissions([FORM.edit, M.list], 'any')
  list(@Req() request: FastifyRequest, @Query() query: NameQuery) {
    return forwardPage(this.services, W.formList, request, query);
  }

  @Get('listSimple')
  @RequirePermissions([FORM.edit, M.list], 'any')
  listSimple(@Req() request: FastifyRequest) {
    return this.services.forward(W.formListSimple, request);
  }

  @Get(':id')
  @RequirePermissions([FORM.edit, M.list], 'any')
  get(@Req() request: FastifyRequest, @Param('id') id: string) {
    return this.services.forward(W.formGet, request, idOf(id));
  }

  @Post()
  @HttpCode(200)
  @RequirePermissions(FORM.edit)
  create(@Req() request: FastifyRequest, @Body() body: BpmFormBody) {
    return this.services.forward(W.formCreate, request, body);
  }

  @Put()
  @RequirePermissions(FORM.edit)
  update(@Req() request: FastifyRequest, @Body() body: UpdateBpmFormBody) {
    return this.services.forward(W.formUpdate, request, body);
  }

  @Delete(':ids')
  @RequirePermissions(FORM.edit)
  remove(@Req() request: FastifyRequest, @Param('ids') ids: string) {
    return this.services.forward(W.formRemove, request, idsOf(ids));
  }
}

/** Work groups, one dimension of task assignment. */
@ApiTags('bpm')
@Controller('bpm/user-group')
export class UserGroupController {
  constructor(private readonly services: ServiceClient) {}

  @Get('list')
  @RequirePermissions(M.list)
  list(@Req() request: FastifyRequest, @Query() query: NameQuery) {
    return forwardPage(this.services, W.groupList, request, query);
  }

  @Get('listSimple')
  @RequirePermissions(M.list)
  listSimple(@Req() request: FastifyRequest) {
    return this.services.forward(W.groupListSimple, request);
  }

  @Get(':id')
  @RequirePermissions(M.list)
  get(@Req() request: FastifyRequest, @Param('id') id: string) {
    return this.services.forward(W.groupGet, request, idOf(id));
  }

  @Post()
  @HttpCode(200)
  @RequirePermissions(M.edit)
  create(@Req() request: FastifyRequest, @Body() body: UserGroupBody) {
    return this.services.forward(W.groupCreate, request, body);
  }

  @Put()
  @RequirePermissions(M.edit)
  update(@Req() request: FastifyRequest, @Body() body: UpdateUserGroupBody) {
    return this.services.forward(W.groupUpdate, request, body);
  }

  @Delete(':ids')
  @RequirePermissions(M.edit)
  remove(@Req() request: FastifyRequest, @Param('ids') ids: string) {
    return this.services.forward(W.groupRemove, request, idsOf(ids));
  }
}
