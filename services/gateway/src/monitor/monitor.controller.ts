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
  type JobView,
  type LoginLogView,
  type OperLogView,
  PERMISSIONS as P,
  SERVER_INFO_PATTERNS,
  type ServerInfoView,
} from '@platform/contracts';
import {
  CacheKeyBody,
  CacheNameBody,
  IdsBody,
  JobBody,
  JobIdBody,
  JobLogQuery,
  JobQuery,
  JobStatusBody,
  LoginLogQuery,
  OnlineQuery,
  OperLogQuery,
  TokenIdBody,
  UserNameBody,
} from '@platform/contracts/dto';
import { serverInfo } from '@platform/nest-common';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { RequirePermissions } from '../common/decorators';
import { Log, NoLog } from '../common/oper-log';
import { paged } from '../common/paging';
import {
  JOB_EXPORT_COLUMNS,
  LOGIN_LOG_EXPORT_COLUMNS,
  OPER_LOG_EXPORT_COLUMNS,
} from '../files/export-columns';
import { exportKeyset, exportPaged } from '../files/exports';
import { CrudForwarder } from '../rpc/crud-forwarder';
import { ServiceClient } from '../rpc/service-client';

const O = ['操作日志', 'Operation log'] as const;
const L = ['登录日志', 'Login log'] as const;

/** The operation log and the login log (search, export, clean, unlock an account). */
@ApiTags('monitor/log')
@Controller('monitor')
export class LogsController {
  constructor(private readonly identity: ServiceClient) {}

  @Get('operlog/list')
  @RequirePermissions(P.monitor.operlog.list)
  operList(@Req() request: FastifyRequest, @Query() query: OperLogQuery) {
    return paged(this.identity.forward(A.operLogList, request, { ...query, afterId: undefined }));
  }

  @Post('operlog/export')
  @HttpCode(200)
  @RequirePermissions(P.monitor.operlog.export)
  @Log(...O, B.export)
  async operExport(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Body() body: OperLogQuery,
  ) {
    await exportKeyset<OperLogView>(this.identity, request, reply, {
      pattern: A.operLogList,
      body,
      name: 'operlog',
      columns: OPER_LOG_EXPORT_COLUMNS,
      idOf: (row) => row.operId,
    });
  }

  @Delete('operlog/clean')
  @RequirePermissions(P.monitor.operlog.remove)
  @Log(...O, B.clean)
  operClean(@Req() request: FastifyRequest) {
    return this.identity.forward(A.operLogClean, request);
  }

  @Delete('operlog/:ids')
  @RequirePermissions(P.monitor.operlog.remove)
  @Log(...O, B.delete)
  operRemove(@Req() request: FastifyRequest, @Param() params: IdsBody) {
    return this.identity.forward(A.operLogRemove, request, params);
  }

  @Get('logininfor/list')
  @RequirePermissions(P.monitor.logininfor.list)
  loginList(@Req() request: FastifyRequest, @Query() query: LoginLogQuery) {
    return paged(this.identity.forward(A.loginLogList, request, { ...query, afterId: undefined }));
  }

  @Post('logininfor/export')
  @HttpCode(200)
  @RequirePermissions(P.monitor.logininfor.export)
  @Log(...L, B.export)
  async loginExport(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Body() body: LoginLogQuery,
  ) {
    await exportKeyset<LoginLogView>(this.identity, request, reply, {
      pattern: A.loginLogList,
      body,
      name: 'logininfor',
      columns: LOGIN_LOG_EXPORT_COLUMNS,
      idOf: (row) => row.infoId,
    });
  }

  @Delete('logininfor/clean')
  @RequirePermissions(P.monitor.logininfor.remove)
  @Log(...L, B.clean)
  loginClean(@Req() request: FastifyRequest) {
    return this.identity.forward(A.loginLogClean, request);
  }

  @Get('logininfor/unlock/:userName')
  @RequirePermissions(P.monitor.logininfor.unlock)
  @Log(...L, B.other)
  unlock(@Req() request: FastifyRequest, @Param() params: UserNameBody) {
    return this.identity.forward(A.loginLogUnlock, request, params);
  }

  @Delete('logininfor/:ids')
  @RequirePermissions(P.monitor.logininfor.remove)
  @Log(...L, B.delete)
  loginRemove(@Req() request: FastifyRequest, @Param() params: IdsBody) {
    return this.identity.forward(A.loginLogRemove, request, params);
  }
}

const U = ['在线用户', 'Online users'] as const;

/** Online users (live sessions) and force logout. */
@ApiTags('monitor/online')
@Controller('monitor/online')
export class OnlineController {
  constructor(private readonly identity: ServiceClient) {}

  @Get('list')
  @RequirePermissions(P.monitor.online.list)
  list(@Req() request: FastifyRequest, @Query() query: OnlineQuery) {
    return paged(this.identity.forward(A.onlineList, request, query));
  }

  @Delete(':tokenId')
  @RequirePermissions(P.monitor.online.forceLogout)
  @Log(...U, B.force)
  forceLogout(@Req() request: FastifyRequest, @Param() params: TokenIdBody) {
    return this.identity.forward(A.onlineForceLogout, request, params);
  }
}

const J = ['定时任务', 'Scheduled jobs'] as const;
const JL = ['调度日志', 'Job log'] as const;

/** Scheduled jobs (BullMQ in identity) and their run log. */
@ApiTags('monitor/job')
@Controller('monitor')
export class JobsController {
  private readonly jobs: CrudForwarder;

  constructor(private readonly identity: ServiceClient) {
    this.jobs = new CrudForwarder(identity, {
      list: A.jobList,
      get: A.jobGet,
      create: A.jobCreate,
      update: A.jobUpdate,
      remove: A.jobRemove,
    });
  }

  @Get('job/list')
  @RequirePermissions(P.monitor.job.list)
  list(@Req() request: FastifyRequest, @Query() query: JobQuery) {
    return this.jobs.page(request, query);
  }

  /** The handlers a job may name (the registry in code). */
  @Get('job/handlers')
  @RequirePermissions(P.monitor.job.list)
  handlers(@Req() request: FastifyRequest) {
    return this.identity.forward(A.jobHandlers, request);
  }

  @Post('job/export')
  @HttpCode(200)
  @RequirePermissions(P.monitor.job.export)
  @Log(...J, B.export)
  async export(@Req() request: FastifyRequest, @Res() reply: FastifyReply, @Body() body: JobQuery) {
    await exportPaged<JobView>(this.identity, request, reply, {
      pattern: A.jobList,
      body,
      name: 'jobs',
      columns: JOB_EXPORT_COLUMNS,
    });
  }

  @Put('job/changeStatus')
  @RequirePermissions(P.monitor.job.changeStatus)
  @Log(...J, B.update)
  changeStatus(@Req() request: FastifyRequest, @Body() body: JobStatusBody) {
    return this.identity.forward(A.jobChangeStatus, request, body);
  }

  @Put('job/run')
  @RequirePermissions(P.monitor.job.changeStatus)
  @Log(...J, B.update)
  run(@Req() request: FastifyRequest, @Body() body: JobIdBody) {
    return this.identity.forward(A.jobRun, request, body);
  }

  @Get('job/:jobId')
  @RequirePermissions(P.monitor.job.query)
  get(@Req() request: FastifyRequest, @Param() params: JobIdBody) {
    return this.jobs.get(request, params);
  }

  @Post('job')
  @HttpCode(200)
  @RequirePermissions([P.monitor.job.add, P.monitor.job.manage])
  @Log(...J, B.insert)
  create(@Req() request: FastifyRequest, @Body() body: JobBody) {
    return this.jobs.create(request, body);
  }

  @Put('job')
  @RequirePermissions([P.monitor.job.edit, P.monitor.job.manage])
  @Log(...J, B.update)
  update(@Req() request: FastifyRequest, @Body() body: JobBody) {
    return this.jobs.update(request, body);
  }

  @Delete('job/:ids')
  @RequirePermissions(P.monitor.job.remove)
  @Log(...J, B.delete)
  remove(@Req() request: FastifyRequest, @Param() params: IdsBody) {
    return this.jobs.remove(request, params);
  }

  @Get('jobLog/list')
  @RequirePermissions(P.monitor.job.list)
  logList(@Req() request: FastifyRequest, @Query() query: JobLogQuery) {
    return paged(this.identity.forward(A.jobLogList, request, query));
  }

  @Delete('jobLog/clean')
  @RequirePermissions(P.monitor.job.remove)
  @Log(...JL, B.clean)
  logClean(@Req() request: FastifyRequest) {
    return this.identity.forward(A.jobLogClean, request);
  }

  @Delete('jobLog/:ids')
  @RequirePermissions(P.monitor.job.remove)
  @Log(...JL, B.delete)
  logRemove(@Req() request: FastifyRequest, @Param() params: IdsBody) {
    return this.identity.forward(A.jobLogRemove, request, params);
  }
}

const CM = ['缓存监控', 'Cache monitor'] as const;
const SERVER_TIMEOUT_MS = 3000;

/** Cache monitor (identity's Redis view) and server monitor (each service asked over the transport). */
@ApiTags('monitor/cache')
@Controller('monitor')
export class CacheServerController {
  constructor(private readonly identity: ServiceClient) {}

  @Get('cache')
  @RequirePermissions(P.monitor.cache.list)
  info(@Req() request: FastifyRequest) {
    return this.identity.forward(A.cacheInfo, request);
  }

  @Get('cache/getNames')
  @RequirePermissions(P.monitor.cache.list)
  names(@Req() request: FastifyRequest) {
    return this.identity.forward(A.cacheNames, request);
  }

  @Get('cache/getKeys/:cacheName')
  @RequirePermissions(P.monitor.cache.list)
  keys(@Req() request: FastifyRequest, @Param() params: CacheNameBody) {
    return this.identity.forward(A.cacheKeys, request, params);
  }

  @Get('cache/getValue/:cacheName/:cacheKey')
  @RequirePermissions(P.monitor.cache.list)
  value(@Req() request: FastifyRequest, @Param() params: CacheKeyBody) {
    return this.identity.forward(A.cacheValue, request, params);
  }

  @Delete('cache/clearCacheName/:cacheName')
  @RequirePermissions(P.monitor.cache.list)
  @Log(...CM, B.clean)
  clearName(@Req() request: FastifyRequest, @Param() params: CacheNameBody) {
    return this.identity.forward(A.cacheClearName, request, params);
  }

  @Delete('cache/clearCacheKey/:cacheKey')
  @RequirePermissions(P.monitor.cache.list)
  @Log(...CM, B.clean)
  clearKey(@Req() request: FastifyRequest, @Param() params: CacheKeyBody) {
    return this.identity.forward(A.cacheClearKey, request, params);
  }

  @Delete('cache/clearCacheAll')
  @RequirePermissions(P.monitor.cache.list)
  @Log(...CM, B.clean)
  clearAll(@Req() request: FastifyRequest) {
    return this.identity.forward(A.cacheClearAll, request);
  }

  /** The gateway's own figures and those of every service; a service that does not answer is DOWN. */
  @Get('server')
  @RequirePermissions(P.monitor.server.list)
  @NoLog()
  async server(): Promise<ServerInfoView[]> {
    const services = await Promise.all(
      Object.entries(SERVER_INFO_PATTERNS).map(([service, pattern]) =>
        this.identity
          .send<ServerInfoView>(pattern, {}, SERVER_TIMEOUT_MS)
          .catch((): ServerInfoView => ({ service, status: 'DOWN' })),
      ),
    );
    return [await serverInfo('gateway'), ...services];
  }
}
