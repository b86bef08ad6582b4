import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type Redis from 'ioredis';
import type { Repository } from 'typeorm';

import { REDIS } from '../infra/infra.module';
import { ConfigParam } from './config.entity';

const CACHE_KEY = (key: string) => `sys_config:${key}`;
const CACHE_SECONDS = 3600;

/** System parameters, read through a Redis cache (spec: configKey/{key} cached, refreshCache). */
@Injectable()
export class ConfigParamsService {
  constructor(
    @InjectRepository(ConfigParam) private readonly params: Repository<ConfigParam>,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  async get(key: string): Promise<string | null> {
    const cached = await this.redis.get(CACHE_KEY(key));
    if (cached !== null) return cached;
    const row = await this.params.findOne({ where: { configKey: key } });
    if (row) await this.redis.set(CACHE_KEY(key), row.configValue, 'EX', CACHE_SECONDS);
    return row?.configValue ?? null;
  }

  async getBoolean(key: string, fallback: boolean): Promise<boolean> {
    const value = await this.get(key);
    return value === null ? fallback : value.trim().toLowerCase() === 'true';
  }

  async getNumber(key: string, fallback: number): Promise<number> {
    const raw = await this.get(key);
    const value = Number(raw);
    return raw !== null && raw.trim() !== '' && Number.isFinite(value) ? value : fallback;
  }

  async evict(key: string): Promise<void> {
    await this.redis.del(CACHE_KEY(key));
  }
}
