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
import {
  type AgentGraph,
  PERMISSIONS,
  WORKFLOW_PATTERNS,
  type WorkflowSummaryView,
} from '@platform/contracts';
import {
  UpdateWorkflowBody,
  WorkflowBody,
  WorkflowListQuery,
  WorkflowSimpleQuery,
  XmlToJsonBody,
} from '@platform/contracts/dto';
import type { FastifyRequest } from 'fastify';

import { RequirePermissions } from '../common/decorators';
import { Envelope } from '../common/envelope';
import { idOf, idsOf } from '../common/path-ids';
import { CrudForwarder } from '../rpc/crud-forwarder';
import { ServiceClient } from '../rpc/service-client';

const P = PERMISSIONS.wujie.workflow;

/** Workflows (spec §7 Workflow) and their versions. */
@ApiTags('workflow')
@Controller('wujie/workflow')
export class WorkflowController {
  private readonly workflows: CrudForwarder;

  constructor(private readonly services: ServiceClient) {
    this.workflows = new CrudForwarder(services, {
      list: WORKFLOW_PATTERNS.list,
      get: WORKFLOW_PATTERNS.get,
      create: WORKFLOW_PATTERNS.create,
      update: WORKFLOW_PATTERNS.update,
      remove: WORKFLOW_PATTERNS.remove,
    });
  }

  @Get('list')
  @RequirePermissions(P.list)
  list(@Req() request: FastifyRequest, @Query() query: WorkflowListQuery) {
    return this.workflows.page<WorkflowSummaryView>(request, query);
  }

  @Get('listSimple')
  @RequirePermissions(P.list)
  listSimple(@Req() request: FastifyRequest, @Query() query: WorkflowSimpleQuery) {
    return this.services.forward(WORKFLOW_PATTERNS.listSimple, request, query);
  }

  @Get('copyWorkflow/:id')
  @RequirePermissions(P.add)
  copy(@Req() request: FastifyRequest, @Param('id') id: string) {
    return this.services.forward(WORKFLOW_PATTERNS.copy, request, idOf(id));
  }

  /** Tags of a workflow; `taglist/0` lists every tag in use. */
  @Get('taglist/:id')
  @RequirePermissions(P.query)
  tags(@Req() request: FastifyRequest, @Param('id') id: string) {
    return this.services.forward(WORKFLOW_PATTERNS.tags, request, idOf(id));
  }

  /** The agent graph of a diagram; also in `msg` as JSON text, where the designer's preview reads it. */
  @Post('xmltojson')
  @HttpCode(200)
  @RequirePermissions([P.query, P.add, P.edit], 'any')
  async xmlToJson(@Req() request: FastifyRequest, @Body() body: XmlToJsonBody) {
    const graph = await this.services.forward<AgentGraph>(
      WORKFLOW_PATTERNS.xmlToJson,
      request,
      body,
    );
    return new Envelope({ code: 200, msg: JSON.stringify(graph, null, 2), data: graph });
  }

  @Get('versions/:id')
  @RequirePermissions(P.query)
  versions(@Req() request: FastifyRequest, @Param('id') id: string) {
    return this.services.forward(WORKFLOW_PATTERNS.versions, request, idOf(id));
  }

  @Get('versions/:id/diff')
  @RequirePermissions(P.query)
  diff(
    @Req() request: FastifyRequest,
    @Param('id') id: string,
    @Query('from') from: string,
    @Query('to') to: string,
  ) {
    const body = { ...idOf(id), from: idOf(from ?? '').id, to: idOf(to ?? '').id };
    return this.services.forward(WORKFLOW_PATTERNS.diff, request, body);
  }

  @Get('versions/:id/:version')
  @RequirePermissions(P.query)
  version(
    @Req() request: FastifyRequest,
    @Param('id') id: string,
    @Param('version') version: string,
  ) {
    const body = { ...idOf(id), version: idOf(version).id };
    return this.services.forward(WORKFLOW_PATTERNS.version, request, body);
  }

  @Post('versions/:id/restore/:version')
  @HttpCode(200)
  @RequirePermissions(P.edit)
  restore(
    @Req() request: FastifyRequest,
    @Param('id') id: string,
    @Param('version') version: string,
  ) {
    const body = { ...idOf(id), version: idOf(version).id };
    return this.services.forward(WORKFLOW_PATTERNS.restore, request, body);
  }

  @Get(':id')
  @RequirePermissions(P.query)
  get(@Req() request: FastifyRequest, @Param('id') id: string) {
    return this.workflows.get(request, idOf(id));
  }

  @Post()
  @HttpCode(200)
  @RequirePermissions(P.add)
  create(@Req() request: FastifyRequest, @Body() body: WorkflowBody) {
    return this.workflows.create(request, body);
  }

  @Put()
  @RequirePermissions(P.edit)
  update(@Req() request: FastifyRequest, @Body() body: UpdateWorkflowBody) {
    return this.workflows.update(request, body);
  }

  @Delete(':ids')
  @RequirePermissions(P.remove)
  remove(@Req() request: FastifyRequest, @Param('ids') ids: string) {
    return this.workflows.remove(request, idsOf(ids));
  }
}
