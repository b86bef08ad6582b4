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
import { paged } from '../common/paging';
import { ServiceClient } from '../rpc/service-client';

const N = ['通知公告', 'Notices'] as const;

/** Notices (rich text, sanitised by identity) and their read tracking. */
@ApiTags('system/notice')
@Controller('system/notice')
export class NoticesController {
  constructor(private readonly identity: ServiceClient) {}

  @Get('list')
  @RequirePermissions(P.system.notice.list)
  list(@Req() request: FastifyRequest, @Query() query: NoticeQuery) {
    return paged(this.identity.forward(A.noticeList, request, query));
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
    return this.identity.forward(A.noticeGet, request, params);
  }

  @Post()
  @HttpCode(200)
  @RequirePermissions(P.system.notice.add)
  @Log(...N, B.insert)
  create(@Req() request: FastifyRequest, @Body() body: NoticeBody) {
    return this.identity.forward(A.noticeCreate, request, body);
  }

  @Put()
  @RequirePermissions(P.system.notice.edit)
  @Log(...N, B.update)
  update(@Req() request: FastifyRequest, @Body() body: NoticeBody) {
    return this.identity.forward(A.noticeUpdate, request, body);
  }

  @Delete(':ids')
  @RequirePermissions(P.system.notice.remove)
  @Log(...N, B.delete)
  remove(@Req() request: FastifyRequest, @Param() params: IdsBody) {
    return this.identity.forward(A.noticeRemove, request, params);
  }
}

const R = ['富文本', 'Rich text'] as const;

@ApiTags('wujie/richtext')
@Controller('wujie/richtext')
export class RichTextController {
  constructor(private readonly identity: ServiceClient) {}

  @Get('list')
  @RequirePermissions(P.wujie.richText.list)
  list(@Req() request: FastifyRequest, @Query() query: RichTextQuery) {
    return paged(this.identity.forward(A.richTextList, request, query));
  }

  @Get(':id')
  @RequirePermissions(P.wujie.richText.list)
  get(@Req() request: FastifyRequest, @Param() params: IdBody) {
    return this.identity.forward(A.richTextGet, request, params);
  }

  @Post()
  @HttpCode(200)
  @RequirePermissions(P.wujie.richText.add)
  @Log(...R, B.insert)
  create(@Req() request: FastifyRequest, @Body() body: RichTextBody) {
    return this.identity.forward(A.richTextCreate, request, body);
  }

  @Put()
  @RequirePermissions(P.wujie.richText.edit)
  @Log(...R, B.update)
  update(@Req() request: FastifyRequest, @Body() body: RichTextBody) {
    return this.identity.forward(A.richTextUpdate, request, body);
  }

  @Delete(':ids')
  @RequirePermissions(P.wujie.richText.remove)
  @Log(...R, B.delete)
  remove(@Req() request: FastifyRequest, @Param() params: IdsBody) {
    return this.identity.forward(A.richTextRemove, request, params);
  }
}

const E = ['企业管理', 'Companies'] as const;

/** Companies (tenants); a user who registers with a company's code joins it. */
@ApiTags('wujie/company')
@Controller('wujie/company')
export class CompaniesController {
  constructor(private readonly identity: ServiceClient) {}

  @Get('list')
  @RequirePermissions(P.wujie.company.list)
  list(@Req() request: FastifyRequest, @Query() query: CompanyQuery) {
    return paged(this.identity.forward(A.companyList, request, query));
  }

  @Get(':id')
  @RequirePermissions(P.wujie.company.query)
  get(@Req() request: FastifyRequest, @Param() params: IdBody) {
    return this.identity.forward(A.companyGet, request, params);
  }

  @Post()
  @HttpCode(200)
  @RequirePermissions(P.wujie.company.add)
  @Log(...E, B.insert)
  create(@Req() request: FastifyRequest, @Body() body: CompanyBody) {
    return this.identity.forward(A.companyCreate, request, body);
  }

  @Put()
  @RequirePermissions(P.wujie.company.edit)
  @Log(...E, B.update)
  update(@Req() request: FastifyRequest, @Body() body: CompanyBody) {
    return this.identity.forward(A.companyUpdate, request, body);
  }

  @Delete(':ids')
  @RequirePermissions(P.wujie.company.remove)
  @Log(...E, B.delete)
  remove(@Req() request: FastifyRequest, @Param() params: IdsBody) {
    return this.identity.forward(A.companyRemove, request, params);
  }
}
