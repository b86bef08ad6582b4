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
  FunctionBody,
  FunctionListQuery,
  FunctionRunBody,
  UpdateFunctionBody,
} from '@platform/contracts/dto';
import type { FastifyRequest } from 'fastify';

import { RequirePermissions } from '../common/decorators';
import { idOf, idsOf } from '../common/path-ids';
import { CrudForwarder } from '../rpc/crud-forwarder';
import { ServiceClient } from '../rpc/service-client';

const F = PERMISSIONS.wujie.functions;

/** Functions (pages wujie/functions/index and /functions/info) and their sandboxed test runs. */
@ApiTags('functions')
@Controller('wujie/functions')
export class FunctionsController {
  private readonly functions: CrudForwarder;

  constructor(private readonly services: ServiceClient) {
    this.functions = new CrudForwarder(services, {
      list: W.functionList,
      get: W.functionGet,
      create: W.functionCreate,
      update: W.functionUpdate,
      remove: W.functionRemove,
    });
  }

  @Get('list')
  @RequirePermissions(F.list)
  list(@Req() request: FastifyRequest, @Query() query: FunctionListQuery) {
    return this.functions.page(request, query);
  }

  /** Functions to choose from on the skill form. */
  @Get('listSimple')
  @RequirePermissions([F.list, PERMISSIONS.wujie.skill.add, PERMISSIONS.wujie.skill.edit], 'any')
  listSimple(@Req() request: FastifyRequest) {
    return this.services.forward(W.functionListSimple, request);
  }

  /** Every tag functions use. */
  @Get('taglist')
  @RequirePermissions(F.list)
  tags(@Req() request: FastifyRequest) {
    return this.services.forward(W.functionTags, request);
  }

  /** Runs code as edited with sample arguments in the sandbox (time and memory limits). */
  @Post('run')
  @HttpCode(200)
  @RequirePermissions(F.run)
  run(@Req() request: FastifyRequest, @Body() body: FunctionRunBody) {
    return this.services.forward(W.functionRun, request, body);
  }

  @Get(':id')
  @RequirePermissions(F.query)
  get(@Req() request: FastifyRequest, @Param('id') id: string) {
    return this.functions.get(request, idOf(id));
  }

  @Post()
  @HttpCode(200)
  @RequirePermissions(F.add)
  create(@Req() request: FastifyRequest, @Body() body: FunctionBody) {
    return this.functions.create(request, body);
  }

  @Put()
  @RequirePermissions(F.edit)
  update(@Req() request: FastifyRequest, @Body() body: UpdateFunctionBody) {
    return this.functions.update(request, body);
  }

  @Delete(':ids')
  @RequirePermissions(F.remove)
  remove(@Req() request: FastifyRequest, @Param('ids') ids: string) {
    return this.functions.remove(request, idsOf(ids));
  }
}
