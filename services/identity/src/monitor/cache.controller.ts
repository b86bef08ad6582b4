import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ADMIN_PATTERNS as A } from '@platform/contracts';
import { CacheKeyBody, CacheNameBody, commandOf } from '@platform/contracts/dto';

import { CacheMonitorService } from './cache-monitor.service';

class CacheNameCommand extends commandOf(CacheNameBody) {}
class CacheKeyCommand extends commandOf(CacheKeyBody) {}

/** The cache monitor. */
@Controller()
export class CacheController {
  constructor(private readonly cache: CacheMonitorService) {}

  @MessagePattern(A.cacheInfo)
  info() {
    return this.cache.info();
  }

  @MessagePattern(A.cacheNames)
  names() {
    return this.cache.names();
  }

  @MessagePattern(A.cacheKeys)
  keys(@Payload() c: CacheNameCommand) {
    return this.cache.keys(c.body.cacheName);
  }

  @MessagePattern(A.cacheValue)
  value(@Payload() c: CacheKeyCommand) {
    return this.cache.value(c.body.cacheName ?? '', c.body.cacheKey);
  }

  @MessagePattern(A.cacheClearName)
  async clearName(@Payload() c: CacheNameCommand) {
    await this.cache.clearName(c.body.cacheName);
    return {};
  }

  @MessagePattern(A.cacheClearKey)
  async clearKey(@Payload() c: CacheKeyCommand) {
    await this.cache.clearKey(c.body.cacheKey);
    return {};
  }

  @MessagePattern(A.cacheClearAll)
  async clearAll() {
    await this.cache.clearAll();
    return {};
  }
}
