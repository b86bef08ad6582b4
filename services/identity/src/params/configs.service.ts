import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type ConfigView, DomainError } from '@platform/contracts';
import type { ConfigBody, ConfigQuery } from '@platform/contracts/dto';
import type Redis from 'ioredis';
import type { DataSource } from 'typeorm';

import { deleteKeys } from '../common/redis-keys';
import { found, isDuplicate, iso, orderBy, type Page, pagedQuery, Where } from '../common/sql';
import { REDIS } from '../infra/infra.module';
import { ConfigParamsService } from './config-params.service';

interface ConfigRow {
  config_id: number;
  config_name: string;
  config_name_en: string;
  config_key: string;
  config_value: string;
  config_type: 'Y' | 'N';
  create_time: Date;
  remark: string | null;
}

function configViewOf(r: ConfigRow): ConfigView {
  return {
    configId: Number(r.config_id),
    configName: r.config_name,
    configNameEn: r.config_name_en,
    configKey: r.config_key,
    configValue: r.config_value,
    configType: r.config_type,
    createTime: iso(r.create_time) ?? '',
    remark: r.remark,
  };
}

/** Parameter settings of the console; values are read through ConfigParamsService's cache. */
@Injectable()
export class ConfigsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly params: ConfigParamsService,
  ) {}

  list(query: ConfigQuery): Promise<Page<ConfigView>> {
    const where = new Where()
      .like(query.configName, 'c.config_name')
      .like(query.configKey, 'c.config_key')
      .when(query.configType, 'c.config_type = ?')
      .range(query.beginTime, query.endTime, 'c.create_time');
    return pagedQuery(
      this.db,
      'SELECT c.* FROM sys_config c',
      'SELECT COUNT(*) AS n FROM sys_config c',
      where,
      orderBy(
        query,
        { configId: 'c.config_id', configKey: 'c.config_key', createTime: 'c.create_time' },
        'c.config_id',
      ),
      query,
      configViewOf,
    );
  }

  async get(configId: number): Promise<ConfigView> {
    const [row] = await this.db.query('SELECT * FROM sys_config WHERE config_id = ?', [configId]);
    return configViewOf(found(row as ConfigRow | undefined, 'config.not_found'));
  }

  /** The value of a key (cached); empty when the key does not exist. */
  async valueOf(key: string): Promise<string> {
    return (await this.params.get(key)) ?? '';
  }

  async create(body: ConfigBody, by: string): Promise<{ configId: number }> {
    const result = (await this.db
      .query(
        `INSERT INTO sys_config (config_name, config_name_en, config_key, config_value, config_type, remark, create_by)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
        [
          body.configName,
          body.configNameEn ?? '',
          body.configKey,
          body.configValue,
          body.configType ?? 'N',
          body.remark ?? null,
          by,
        ],
      )
      .catch(keyTaken)) as { insertId: number };
    await this.params.evict(body.configKey);
    return { configId: Number(result.insertId) };
  }

  async update(body: ConfigBody, by: string): Promise<void> {
    const old = await this.get(body.configId!);
    await this.db
      .query(
        `UPDATE sys_config SET config_name = ?, config_name_en = ?, config_key = ?, config_value = ?, config_type = ?,
           remark = ?, update_by = ? WHERE config_id = ?`,
        [
          body.configName,
          body.configNameEn ?? '',
          body.configKey,
          body.configValue,
          body.configType ?? old.configType,
          body.remark ?? null,
          by,
          body.configId,
        ],
      )
      .catch(keyTaken);
    await this.params.evict(old.configKey);
    await this.params.evict(body.configKey);
  }

  /** Built-in parameters (type Y) hold the platform's own settings and cannot be deleted. */
  async remove(ids: number[]): Promise<void> {
    for (const id of ids) {
      const config = await this.get(id);
      if (config.configType === 'Y')
        throw new DomainError('config.builtin', { key: config.configKey });
    }
    for (const id of ids) {
      const config = await this.get(id);
      await this.db.query('DELETE FROM sys_config WHERE config_id = ?', [id]);
      await this.params.evict(config.configKey);
    }
  }

  /** Empties the parameter cache and loads every parameter again. */
  async refreshCache(): Promise<{ keys: number }> {
    await deleteKeys(this.redis, 'sys_config:*');
    const rows: { config_key: string }[] = await this.db.query('SELECT config_key FROM sys_config');
    for (const row of rows) await this.params.get(row.config_key);
    return { keys: rows.length };
  }
}

function keyTaken(error: unknown): never {
  throw isDuplicate(error) ? new DomainError('config.key_taken') : error;
}
