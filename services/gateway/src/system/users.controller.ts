import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
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
  API_BASE,
  BUSINESS_TYPES as B,
  IMAGE_EXTENSIONS,
  type ImportResultView,
  PERMISSIONS as P,
  renderMessage,
  type UserView,
} from '@platform/contracts';
import {
  AuthRoleBody,
  IdBody,
  IdsBody,
  IntValueBody,
  ProfileBody,
  ResetPwdBody,
  UpdatePwdBody,
  UserBody,
  UserQuery,
  UserStatusBody,
} from '@platform/contracts/dto';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { RequirePermissions, SignedIn } from '../common/decorators';
import { Envelope } from '../common/envelope';
import { Log } from '../common/oper-log';
import { stateOf } from '../common/request-context';
import { USER_EXPORT_COLUMNS, USER_IMPORT_COLUMNS } from '../files/export-columns';
import { exportKeyset } from '../files/exports';
import { FILE_STORE, type FileStore, keyOf } from '../files/storage/file-store';
import { receiveFile, storeFile } from '../files/uploads';
import { readSheet, templateXlsx } from '../files/xlsx';
import { CrudForwarder } from '../rpc/crud-forwarder';
import { ServiceClient } from '../rpc/service-client';

const T = ['用户管理', 'Users'] as const;
const PROFILE = ['个人信息', 'Profile'] as const;

/** User management (spec §7 "Identity and user") and the personal centre. */
@ApiTags('system/user')
@Controller('system/user')
export class UsersController {
  private readonly users: CrudForwarder;

  constructor(
    private readonly identity: ServiceClient,
    @Inject(FILE_STORE) private readonly files: FileStore,
  ) {
    this.users = new CrudForwarder(identity, {
      list: A.userList,
      get: A.userGet,
      create: A.userCreate,
      update: A.userUpdate,
      remove: A.userRemove,
    });
  }

  @Get('list')
  @RequirePermissions(P.system.user.list)
  list(@Req() request: FastifyRequest, @Query() query: UserQuery) {
    return this.users.page(request, query);
  }

  @Get('deptTree')
  @RequirePermissions(P.system.user.list)
  deptTree(@Req() request: FastifyRequest) {
    return this.identity.forward(A.deptTree, request);
  }

  @Get('list-all-simple')
  @RequirePermissions(P.system.user.list)
  simple(@Req() request: FastifyRequest) {
    return this.identity.forward(A.userSimple, request);
  }

  @Post('export')
  @HttpCode(200)
  @RequirePermissions(P.system.user.export)
  @Log(...T, B.export)
  async export(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Body() body: UserQuery,
  ): Promise<void> {
    await exportKeyset<UserView>(this.identity, request, reply, {
      pattern: A.userExportPage,
      body,
      name: 'users',
      columns: USER_EXPORT_COLUMNS,
      idOf: (row) => row.userId,
    });
  }

  @Post('importTemplate')
  @HttpCode(200)
  @RequirePermissions(P.system.user.import)
  async importTemplate(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await templateXlsx(reply, 'user-import', USER_IMPORT_COLUMNS, stateOf(request).lang ?? 'zh');
  }

  @Post('importData')
  @HttpCode(200)
  @RequirePermissions(P.system.user.import)
  @Log(...T, B.import)
  async importData(
    @Req() request: FastifyRequest,
    @Query('updateSupport') updateSupport?: string,
  ): Promise<ImportResultView> {
    const file = await receiveFile(request, 'file', ['xlsx']);
    const rows = await readSheet(file.buffer, USER_IMPORT_COLUMNS);
    return this.identity.forward(A.userImport, request, {
      rows,
      updateSupport: updateSupport === 'true' || updateSupport === '1',
    });
  }

  @Get('profile')
  @SignedIn()
  profile(@Req() request: FastifyRequest) {
    return this.identity.forward(A.profileGet, request);
  }

  @Put('profile')
  @SignedIn()
  @Log(...PROFILE, B.update)
  updateProfile(@Req() request: FastifyRequest, @Body() body: ProfileBody) {
    return this.identity.forward(A.profileUpdate, request, body);
  }

  @Put('profile/updatePwd')
  @SignedIn()
  @Log(...PROFILE, B.update)
  updatePwd(@Req() request: FastifyRequest, @Body() body: UpdatePwdBody) {
    return this.identity.forward(A.profileUpdatePwd, request, body);
  }

  /** The spec's second name for changing one's own password. */
  @Put('changePwd')
  @SignedIn()
  @Log(...PROFILE, B.update)
  changePwd(@Req() request: FastifyRequest, @Body() body: UpdatePwdBody) {
    return this.identity.forward(A.profileUpdatePwd, request, body);
  }

  /** Avatar upload (field `avatarfile`, cropped in the browser): `{code, msg, imgUrl, fileName}`. */
  @Post('profile/avatar')
  @HttpCode(200)
  @SignedIn()
  @Log(...PROFILE, B.update)
  async avatar(@Req() request: FastifyRequest): Promise<Envelope> {
    const file = await receiveFile(request, 'avatarfile', IMAGE_EXTENSIONS, 'upload.image_type');
    const stored = await storeFile(this.files, 'avatar', file);
    const { previous } = await this.identity.forward<{ previous: string | null }>(
      A.profileAvatar,
      request,
      { avatar: stored.url },
    );
    // The replaced avatar is nobody's any more (avatars are stored once per upload).
    const old = previous?.startsWith(`${API_BASE}/profile/avatar/`)
      ? keyOf(previous.slice(API_BASE.length))
      : null;
    if (old) await this.files.remove(old).catch(() => undefined);
    const msg = renderMessage('common.success', stateOf(request).lang ?? 'zh');
    const data = { imgUrl: stored.url, fileName: stored.fileName };
    return new Envelope({ code: 200, msg, ...data, data });
  }

  @Get('profile/updatepagesize/:value')
  @SignedIn()
  @Log(...PROFILE, B.update)
  pageSize(@Req() request: FastifyRequest, @Param() params: IntValueBody) {
    return this.identity.forward(A.profilePageSize, request, params);
  }

  @Get('profile/updatetour/:value')
  @SignedIn()
  @Log(...PROFILE, B.update)
  tour(@Req() request: FastifyRequest, @Param() params: IntValueBody) {
    return this.identity.forward(A.profileTour, request, params);
  }

  @Get('authRole/:id')
  @RequirePermissions(P.system.user.query)
  authRoleGet(@Req() request: FastifyRequest, @Param() params: IdBody) {
    return this.identity.forward(A.userAuthRoleGet, request, params);
  }

  @Put('authRole')
  @RequirePermissions(P.system.user.edit)
  @Log(...T, B.grant)
  authRole(@Req() request: FastifyRequest, @Body() body: AuthRoleBody) {
    return this.identity.forward(A.userAuthRole, request, body);
  }

  @Put('resetPwd')
  @RequirePermissions(P.system.user.resetPwd)
  @Log(...T, B.update)
  resetPwd(@Req() request: FastifyRequest, @Body() body: ResetPwdBody) {
    return this.identity.forward(A.userResetPwd, request, body);
  }

  @Put('changeStatus')
  @RequirePermissions(P.system.user.edit)
  @Log(...T, B.update)
  changeStatus(@Req() request: FastifyRequest, @Body() body: UserStatusBody) {
    return this.identity.forward(A.userChangeStatus, request, body);
  }

  /** The new-user form: roles and posts to choose from. */
  @Get()
  @RequirePermissions(P.system.user.query)
  blank(@Req() request: FastifyRequest) {
    return this.users.get(request, {});
  }

  @Get(':id')
  @RequirePermissions(P.system.user.query)
  get(@Req() request: FastifyRequest, @Param() params: IdBody) {
    return this.users.get(request, params);
  }

  @Post()
  @HttpCode(200)
  @RequirePermissions(P.system.user.add)
  @Log(...T, B.insert)
  create(@Req() request: FastifyRequest, @Body() body: UserBody) {
    return this.users.create(request, body);
  }

  @Put()
  @RequirePermissions(P.system.user.edit)
  @Log(...T, B.update)
  update(@Req() request: FastifyRequest, @Body() body: UserBody) {
    return this.users.update(request, body);
  }

  @Delete(':ids')
  @RequirePermissions(P.system.user.remove)
  @Log(...T, B.delete)
  remove(@Req() request: FastifyRequest, @Param() params: IdsBody) {
    return this.users.remove(request, params);
  }
}
