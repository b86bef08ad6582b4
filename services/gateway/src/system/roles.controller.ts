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
  type RoleView,
} from '@platform/contracts';
import {
  IdBody,
  IdsBody,
  MenuBody,
  MenuQuery,
  RoleBody,
  RoleDataScopeBody,
  RoleQuery,
  RoleStatusBody,
  RoleUserBody,
  RoleUsersBody,
  RoleUsersQuery,
} from '@platform/contracts/dto';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { RequirePermissions } from '../common/decorators';
import { Log } from '../common/oper-log';
import { paged } from '../common/paging';
import { ROLE_EXPORT_COLUMNS } from '../files/export-columns';
import { exportPaged } from '../files/exports';
import { CrudForwarder } from '../rpc/crud-forwarder';
import { ServiceClient } from '../rpc/service-client';

const T = ['角色管理', 'Roles'] as const;

/** Roles: CRUD, menu grants, data scope, the users holding a role. */
@ApiTags('system/role')
@Controller('system/role')
export class RolesController {
  private readonly roles: CrudForwarder;

  constructor(private readonly identity: ServiceClient) {
    this.roles = new CrudForwarder(identity, {
      list: A.roleList,
      get: A.roleGet,
      create: A.roleCreate,
      update: A.roleUpdate,
      remove: A.roleRemove,
    });
  }

  @Get('list')
  @RequirePermissions(P.system.role.list)
  list(@Req() request: FastifyRequest, @Query() query: RoleQuery) {
    return this.roles.page(request, query);
  }

  @Get('optionselect')
  @RequirePermissions([P.system.role.query, P.system.user.edit], 'any')
  options(@Req() request: FastifyRequest) {
    return this.identity.forward(A.roleOptions, request);
  }

  @Post('export')
  @HttpCode(200)
  @RequirePermissions(P.system.role.export)
  @Log(...T, B.export)
  async export(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Body() body: RoleQuery,
  ) {
    await exportPaged<RoleView>(this.identity, request, reply, {
      pattern: A.roleList,
      body,
      name: 'roles',
      columns: ROLE_EXPORT_COLUMNS,
    });
  }

  @Get('authUser/allocatedList')
  @RequirePermissions(P.system.role.list)
  allocated(@Req() request: FastifyRequest, @Query() query: RoleUsersQuery) {
    return paged(this.identity.forward(A.roleAllocatedUsers, request, query));
  }

  @Get('authUser/unallocatedList')
  @RequirePermissions(P.system.role.list)
  unallocated(@Req() request: FastifyRequest, @Query() query: RoleUsersQuery) {
    return paged(this.identity.forward(A.roleUnallocatedUsers, request, query));
  }

  @Put('authUser/cancel')
  @RequirePermissions(P.system.role.edit)
  @Log(...T, B.grant)
  cancel(@Req() request: FastifyRequest, @Body() body: RoleUserBody) {
    return this.identity.forward(A.roleCancelUsers, request, {
      roleId: body.roleId,
      userIds: [body.userId],
    });
  }

  @Put('authUser/cancelAll')
  @RequirePermissions(P.system.role.edit)
  @Log(...T, B.grant)
  cancelAll(@Req() request: FastifyRequest, @Body() body: RoleUsersBody) {
    return this.identity.forward(A.roleCancelUsers, request, body);
  }

  @Put('authUser/selectAll')
  @RequirePermissions(P.system.role.edit)
  @Log(...T, B.grant)
  selectAll(@Req() request: FastifyRequest, @Body() body: RoleUsersBody) {
    return this.identity.forward(A.roleSelectUsers, request, body);
  }

  @Get('deptTree/:id')
  @RequirePermissions(P.system.role.query)
  deptTree(@Req() request: FastifyRequest, @Param() params: IdBody) {
    return this.identity.forward(A.roleDeptTree, request, params);
  }

  @Put('dataScope')
  @RequirePermissions(P.system.role.edit)
  @Log(...T, B.grant)
  dataScope(@Req() request: FastifyRequest, @Body() body: RoleDataScopeBody) {
    return this.identity.forward(A.roleDataScope, request, body);
  }

  @Put('changeStatus')
  @RequirePermissions(P.system.role.edit)
  @Log(...T, B.update)
  changeStatus(@Req() request: FastifyRequest, @Body() body: RoleStatusBody) {
    return this.identity.forward(A.roleChangeStatus, request, body);
  }

  @Get(':id')
  @RequirePermissions(P.system.role.query)
  get(@Req() request: FastifyRequest, @Param() params: IdBody) {
    return this.roles.get(request, params);
  }

  @Post()
  @HttpCode(200)
  @RequirePermissions(P.system.role.add)
  @Log(...T, B.insert)
  create(@Req() request: FastifyRequest, @Body() body: RoleBody) {
    return this.roles.create(request, body);
  }

  @Put()
  @RequirePermissions(P.system.role.edit)
  @Log(...T, B.update)
  update(@Req() request: FastifyRequest, @Body() body: RoleBody) {
    return this.roles.update(request, body);
  }

  @Delete(':ids')
  @RequirePermissions(P.system.role.remove)
  @Log(...T, B.delete)
  remove(@Req() request: FastifyRequest, @Param() params: IdsBody) {
    return this.roles.remove(request, params);
  }
}

const M = ['菜单管理', 'Menus'] as const;
const MENU_TREES = [P.system.menu.list, P.system.role.query, P.system.role.add, P.system.role.edit];

/** Menus: directories, pages and buttons, and the trees the role screens pick from. */
@ApiTags('system/menu')
@Controller('system/menu')
export class MenusController {
  private readonly menus: CrudForwarder;

  constructor(private readonly identity: ServiceClient) {
    this.menus = new CrudForwarder(identity, {
      list: A.menuList,
      get: A.menuGet,
      create: A.menuCreate,
      update: A.menuUpdate,
      remove: A.menuRemove,
    });
  }

  @Get('list')
  @RequirePermissions(P.system.menu.list)
  list(@Req() request: FastifyRequest, @Query() query: MenuQuery) {
    return this.menus.list(request, query);
  }

  // The code generator's edit page picks a generated page's parent menu from this tree.
  @Get('treeselect')
  @RequirePermissions([...MENU_TREES, P.tool.gen.edit], 'any')
  treeSelect(@Req() request: FastifyRequest) {
    return this.identity.forward(A.menuTreeSelect, request);
  }

  @Get('roleMenuTreeselect/:id')
  @RequirePermissions(MENU_TREES, 'any')
  roleTreeSelect(@Req() request: FastifyRequest, @Param() params: IdBody) {
    return this.identity.forward(A.menuRoleTreeSelect, request, params);
  }

  @Get(':id')
  @RequirePermissions(P.system.menu.query)
  get(@Req() request: FastifyRequest, @Param() params: IdBody) {
    return this.menus.get(request, params);
  }

  @Post()
  @HttpCode(200)
  @RequirePermissions(P.system.menu.add)
  @Log(...M, B.insert)
  create(@Req() request: FastifyRequest, @Body() body: MenuBody) {
    return this.menus.create(request, body);
  }

  @Put()
  @RequirePermissions(P.system.menu.edit)
  @Log(...M, B.update)
  update(@Req() request: FastifyRequest, @Body() body: MenuBody) {
    return this.menus.update(request, body);
  }

  @Delete(':id')
  @RequirePermissions(P.system.menu.remove)
  @Log(...M, B.delete)
  remove(@Req() request: FastifyRequest, @Param() params: IdBody) {
    return this.menus.remove(request, params);
  }
}
