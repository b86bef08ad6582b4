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
  DomainError,
  type GenDbColumn,
  type GenDbTable,
  type GenPreview,
  genSchemaPattern,
  type GenSchemaReply,
  type GenService,
  type GenTableDetail,
  type PageView,
  PERMISSIONS as P,
} from '@platform/contracts';
import {
  GenCodeQuery,
  GenDbListQuery,
  GenImportBody,
  GenListQuery,
  GenTableBody,
  IdBody,
  IdsBody,
} from '@platform/contracts/dto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import JSZip from 'jszip';

import { RequirePermissions } from '../common/decorators';
import { Paged } from '../common/envelope';
import { Log, NoLog } from '../common/oper-log';
import { CrudForwarder } from '../rpc/crud-forwarder';
import { ServiceClient } from '../rpc/service-client';

const G = ['代码生成', 'Code generation'] as const;

/**
 * The code generator (tool/gen, RuoYi-Vue3's api/tool/gen.js). Identity keeps the imported tables;
 * the live schema of a table comes from the service that owns it (its information_schema, read
 * only), so a table name is only ever looked up in the owner's own listing.
 */
@ApiTags('tool/gen')
@Controller('tool/gen')
export class GenController {
  private readonly tables: CrudForwarder;

  constructor(private readonly services: ServiceClient) {
    this.tables = new CrudForwarder(services, {
      list: A.genList,
      get: A.genGet,
      update: A.genUpdate,
      remove: A.genRemove,
    });
  }

  @Get('list')
  @RequirePermissions(P.tool.gen.list)
  list(@Req() request: FastifyRequest, @Query() query: GenListQuery) {
    return this.tables.page(request, query);
  }

  /** The owner's tables not imported yet. */
  @Get('db/list')
  @RequirePermissions(P.tool.gen.import)
  async dbList(@Req() request: FastifyRequest, @Query() query: GenDbListQuery) {
    const schema = await this.schema(query.service, undefined);
    const page = await this.services.forward<PageView<GenDbTable>>(A.genDbList, request, {
      ...query,
      tables: schema.tables,
    });
    return new Paged(page.rows, page.total);
  }

  @Post('importTable')
  @HttpCode(200)
  @RequirePermissions(P.tool.gen.import)
  @Log(...G, B.import)
  async importTable(@Req() request: FastifyRequest, @Body() body: GenImportBody) {
    const tables = [];
    for (const tableName of [...new Set(body.tables)]) {
      const schema = await this.schema(body.service, tableName);
      const [table] = schema.tables;
      if (!table || schema.columns.length === 0) {
        throw new DomainError('gen.table_missing', { service: body.service, table: tableName });
      }
      tables.push({ ...table, columns: schema.columns });
    }
    return this.services.forward(A.genImport, request, { service: body.service, tables });
  }

  @Get('preview/:id')
  @RequirePermissions(P.tool.gen.preview)
  preview(@Req() request: FastifyRequest, @Param() params: IdBody) {
    return this.services.forward<GenPreview>(A.genPreview, request, params);
  }

  /** Columns added, dropped and retyped from the live schema; edits on kept columns stay. */
  @Get('synchDb/:id')
  @RequirePermissions(P.tool.gen.edit)
  @Log(...G, B.update)
  async synchDb(@Req() request: FastifyRequest, @Param() params: IdBody) {
    const { info } = await this.services.forward<GenTableDetail>(A.genGet, request, params);
    const schema = await this.schema(info.service, info.tableName);
    if (schema.columns.length === 0) {
      throw new DomainError('gen.table_missing', { service: info.service, table: info.tableName });
    }
    return this.services.forward(A.genSynch, request, {
      id: params.id,
      columns: schema.columns satisfies GenDbColumn[],
    });
  }

  /** A zip of exactly the files the preview shows, for each table asked. */
  @Get('batchGenCode')
  @RequirePermissions(P.tool.gen.code)
  @NoLog()
  async batchGenCode(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Query() query: GenCodeQuery,
  ): Promise<void> {
    const zip = new JSZip();
    for (const id of [...new Set(query.tableIds)]) {
      const files = await this.services.forward<GenPreview>(A.genPreview, request, { id });
      for (const [path, code] of Object.entries(files)) zip.file(path, code);
    }
    const body = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    void reply
      .header('content-type', 'application/zip')
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="gen-code.zip"`)
      .send(body);
  }

  @Get(':id')
  @RequirePermissions(P.tool.gen.edit)
  get(@Req() request: FastifyRequest, @Param() params: IdBody) {
    return this.tables.get(request, params);
  }

  @Put()
  @RequirePermissions(P.tool.gen.edit)
  @Log(...G, B.update)
  update(@Req() request: FastifyRequest, @Body() body: GenTableBody) {
    return this.tables.update(request, body);
  }

  @Delete(':ids')
  @RequirePermissions(P.tool.gen.remove)
  @Log(...G, B.delete)
  remove(@Req() request: FastifyRequest, @Param() params: IdsBody) {
    return this.tables.remove(request, params);
  }

  /** The owner service's answer; a silent owner is a business error naming it. */
  private schema(service: GenService, tableName: string | undefined): Promise<GenSchemaReply> {
    return this.services
      .send<GenSchemaReply>(genSchemaPattern(service), tableName === undefined ? {} : { tableName })
      .catch(() => {
        throw new DomainError('gen.service_down', { service });
      });
  }
}
