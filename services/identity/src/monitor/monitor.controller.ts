import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ADMIN_PATTERNS as A, SERVER_INFO_PATTERNS } from '@platform/contracts';
import {
  CacheKeyBody,
  CacheNameBody,
  commandOf,
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

import { Operators } from '../common/operators.service';
import { JobsService } from '../jobs/jobs.service';
import { LogsService } from '../logs/logs.service';
import { CacheMonitorService } from './cache-monitor.service';
import { OnlineService } from './online.service';

class OperQueryCommand extends commandOf(OperLogQuery) {}
class LoginQueryCommand extends commandOf(LoginLogQuery) {}
class IdsCommand extends commandOf(IdsBody) {}
class UserNameCommand extends commandOf(UserNameBody) {}
class OnlineQueryCommand extends commandOf(OnlineQuery) {}
class TokenIdCommand extends commandOf(TokenIdBody) {}
class JobQueryCommand extends commandOf(JobQuery) {}
class JobCommand extends commandOf(JobBody) {}
class JobIdCommand extends commandOf(JobIdBody) {}
class JobStatusCommand extends commandOf(JobStatusBody) {}
class JobLogQueryCommand extends commandOf(JobLogQuery) {}
class CacheNameCommand extends commandOf(CacheNameBody) {}
class CacheKeyCommand extends commandOf(CacheKeyBody) {}

/** Logs, online users, scheduled jobs, the cache monitor and this service's server figures. */
@Controller()
export class MonitorController {
  constructor(
    private readonly logs: LogsService,
    private readonly online: OnlineService,
    private readonly jobs: JobsService,
    private readonly cache: CacheMonitorService,
    private readonly operators: Operators,
  ) {}

  @MessagePattern(A.operLogList)
  operList(@Payload() c: OperQueryCommand) {
    return c.body.afterId !== undefined ? this.logs.exportOper(c.body) : this.logs.listOper(c.body);
  }

  @MessagePattern(A.operLogRemove)
  async operRemove(@Payload() c: IdsCommand) {
    await this.logs.removeOper(c.body.ids);
    return {};
  }

  @MessagePattern(A.operLogClean)
  async operClean() {
    await this.logs.cleanOper();
    return {};
  }

  @MessagePattern(A.loginLogList)
  loginList(@Payload() c: LoginQueryCommand) {
    return c.body.afterId !== undefined
      ? this.logs.exportLogin(c.body, c.client.lang)
      : this.logs.listLogin(c.body, c.client.lang);
  }

  @MessagePattern(A.loginLogRemove)
  async loginRemove(@Payload() c: IdsCommand) {
    await this.logs.removeLogin(c.body.ids);
    return {};
  }

  @MessagePattern(A.loginLogClean)
  async loginClean() {
    await this.logs.cleanLogin();
    return {};
  }

  @MessagePattern(A.loginLogUnlock)
  async unlock(@Payload() c: UserNameCommand) {
    await this.logs.unlock(c.body.userName);
    return {};
  }

  @MessagePattern(A.onlineList)
  onlineList(@Payload() c: OnlineQueryCommand) {
    return this.online.list(c.body);
  }

  @MessagePattern(A.onlineForceLogout)
  async forceLogout(@Payload() c: TokenIdCommand) {
    await this.online.forceLogout(c.body.tokenId);
    return {};
  }

  @MessagePattern(A.jobHandlers)
  jobHandlers() {
    return this.jobs.handlers();
  }

  @MessagePattern(A.jobList)
  jobList(@Payload() c: JobQueryCommand) {
    return this.jobs.list(c.body);
  }

  @MessagePattern(A.jobGet)
  jobGet(@Payload() c: JobIdCommand) {
    return this.jobs.get(c.body.jobId);
  }

  @MessagePattern(A.jobCreate)
  async jobCreate(@Payload() c: JobCommand) {
    return this.jobs.create(c.body, (await this.operators.of(c)).by);
  }

  @MessagePattern(A.jobUpdate)
  async jobUpdate(@Payload() c: JobCommand) {
    await this.jobs.update(c.body, (await this.operators.of(c)).by);
    return {};
  }

  @MessagePattern(A.jobRemove)
  async jobRemove(@Payload() c: IdsCommand) {
    await this.jobs.remove(c.body.ids);
    return {};
  }

  @MessagePattern(A.jobChangeStatus)
  async jobStatus(@Payload() c: JobStatusCommand) {
    await this.jobs.changeStatus(c.body, (await this.operators.of(c)).by);
    return { scheduled: await this.jobs.scheduledIds() };
  }

  @MessagePattern(A.jobRun)
  async jobRun(@Payload() c: JobIdCommand) {
    await this.jobs.runOnce(c.body.jobId);
    return {};
  }

  @MessagePattern(A.jobLogList)
  jobLogList(@Payload() c: JobLogQueryCommand) {
    return this.jobs.listLogs(c.body);
  }

  @MessagePattern(A.jobLogRemove)
  async jobLogRemove(@Payload() c: IdsCommand) {
    await this.jobs.removeLogs(c.body.ids);
    return {};
  }

  @MessagePattern(A.jobLogClean)
  async jobLogClean() {
    await this.jobs.cleanLogs();
    return {};
  }

  @MessagePattern(A.cacheInfo)
  cacheInfo() {
    return this.cache.info();
  }

  @MessagePattern(A.cacheNames)
  cacheNames() {
    return this.cache.names();
  }

  @MessagePattern(A.cacheKeys)
  cacheKeys(@Payload() c: CacheNameCommand) {
    return this.cache.keys(c.body.cacheName);
  }

  @MessagePattern(A.cacheValue)
  cacheValue(@Payload() c: CacheKeyCommand) {
    return this.cache.value(c.body.cacheName ?? '', c.body.cacheKey);
  }

  @MessagePattern(A.cacheClearName)
  async cacheClearName(@Payload() c: CacheNameCommand) {
    await this.cache.clearName(c.body.cacheName);
    return {};
  }

  @MessagePattern(A.cacheClearKey)
  async cacheClearKey(@Payload() c: CacheKeyCommand) {
    await this.cache.clearKey(c.body.cacheKey);
    return {};
  }

  @MessagePattern(A.cacheClearAll)
  async cacheClearAll() {
    await this.cache.clearAll();
    return {};
  }

  @MessagePattern(SERVER_INFO_PATTERNS.identity)
  server() {
    return serverInfo('identity');
  }
}
