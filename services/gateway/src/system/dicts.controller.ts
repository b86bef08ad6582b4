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
  type ConfigView,
  type DictDataView,
  type DictTypeView,
  PERMISSIONS as P,
} from '@platform/contracts';
import {
  ConfigBody,
  ConfigKeyBody,
  ConfigQuery,
  DictDataBody,
  DictDataQuery,
  DictTypeBody,
  DictTypeKeyBody,
  DictTypeQuery,
  IdBody,
  IdsBody,
} from '@platform/contracts/dto';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { RequirePermissions, SignedIn } from '../common/decorators';
import { Envelope } from '../common/envelope';
import { Log } from '../common/oper-log';
import {
  CONFIG_EXPORT_COLUMNS,
  DICT_DATA_EXPORT_COLUMNS,
  DICT_TYPE_EXPORT_COLUMNS,
} from '../files/export-columns';
import { exportPaged } from '../files/exports';
import { CrudForwarder } from '../rpc/crud-forwarder';
import { ServiceClient } from '../rpc/service-client';

const T = ['字典类型', 'Dictionary types'] as const;
const D = ['字典数据', 'Dictionary entries'] as const;
// The tree-dictionary screens work on the same dictionaries with their own permissions.
const LIST = [P.system.dict.list, P.system.treeDict.list];
const ADD = [P.system.dict.add, P.system.treeDict.add];
const EDIT = [P.system.dict.edit, P.system.treeDict.edit];
const REMOVE = [P.system.dict.remove, P.system.treeDict.remove];
const QUERY = [P.system.dict.query, P.system.treeDict.list];

@ApiTags('system/dict')
@Controller('system/dict/type')
export class DictTypesController {
  private readonly dictTypes: CrudForwarder;

  constructor(private readonly identity: ServiceClient) {
    this.dictTypes = new CrudForwarder(identity, {
      list: A.dictTypeList,
      get: A.dictTypeGet,
      create: A.dictTypeCreate,
      update: A.dictTypeUpdate,
      remove: A.dictTypeRemove,
    });
  }

  @Get('list')
  @RequirePermissions(LIST, 'any')
  list(@Req() request: FastifyRequest, @Query() query: DictTypeQuery) {
    return this.dictTypes.page(request, query);
  }

  // Also for the code generator's edit page, which binds a column to a dictionary type.
  @Get('optionselect')
  @RequirePermissions([...LIST, P.tool.gen.edit], 'any')
  options(@Req() request: FastifyRequest) {
    return this.identity.forward(A.dictTypeOptions, request);
  }

  @Delete('refreshCache')
  @RequirePermissions(P.system.dict.remove)
  @Log(...T, B.clean)
  refreshCache(@Req() request: FastifyRequest) {
    return this.identity.forward(A.dictRefreshCache, request);
  }

  @Post('export')
  @HttpCode(200)
  @RequirePermissions(P.system.dict.export)
  @Log(...T, B.export)
  async export(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Body() body: DictTypeQuery,
  ) {
    await exportPaged<DictTypeView>(this.identity, request, reply, {
      pattern: A.dictTypeList,
      body,
      name: 'dict-types',
      columns: DICT_TYPE_EXPORT_COLUMNS,
    });
  }

  @Get(':id')
  @RequirePermissions(QUERY, 'any')
  get(@Req() request: FastifyRequest, @Param() params: IdBody) {
    return this.dictTypes.get(request, params);
  }

  @Post()
  @HttpCode(200)
  @RequirePermissions(ADD, 'any')
  @Log(...T, B.insert)
  create(@Req() request: FastifyRequest, @Body() body: DictTypeBody) {
    return this.dictTypes.create(request, body);
  }

  @Put()
  @RequirePermissions(EDIT, 'any')
  @Log(...T, B.update)
  update(@Req() request: FastifyRequest, @Body() body: DictTypeBody) {
    return this.dictTypes.update(request, body);
  }

  @Delete(':ids')
  @RequirePermissions(REMOVE, 'any')
  @Log(...T, B.delete)
  remove(@Req() request: FastifyRequest, @Param() params: IdsBody) {
    return this.dictTypes.remove(request, params);
  }
}

@ApiTags('system/dict')
@Controller('system/dict/data')
export class DictDataController {
  private readonly dictData: CrudForwarder;

  constructor(private readonly identity: ServiceClient) {
    this.dictData = new CrudForwarder(identity, {
      list: A.dictDataList,
      get: A.dictDataGet,
      create: A.dictDataCreate,
      update: A.dictDataUpdate,
      remove: A.dictDataRemove,
    });
  }

  @Get('list')
  @RequirePermissions(LIST, 'any')
  list(@Req() request: FastifyRequest, @Query() query: DictDataQuery) {
    return this.dictData.page(request, query);
  }

  /** Entries of a type for every screen (labels in the request language), from the cache. */
  @Get('type/:dictType')
  @SignedIn()
  byType(@Req() request: FastifyRequest, @Param() params: DictTypeKeyBody) {
    return this.identity.forward(A.dictDataByType, request, params);
  }

  /** A tree dictionary's entries, nested. */
  @Get('tree/:id')
  @RequirePermissions(LIST, 'any')
  tree(@Req() request: FastifyRequest, @Param() params: IdBody) {
    return this.identity.forward(A.dictDataTree, request, params);
  }

  @Post('export')
  @HttpCode(200)
  @RequirePermissions(P.system.dict.export)
  @Log(...D, B.export)
  async export(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Body() body: DictDataQuery,
  ) {
    await exportPaged<DictDataView>(this.identity, request, reply, {
      pattern: A.dictDataList,
      body,
      name: 'dict-data',
      columns: DICT_DATA_EXPORT_COLUMNS,
    });
  }

  @Get(':id')
  @RequirePermissions(QUERY, 'any')
  get(@Req() request: FastifyRequest, @Param() params: IdBody) {
    return this.dictData.get(request, params);
  }

  @Post()
  @HttpCode(200)
  @RequirePermissions(ADD, 'any')
  @Log(...D, B.insert)
  create(@Req() request: FastifyRequest, @Body() body: DictDataBody) {
    return this.dictData.create(request, body);
  }

  @Put()
  @RequirePermissions(EDIT, 'any')
  @Log(...D, B.update)
  update(@Req() request: FastifyRequest, @Body() body: DictDataBody) {
    return this.dictData.update(request, body);
  }

  @Delete(':ids')
  @RequirePermissions(REMOVE, 'any')
  @Log(...D, B.delete)
  remove(@Req() request: FastifyRequest, @Param() params: IdsBody) {
    return this.dictData.remove(request, params);
  }
}

const C = ['参数设置', 'Parameters'] as const;

@ApiTags('system/config')
@Controller('system/config')
export class ConfigsController {
  private readonly configs: CrudForwarder;

  constructor(private readonly identity: ServiceClient) {
    this.configs = new CrudForwarder(identity, {
      list: A.configList,
      get: A.configGet,
      create: A.configCreate,
      update: A.configUpdate,
      remove: A.configRemove,
    });
  }

  @Get('list')
  @RequirePermissions(P.system.config.list)
  list(@Req() request: FastifyRequest, @Query() query: ConfigQuery) {
    return this.configs.page(request, query);
  }

  /** A parameter's value (cached), for every screen: in `data`, and in `msg` as RuoYi's screens read it. */
  @Get('configKey/:configKey')
  @SignedIn()
  async byKey(@Req() request: FastifyRequest, @Param() params: ConfigKeyBody): Promise<Envelope> {
    const value = await this.identity.forward<string>(A.configByKey, request, params);
    return new Envelope({ code: 200, msg: value, data: value });
  }

  @Delete('refreshCache')
  @RequirePermissions(P.system.config.remove)
  @Log(...C, B.clean)
  refreshCache(@Req() request: FastifyRequest) {
    return this.identity.forward(A.configRefreshCache, request);
  }

  @Post('export')
  @HttpCode(200)
  @RequirePermissions(P.system.config.export)
  @Log(...C, B.export)
  async export(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Body() body: ConfigQuery,
  ) {
    await exportPaged<ConfigView>(this.identity, request, reply, {
      pattern: A.configList,
      body,
      name: 'configs',
      columns: CONFIG_EXPORT_COLUMNS,
    });
  }

  @Get(':id')
  @RequirePermissions(P.system.config.query)
  get(@Req() request: FastifyRequest, @Param() params: IdBody) {
    return this.configs.get(request, params);
  }

  @Post()
  @HttpCode(200)
  @RequirePermissions(P.system.config.add)
  @Log(...C, B.insert)
  create(@Req() request: FastifyRequest, @Body() body: ConfigBody) {
    return this.configs.create(request, body);
  }

  @Put()
  @RequirePermissions(P.system.config.edit)
  @Log(...C, B.update)
  update(@Req() request: FastifyRequest, @Body() body: ConfigBody) {
    return this.configs.update(request, body);
  }

  @Delete(':ids')
  @RequirePermissions(P.system.config.remove)
  @Log(...C, B.delete)
  remove(@Req() request: FastifyRequest, @Param() params: IdsBody) {
    return this.configs.remove(request, params);
  }
}
