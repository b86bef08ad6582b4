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
import { ADMIN_PATTERNS as A, BUSINESS_TYPES as B, PERMISSIONS as P } from '@platform/contracts';
import {
  CompanyBody,
  CompanyQuery,
  IdBody,
  IdsBody,
  NoticeBody,
  NoticeQuery,
  PageQueryBody,
  RichTextBody,
  RichTextQuery,
} from '@platform/contracts/dto';
import type { FastifyRequest } from 'fastify';

import { RequirePermissions, SignedIn } from '../common/decorators';
import { Log } from '../common/oper-log';
import { CrudForwarder } from '../rpc/crud-forwarder';
import { ServiceClient } from '../rpc/service-client';

const N = ['通知公告', 'Notices'] as const;

/** Notices (rich text, sanitised by identity) and their read tracking. */
@ApiTags('system/notice')
@Controller('system/notice')
export class NoticesController {
  private readonly notices: CrudForwarder;

  constructor(private readonly identity: ServiceClient) {
    this.notices = new CrudForwarder(identity, {
      list: A.noticeList,
      get: A.noticeGet,
      create: A.noticeCreate,
      update: A.noticeUpdate,
      remove: A.noticeRemove,
    });
  }

  @Get('list')
  @RequirePermissions(P.system.notice.list)
  list(@Req() request: FastifyRequest, @Query() query: NoticeQuery) {
    return this.notices.page(request, query);
  }

  /** Open notices for the signed-in user, with read flags; `unread` counts the unread ones. */
  @Get('mine')
  @SignedIn()
  async mine(@Req() request: FastifyRequest, @Query() query: PageQueryBody) {
    return this.identity.forward(A.noticeMine, request, query);
  }

  @Put('read/:id')
  @SignedIn()
  @Log(...N, B.other)
  read(@Req() request: FastifyRequest, @Param() params: IdBody) {
    return this.identity.forward(A.noticeRead, request, params);
  }

  @Get(':id')
  @RequirePermissions(P.system.notice.query)
  get(@Req() request: FastifyRequest, @Param() params: IdBody) {
    return this.notices.get(request, params);
  }

  @Post()
  @HttpCode(200)
  @RequirePermissions(P.system.notice.add)
  @Log(...N, B.insert)
  create(@Req() request: FastifyRequest, @Body() body: NoticeBody) {
    return this.notices.create(request, body);
  }

  @Put()
  @RequirePermissions(P.system.notice.edit)
  @Log(...N, B.update)
  update(@Req() request: FastifyRequest, @Body() body: NoticeBody) {
    return this.notices.update(request, body);
  }

  @Delete(':ids')
  @RequirePermissions(P.system.notice.remove)
  @Log(...N, B.delete)
  remove(@Req() request: FastifyRequest, @Param() params: IdsBody) {
    return this.notices.remove(request, params);
  }
}

const R = ['富文本', 'Rich text'] as const;

@ApiTags('wujie/richtext')
@Controller('wujie/richtext')
export class RichTextController {
  private readonly richTexts: CrudForwarder;

  constructor(identity: ServiceClient) {
    this.richTexts = new CrudForwarder(identity, {
      list: A.richTextList,
      get: A.richTextGet,
      create: A.richTextCreate,
      update: A.richTextUpdate,
      remove: A.richTextRemove,
    });
  }

  @Get('list')
  @RequirePermissions(P.wujie.richText.list)
  list(@Req() request: FastifyRequest, @Query() query: RichTextQuery) {
    return this.richTexts.page(request, query);
  }

  @Get(':id')
  @RequirePermissions(P.wujie.richText.list)
  get(@Req() request: FastifyRequest, @Param() params: IdBody) {
    return this.richTexts.get(request, params);
  }

  @Post()
  @HttpCode(200)
  @RequirePermissions(P.wujie.richText.add)
  @Log(...R, B.insert)
  create(@Req() request: FastifyRequest, @Body() body: RichTextBody) {
    return this.richTexts.create(request, body);
  }

  @Put()
  @RequirePermissions(P.wujie.richText.edit)
  @Log(...R, B.update)
  update(@Req() request: FastifyRequest, @Body() body: RichTextBody) {
    return this.richTexts.update(request, body);
  }

  @Delete(':ids')
  @RequirePermissions(P.wujie.richText.remove)
  @Log(...R, B.delete)
  remove(@Req() request: FastifyRequest, @Param() params: IdsBody) {
    return this.richTexts.remove(request, params);
  }
}

const E = ['企业管理', 'Companies'] as const;

/** Companies (tenants); a user who registers with a company's code joins it. */
@ApiTags('wujie/company')
@Controller('wujie/company')
export class CompaniesController {
  private readonly companies: CrudForwarder;

  constructor(identity: ServiceClient) {
    this.companies = new CrudForwarder(identity, {
      list: A.companyList,
      get: A.companyGet,
      create: A.companyCreate,
      update: A.companyUpdate,
      remove: A.companyRemove,
    });
  }

  @Get('list')
  @RequirePermissions(P.wujie.company.list)
  list(@Req() request: FastifyRequest, @Query() query: CompanyQuery) {
    return this.companies.page(request, query);
  }

  @Get(':id')
  @RequirePermissions(P.wujie.company.query)
  get(@Req() request: FastifyRequest, @Param() params: IdBody) {
    return this.companies.get(request, params);
  }

  @Post()
  @HttpCode(200)
  @RequirePermissions(P.wujie.company.add)
  @Log(...E, B.insert)
  create(@Req() request: FastifyRequest, @Body() body: CompanyBody) {
    return this.companies.create(request, body);
  }

  @Put()
  @RequirePermissions(P.wujie.company.edit)
  @Log(...E, B.update)
  update(@Req() request: FastifyRequest, @Body() body: CompanyBody) {
    return this.companies.update(request, body);
  }

  @Delete(':ids')
  @RequirePermissions(P.wujie.company.remove)
  @Log(...E, B.delete)
  remove(@Req() request: FastifyRequest, @Param() params: IdsBody) {
    return this.companies.remove(request, params);
  }
}
