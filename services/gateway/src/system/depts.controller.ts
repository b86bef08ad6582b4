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
  Res,
} from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  ADMIN_PATTERNS as A,
  BUSINESS_TYPES as B,
  PERMISSIONS as P,
  type PostView,
} from '@platform/contracts';
import { DeptBody, DeptQuery, IdBody, IdsBody, PostBody, PostQuery } from '@platform/contracts/dto';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { RequirePermissions } from '../common/decorators';
import { Log } from '../common/oper-log';
import { paged } from '../common/paging';
import { POST_EXPORT_COLUMNS } from '../files/export-columns';
import { exportPaged } from '../files/exports';
import { ServiceClient } from '../rpc/service-client';

const D = ['部门管理', 'Departments'] as const;

/** The department tree (limited to the caller's data scope by identity). */
@ApiTags('system/dept')
@Controller('system/dept')
export class DeptsController {
  constructor(private readonly identity: ServiceClient) {}

  @Get('list')
  @RequirePermissions(P.system.dept.list)
  list(@Req() request: FastifyRequest, @Query() query: DeptQuery) {
    return this.identity.forward(A.deptList, request, query);
  }

  @Get('list/exclude/:id')
  @RequirePermissions(P.system.dept.list)
  listExclude(@Req() request: FastifyRequest, @Param() params: IdBody) {
    return this.identity.forward(A.deptListExclude, request, params);
  }

  @Get(':id')
  @RequirePermissions(P.system.dept.query)
  get(@Req() request: FastifyRequest, @Param() params: IdBody) {
    return this.identity.forward(A.deptGet, request, params);
  }

  @Post()
  @HttpCode(200)
  @RequirePermissions(P.system.dept.add)
  @Log(...D, B.insert)
  create(@Req() request: FastifyRequest, @Body() body: DeptBody) {
    return this.identity.forward(A.deptCreate, request, body);
  }

  @Put()
  @RequirePermissions(P.system.dept.edit)
  @Log(...D, B.update)
  update(@Req() request: FastifyRequest, @Body() body: DeptBody) {
    return this.identity.forward(A.deptUpdate, request, body);
  }

  @Delete(':id')
  @RequirePermissions(P.system.dept.remove)
  @Log(...D, B.delete)
  remove(@Req() request: FastifyRequest, @Param() params: IdBody) {
    return this.identity.forward(A.deptRemove, request, params);
  }
}

const PT = ['岗位管理', 'Posts'] as const;

@ApiTags('system/post')
@Controller('system/post')
export class PostsController {
  constructor(private readonly identity: ServiceClient) {}

  @Get('list')
  @RequirePermissions(P.system.post.list)
  list(@Req() request: FastifyRequest, @Query() query: PostQuery) {
    return paged(this.identity.forward(A.postList, request, query));
  }

  @Get('optionselect')
  @RequirePermissions([P.system.post.list, P.system.user.query], 'any')
  options(@Req() request: FastifyRequest) {
    return this.identity.forward(A.postOptions, request);
  }

  @Post('export')
  @HttpCode(200)
  @RequirePermissions(P.system.post.export)
  @Log(...PT, B.export)
  async export(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Body() body: PostQuery,
  ) {
    await exportPaged<PostView>(this.identity, request, reply, {
      pattern: A.postList,
      body,
      name: 'posts',
      columns: POST_EXPORT_COLUMNS,
    });
  }

  @Get(':id')
  @RequirePermissions(P.system.post.query)
  get(@Req() request: FastifyRequest, @Param() params: IdBody) {
    return this.identity.forward(A.postGet, request, params);
  }

  @Post()
  @HttpCode(200)
  @RequirePermissions(P.system.post.add)
  @Log(...PT, B.insert)
  create(@Req() request: FastifyRequest, @Body() body: PostBody) {
    return this.identity.forward(A.postCreate, request, body);
  }

  @Put()
  @RequirePermissions(P.system.post.edit)
  @Log(...PT, B.update)
  update(@Req() request: FastifyRequest, @Body() body: PostBody) {
    return this.identity.forward(A.postUpdate, request, body);
  }

  @Delete(':ids')
  @RequirePermissions(P.system.post.remove)
  @Log(...PT, B.delete)
  remove(@Req() request: FastifyRequest, @Param() params: IdsBody) {
    return this.identity.forward(A.postRemove, request, params);
  }
}
