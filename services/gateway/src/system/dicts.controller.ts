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
import { paged } from '../common/paging';
import {
  CONFIG_EXPORT_COLUMNS,
  DICT_DATA_EXPORT_COLUMNS,
  DICT_TYPE_EXPORT_COLUMNS,
} from '../files/export-columns';
import { exportPaged } from '../files/exports';
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
  constructor(private readonly identity: ServiceClient) {}

  @Get('list')
  @RequirePermissions(LIST, 'any')
  list(@Req() request: FastifyRequest, @Query() query: DictTypeQuery) {
    return paged(this.identity.forward(A.dictTypeList, request, query));
  }

  @Get('optionselect')
  @RequirePermissions(LIST, 'any')
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
    return this.identity.forward(A.dictTypeGet, request, params);
  }

  @Post()
  @HttpCode(200)
  @RequirePermissions(ADD, 'any')
  @Log(...T, B.insert)
  create(@Req() request: FastifyRequest, @Body() body: DictTypeBody) {
    return this.identity.forward(A.dictTypeCreate, request, body);
  }

  @Put()
  @RequirePermissions(EDIT, 'any')
  @Log(...T, B.update)
  update(@Req() request: FastifyRequest, @Body() body: DictTypeBody) {
    return this.identity.forward(A.dictTypeUpdate, request, body);
  }

  @Delete(':ids')
  @RequirePermissions(REMOVE, 'any')
  @Log(...T, B.delete)
  remove(@Req() request: FastifyRequest, @Param() params: IdsBody) {
    return this.identity.forward(A.dictTypeRemove, request, params);
  }
}

@ApiTags('system/dict')
@Controller('system/dict/data')
export class DictDataController {
  constructor(private readonly identity: ServiceClient) {}

  @Get('list')
  @RequirePermissions(LIST, 'any')
  list(@Req() request: FastifyRequest, @Query() query: DictDataQuery) {
    return paged(this.identity.forward(A.dictDataList, request, query));
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
    return this.identity.forward(A.dictDataGet, request, params);
  }

  @Post()
  @HttpCode(200)
  @RequirePermissions(ADD, 'any')
  @Log(...D, B.insert)
  create(@Req() request: FastifyRequest, @Body() body: DictDataBody) {
    return this.identity.forward(A.dictDataCreate, request, body);
  }

  @Put()
  @RequirePermissions(EDIT, 'any')
  @Log(...D, B.update)
  update(@Req() request: FastifyRequest, @Body() body: DictDataBody) {
    return this.identity.forward(A.dictDataUpdate, request, body);
  }

  @Delete(':ids')
  @RequirePermissions(REMOVE, 'any')
  @Log(...D, B.delete)
  remove(@Req() request: FastifyRequest, @Param() params: IdsBody) {
    return this.identity.forward(A.dictDataRemove, request, params);
  }
}

const C = ['参数设置', 'Parameters'] as const;

@ApiTags('system/config')
@Controller('system/config')
export class ConfigsController {
  constructor(private readonly identity: ServiceClient) {}

  @Get('list')
  @RequirePermissions(P.system.config.list)
  list(@Req() request: FastifyRequest, @Query() query: ConfigQuery) {
    return paged(this.identity.forward(A.configList, request, query));
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
    return this.identity.forward(A.configGet, request, params);
  }

  @Post()
  @HttpCode(200)
  @RequirePermissions(P.system.config.add)
  @Log(...C, B.insert)
  create(@Req() request: FastifyRequest, @Body() body: ConfigBody) {
    return this.identity.forward(A.configCreate, request, body);
  }

  @Put()
  @RequirePermissions(P.system.config.edit)
  @Log(...C, B.update)
  update(@Req() request: FastifyRequest, @Body() body: ConfigBody) {
    return this.identity.forward(A.configUpdate, request, body);
  }

  @Delete(':ids')
  @RequirePermissions(P.system.config.remove)
  @Log(...C, B.delete)
  remove(@Req() request: FastifyRequest, @Param() params: IdsBody) {
    return this.identity.forward(A.configRemove, request, params);
  }
}
