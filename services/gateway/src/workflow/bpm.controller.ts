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
  BpmModelUpdateStateBody,
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
import { idOf, idsOf } from '../common/path-ids';
import { CrudForwarder } from '../rpc/crud-forwarder';
import { ServiceClient } from '../rpc/service-client';

const M = PERMISSIONS.bpm.model;
const FORM = PERMISSIONS.bpm.form;

/** Process models (page bpm/manager/model/index; diagrams saved from /bpm/manager/model/design). */
@ApiTags('bpm')
@Controller('bpm/model')
export class BpmModelController {
  private readonly models: CrudForwarder;

  constructor(private readonly services: ServiceClient) {
    this.models = new CrudForwarder(services, {
      list: W.modelList,
      get: W.modelGet,
      create: W.modelCreate,
      update: W.modelUpdate,
      remove: W.modelRemove,
    });
  }

  @Get('list')
  @RequirePermissions(M.list)
  list(@Req() request: FastifyRequest, @Query() query: BpmModelListQuery) {
    return this.models.page(request, query);
  }

  @Get(':id')
  @RequirePermissions(M.list)
  get(@Req() request: FastifyRequest, @Param('id') id: string) {
    return this.models.get(request, idOf(id));
  }

  @Post()
  @HttpCode(200)
  @RequirePermissions(M.edit)
  create(@Req() request: FastifyRequest, @Body() body: BpmModelBody) {
    return this.models.create(request, body);
  }

  @Put()
  @RequirePermissions([M.edit, M.design], 'any')
  update(@Req() request: FastifyRequest, @Body() body: UpdateBpmModelBody) {
    return this.models.update(request, body);
  }

  @Delete(':ids')
  @RequirePermissions(M.edit)
  remove(@Req() request: FastifyRequest, @Param('ids') ids: string) {
    return this.models.remove(request, idsOf(ids));
  }

  /** Deploys the model's diagram to the process engine (`?id=`, as RuoYi's BPM module takes it). */
  @Post('deploy')
  @HttpCode(200)
  @RequirePermissions(M.edit)
  deploy(@Req() request: FastifyRequest, @Query('id') id: string) {
    return this.services.forward(W.modelDeploy, request, idOf(id));
  }

  /**
   * Suspends (state 2) or activates (1) the model's deployed definition: RuoYi-Vue-Pro's
   * update-state under its `bpm:model:update`, which is this console's model edit permission.
   */
  @Put('update-state')
  @RequirePermissions(M.edit)
  updateState(@Req() request: FastifyRequest, @Body() body: BpmModelUpdateStateBody) {
    return this.services.forward(W.modelUpdateState, request, body);
  }
}

/** Task assignment rules of a model's user tasks (7 dimensions). */
@ApiTags('bpm')
@Controller('bpm/task-assign-rule')
export class TaskAssignRuleController {
  private readonly rules: CrudForwarder;

  constructor(services: ServiceClient) {
    this.rules = new CrudForwarder(services, {
      list: W.ruleList,
      create: W.ruleCreate,
      update: W.ruleUpdate,
      remove: W.ruleRemove,
    });
  }

  @Get('list')
  @RequirePermissions(M.list)
  list(@Req() request: FastifyRequest, @Query() query: RuleListQuery) {
    return this.rules.list(request, query);
  }

  @Post()
  @HttpCode(200)
  @RequirePermissions(M.edit)
  create(@Req() request: FastifyRequest, @Body() body: TaskAssignRuleBody) {
    return this.rules.create(request, body);
  }

  @Put()
  @RequirePermissions(M.edit)
  update(@Req() request: FastifyRequest, @Body() body: UpdateTaskAssignRuleBody) {
    return this.rules.update(request, body);
  }

  @Delete(':ids')
  @RequirePermissions(M.edit)
  remove(@Req() request: FastifyRequest, @Param('ids') ids: string) {
    return this.rules.remove(request, idsOf(ids));
  }
}

/** Forms of process models (/bpm/manager/form/edit). */
@ApiTags('bpm')
@Controller('bpm/form')
export class BpmFormController {
  private readonly forms: CrudForwarder;

  constructor(private readonly services: ServiceClient) {
    this.forms = new CrudForwarder(services, {
      list: W.formList,
      get: W.formGet,
      create: W.formCreate,
      update: W.formUpdate,
      remove: W.formRemove,
    });
  }

  @Get('list')
  @RequirePermissions([FORM.edit, M.list], 'any')
  list(@Req() request: FastifyRequest, @Query() query: NameQuery) {
    return this.forms.page(request, query);
  }

  @Get('listSimple')
  @RequirePermissions([FORM.edit, M.list], 'any')
  listSimple(@Req() request: FastifyRequest) {
    return this.services.forward(W.formListSimple, request);
  }

  @Get(':id')
  @RequirePermissions([FORM.edit, M.list], 'any')
  get(@Req() request: FastifyRequest, @Param('id') id: string) {
    return this.forms.get(request, idOf(id));
  }

  @Post()
  @HttpCode(200)
  @RequirePermissions(FORM.edit)
  create(@Req() request: FastifyRequest, @Body() body: BpmFormBody) {
    return this.forms.create(request, body);
  }

  @Put()
  @RequirePermissions(FORM.edit)
  update(@Req() request: FastifyRequest, @Body() body: UpdateBpmFormBody) {
    return this.forms.update(request, body);
  }

  @Delete(':ids')
  @RequirePermissions(FORM.edit)
  remove(@Req() request: FastifyRequest, @Param('ids') ids: string) {
    return this.forms.remove(request, idsOf(ids));
  }
}

/** Work groups, one dimension of task assignment. */
@ApiTags('bpm')
@Controller('bpm/user-group')
export class UserGroupController {
  private readonly groups: CrudForwarder;

  constructor(private readonly services: ServiceClient) {
    this.groups = new CrudForwarder(services, {
      list: W.groupList,
      get: W.groupGet,
      create: W.groupCreate,
      update: W.groupUpdate,
      remove: W.groupRemove,
    });
  }

  @Get('list')
  @RequirePermissions(M.list)
  list(@Req() request: FastifyRequest, @Query() query: NameQuery) {
    return this.groups.page(request, query);
  }

  @Get('listSimple')
  @RequirePermissions(M.list)
  listSimple(@Req() request: FastifyRequest) {
    return this.services.forward(W.groupListSimple, request);
  }

  @Get(':id')
  @RequirePermissions(M.list)
  get(@Req() request: FastifyRequest, @Param('id') id: string) {
    return this.groups.get(request, idOf(id));
  }

  @Post()
  @HttpCode(200)
  @RequirePermissions(M.edit)
  create(@Req() request: FastifyRequest, @Body() body: UserGroupBody) {
    return this.groups.create(request, body);
  }

  @Put()
  @RequirePermissions(M.edit)
  update(@Req() request: FastifyRequest, @Body() body: UpdateUserGroupBody) {
    return this.groups.update(request, body);
  }

  @Delete(':ids')
  @RequirePermissions(M.edit)
  remove(@Req() request: FastifyRequest, @Param('ids') ids: string) {
    return this.groups.remove(request, idsOf(ids));
  }
}
