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
import { POST_EXPORT_COLUMNS } from '../files/export-columns';
import { exportPaged } from '../files/exports';
import { CrudForwarder } from '../rpc/crud-forwarder';
import { ServiceClient } from '../rpc/service-client';

const D = ['部门管理', 'Departments'] as const;

/** The department tree (limited to the caller's data scope by identity). */
@ApiTags('system/dept')
@Controller('system/dept')
export class DeptsController {
  private readonly depts: CrudForwarder;

  constructor(private readonly identity: ServiceClient) {
    this.depts = new CrudForwarder(identity, {
      list: A.deptList,
      get: A.deptGet,
      create: A.deptCreate,
      update: A.deptUpdate,
      remove: A.deptRemove,
    });
  }

  @Get('list')
  @RequirePermissions(P.system.dept.list)
  list(@Req() request: FastifyRequest, @Query() query: DeptQuery) {
    return this.depts.list(request, query);
  }

  @Get('list/exclude/:id')
  @RequirePermissions(P.system.dept.list)
  listExclude(@Req() request: FastifyRequest, @Param() params: IdBody) {
    return this.identity.forward(A.deptListExclude, request, params);
  }

  @Get(':id')
  @RequirePermissions(P.system.dept.query)
  get(@Req() request: FastifyRequest, @Param() params: IdBody) {
    return this.depts.get(request, params);
  }

  @Post()
  @HttpCode(200)
  @RequirePermissions(P.system.dept.add)
  @Log(...D, B.insert)
  create(@Req() request: FastifyRequest, @Body() body: DeptBody) {
    return this.depts.create(request, body);
  }

  @Put()
  @RequirePermissions(P.system.dept.edit)
  @Log(...D, B.update)
  update(@Req() request: FastifyRequest, @Body() body: DeptBody) {
    return this.depts.update(request, body);
  }

  @Delete(':id')
  @RequirePermissions(P.system.dept.remove)
  @Log(...D, B.delete)
  remove(@Req() request: FastifyRequest, @Param() params: IdBody) {
    return this.depts.remove(request, params);
  }
}

const PT = ['岗位管理', 'Posts'] as const;

@ApiTags('system/post')
@Controller('system/post')
export class PostsController {
  private readonly posts: CrudForwarder;

  constructor(private readonly identity: ServiceClient) {
    this.posts = new CrudForwarder(identity, {
      list: A.postList,
      get: A.postGet,
      create: A.postCreate,
      update: A.postUpdate,
      remove: A.postRemove,
    });
  }

  @Get('list')
  @RequirePermissions(P.system.post.list)
  list(@Req() request: FastifyRequest, @Query() query: PostQuery) {
    return this.posts.page(request, query);
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
    return this.posts.get(request, params);
  }

  @Post()
  @HttpCode(200)
  @RequirePermissions(P.system.post.add)
  @Log(...PT, B.insert)
  create(@Req() request: FastifyRequest, @Body() body: PostBody) {
    return this.posts.create(request, body);
  }

  @Put()
  @RequirePermissions(P.system.post.edit)
  @Log(...PT, B.update)
  update(@Req() request: FastifyRequest, @Body() body: PostBody) {
    return this.posts.update(request, body);
  }

  @Delete(':ids')
  @RequirePermissions(P.system.post.remove)
  @Log(...PT, B.delete)
  remove(@Req() request: FastifyRequest, @Param() params: IdsBody) {
    return this.posts.remove(request, params);
  }
}
