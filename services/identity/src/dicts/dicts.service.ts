import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type DictDataView,
  type DictTypeView,
  DomainError,
  type Language,
  pickText,
} from '@platform/contracts';
import type {
  DictDataBody,
  DictDataQuery,
  DictTypeBody,
  DictTypeQuery,
} from '@platform/contracts/dto';
import type Redis from 'ioredis';
import type { DataSource } from 'typeorm';

import { deleteKeys } from '../common/redis-keys';
import {
  escapeLike,
  found,
  inList,
  isDuplicate,
  iso,
  orderBy,
  type Page,
  pagedQuery,
  Where,
} from '../common/sql';
import { REDIS } from '../infra/infra.module';

interface DictTypeRow {
  dict_id: number;
  dict_name: string;
  dict_name_en: string;
  dict_type: string;
  dict_kind: '0' | '1';
  status: '0' | '1';
  create_time: Date;
  remark: string | null;
}

interface DictDataRow {
  dict_code: number;
  parent_code: number;
  dict_sort: number;
  dict_label: string;
  dict_label_en: string;
  dict_value: string;
  dict_type: string;
  css_class: string;
  list_class: string;
  is_default: 'Y' | 'N';
  status: '0' | '1';
  create_time: Date;
  remark: string | null;
}

const CACHE_KEY = (type: string) => `sys_dict:${type}`;

function typeViewOf(r: DictTypeRow): DictTypeView {
  return {
    dictId: Number(r.dict_id),
    dictName: r.dict_name,
    dictNameEn: r.dict_name_en,
    dictType: r.dict_type,
    dictKind: r.dict_kind,
    status: r.status,
    createTime: iso(r.create_time) ?? '',
    remark: r.remark,
  };
}

function dataViewOf(r: DictDataRow, lang: Language): DictDataView {
  return {
    dictCode: Number(r.dict_code),
    parentCode: Number(r.parent_code),
    dictSort: Number(r.dict_sort),
    dictLabel: pickText({ zh: r.dict_label, en: r.dict_label_en }, lang),
    dictLabelZh: r.dict_label,
    dictLabelEn: r.dict_label_en,
    dictValue: r.dict_value,
    dictType: r.dict_type,
    cssClass: r.css_class,
    listClass: r.list_class,
    isDefault: r.is_default,
    status: r.status,
    createTime: iso(r.create_time) ?? '',
    remark: r.remark,
  };
}

/** Dictionary types and entries (flat or tree), entries of a type served from a Redis cache. */
@Injectable()
export class DictsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  listTypes(query: DictTypeQuery): Promise<Page<DictTypeView>> {
    const where = new Where()
      .like(query.dictName, 't.dict_name')
      .like(query.dictType, 't.dict_type')
      .when(query.status, 't.status = ?')
      .when(query.dictKind, 't.dict_kind = ?')
      .range(query.beginTime, query.endTime, 't.create_time');
    return pagedQuery(
      this.db,
      'SELECT t.* FROM sys_dict_type t',
      'SELECT COUNT(*) AS n FROM sys_dict_type t',
      where,
      orderBy(
        query,
        { dictId: 't.dict_id', dictType: 't.dict_type', createTime: 't.create_time' },
        't.dict_id',
      ),
      query,
      typeViewOf,
    );
  }

  async typeOptions(): Promise<DictTypeView[]> {
    const rows: DictTypeRow[] = await this.db.query('SELECT * FROM sys_dict_type ORDER BY dict_id');
    return rows.map(typeViewOf);
  }

  async getType(dictId: number): Promise<DictTypeView> {
    const [row] = await this.db.query('SELECT * FROM sys_dict_type WHERE dict_id = ?', [dictId]);
    return typeViewOf(found(row as DictTypeRow | undefined, 'dict.not_found'));
  }

  async createType(body: DictTypeBody, by: string): Promise<{ dictId: number }> {
    const result = (await this.db
      .query(
        `INSERT INTO sys_dict_type (dict_name, dict_name_en, dict_type, dict_kind, status, remark, create_by)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
        [
          body.dictName,
          body.dictNameEn ?? '',
          body.dictType,
          body.dictKind ?? '0',
          body.status ?? '0',
          body.remark ?? null,
          by,
        ],
      )
      .catch(typeTaken)) as { insertId: number };
    return { dictId: Number(result.insertId) };
  }

  /** Renaming a type moves its entries along (they reference the type by name). */
  async updateType(body: DictTypeBody, by: string): Promise<void> {
    const old = await this.getType(body.dictId!);
    await this.db
      .transaction(async (tx) => {
        await tx.query(
          `UPDATE sys_dict_type SET dict_name = ?, dict_name_en = ?, dict_type = ?, dict_kind = ?, status = ?,
             remark = ?, update_by = ? WHERE dict_id = ?`,
          [
            body.dictName,
            body.dictNameEn ?? '',
            body.dictType,
            body.dictKind ?? old.dictKind,
            body.status ?? '0',
            body.remark ?? null,
            by,
            body.dictId,
          ],
        );
        if (old.dictType !== body.dictType)
          await tx.query('UPDATE sys_dict_data SET dict_type = ? WHERE dict_type = ?', [
            body.dictType,
            old.dictType,
          ]);
      })
      .catch(typeTaken);
    await this.redis.del(CACHE_KEY(old.dictType), CACHE_KEY(body.dictType));
  }

  async removeTypes(ids: number[]): Promise<void> {
    for (const dictId of ids) {
      const type = await this.getType(dictId);
      const [used] = (await this.db.query(
        'SELECT COUNT(*) AS n FROM sys_dict_data WHERE dict_type = ?',
        [type.dictType],
      )) as { n: number }[];
      if (Number(used.n) > 0) throw new DomainError('dict.in_use', { name: type.dictName });
      await this.redis.del(CACHE_KEY(type.dictType));
    }
    await this.db.query(`DELETE FROM sys_dict_type WHERE dict_id IN (${inList(ids)})`, ids);
  }

  listData(query: DictDataQuery, lang: Language): Promise<Page<DictDataView>> {
    const where = new Where()
      .when(query.dictType, 'd.dict_type = ?')
      .when(query.status, 'd.status = ?');
    if (query.dictLabel) {
      const like = `%${escapeLike(query.dictLabel)}%`;
      where.add('(d.dict_label LIKE ? OR d.dict_label_en LIKE ?)', like, like);
    }
    return pagedQuery(
      this.db,
      'SELECT d.* FROM sys_dict_data d',
      'SELECT COUNT(*) AS n FROM sys_dict_data d',
      where,
      orderBy(
        query,
        { dictCode: 'd.dict_code', dictSort: 'd.dict_sort', createTime: 'd.create_time' },
        'd.dict_sort, d.dict_code',
      ),
      query,
      (row: DictDataRow) => dataViewOf(row, lang),
    );
  }

  async getData(dictCode: number, lang: Language): Promise<DictDataView> {
    const [row] = await this.db.query('SELECT * FROM sys_dict_data WHERE dict_code = ?', [
      dictCode,
    ]);
    return dataViewOf(found(row as DictDataRow | undefined, 'dict.not_found'), lang);
  }

  /** The enabled entries of a type, from the cache (filled from the database on a miss). */
  async byType(dictType: string, lang: Language): Promise<DictDataView[]> {
    const cached = await this.redis.get(CACHE_KEY(dictType));
    const rows: DictDataRow[] = cached ? JSON.parse(cached) : await this.loadIntoCache(dictType);
    return rows.map((row) => dataViewOf(row, lang));
  }

  /** The entries of a tree dictionary, nested under their parents. */
  async tree(dictId: number, lang: Language): Promise<DictDataView[]> {
    const type = await this.getType(dictId);
    const rows: DictDataRow[] = await this.db.query(
      'SELECT * FROM sys_dict_data WHERE dict_type = ? ORDER BY parent_code, dict_sort, dict_code',
      [type.dictType],
    );
    const views = new Map(rows.map((r) => [Number(r.dict_code), dataViewOf(r, lang)]));
    const roots: DictDataView[] = [];
    for (const view of views.values()) {
      const parent = views.get(view.parentCode);
      if (parent) (parent.children ??= []).push(view);
      else roots.push(view);
    }
    return roots;
  }

  async createData(body: DictDataBody, by: string): Promise<{ dictCode: number }> {
    await this.assertTypeExists(body.dictType);
    await this.assertParent(body);
    const result = (await this.db
      .query(
        `INSERT INTO sys_dict_data (parent_code, dict_sort, dict_label, dict_label_en, dict_value, dict_type,
           css_class, list_class, is_default, status, remark, create_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [...this.dataValues(body), by],
      )
      .catch(valueTaken)) as { insertId: number };
    await this.redis.del(CACHE_KEY(body.dictType));
    return { dictCode: Number(result.insertId) };
  }

  async updateData(body: DictDataBody, by: string, lang: Language): Promise<void> {
    const old = await this.getData(body.dictCode!, lang);
    await this.assertTypeExists(body.dictType);
    await this.assertParent(body);
    await this.db
      .query(
        `UPDATE sys_dict_data SET parent_code = ?, dict_sort = ?, dict_label = ?, dict_label_en = ?, dict_value = ?,
           dict_type = ?, css_class = ?, list_class = ?, is_default = ?, status = ?, remark = ?, update_by = ?
         WHERE dict_code = ?`,
        [...this.dataValues(body), by, body.dictCode],
      )
      .catch(valueTaken);
    await this.redis.del(CACHE_KEY(old.dictType), CACHE_KEY(body.dictType));
  }

  async removeData(codes: number[]): Promise<void> {
    const rows: { dict_type: string }[] = await this.db.query(
      `SELECT DISTINCT dict_type FROM sys_dict_data WHERE dict_code IN (${inList(codes)})`,
      codes,
    );
    await this.db.query(`DELETE FROM sys_dict_data WHERE dict_code IN (${inList(codes)})`, codes);
    // Children of a removed entry of a tree dictionary move up to the top level.
    await this.db.query(
      `UPDATE sys_dict_data SET parent_code = 0 WHERE parent_code IN (${inList(codes)})`,
      codes,
    );
    for (const row of rows) await this.redis.del(CACHE_KEY(row.dict_type));
  }

  /** Empties the dictionary cache and loads every type again. */
  async refreshCache(): Promise<{ types: number }> {
    await deleteKeys(this.redis, CACHE_KEY('*'));
    const types: { dict_type: string }[] = await this.db.query(
      `SELECT dict_type FROM sys_dict_type WHERE status = '0'`,
    );
    for (const t of types) await this.loadIntoCache(t.dict_type);
    return { types: types.length };
  }

  private async loadIntoCache(dictType: string): Promise<DictDataRow[]> {
    const rows: DictDataRow[] = await this.db.query(
      `SELECT d.* FROM sys_dict_data d JOIN sys_dict_type t ON t.dict_type = d.dict_type AND t.status = '0'
        WHERE d.dict_type = ? AND d.status = '0' ORDER BY d.dict_sort, d.dict_code`,
      [dictType],
    );
    await this.redis.set(CACHE_KEY(dictType), JSON.stringify(rows), 'EX', 24 * 3600);
    return rows;
  }

  private async assertTypeExists(dictType: string): Promise<void> {
    const [row] = (await this.db.query(
      'SELECT COUNT(*) AS n FROM sys_dict_type WHERE dict_type = ?',
      [dictType],
    )) as { n: number }[];
    if (Number(row.n) === 0) throw new DomainError('dict.not_found');
  }

  private async assertParent(body: DictDataBody): Promise<void> {
    if (!body.parentCode) return;
    if (body.parentCode === body.dictCode) throw new DomainError('dict.parent_invalid');
    const [row] = (await this.db.query(
      'SELECT COUNT(*) AS n FROM sys_dict_data WHERE dict_code = ? AND dict_type = ?',
      [body.parentCode, body.dictType],
    )) as { n: number }[];
    if (Number(row.n) === 0) throw new DomainError('dict.parent_invalid');
  }

  private dataValues(body: DictDataBody): unknown[] {
    return [
      body.parentCode ?? 0,
      body.dictSort ?? 0,
      body.dictLabel,
      body.dictLabelEn ?? '',
      body.dictValue,
      body.dictType,
      body.cssClass ?? '',
      body.listClass ?? 'default',
      body.isDefault ?? 'N',
      body.status ?? '0',
      body.remark ?? null,
    ];
  }
}

function typeTaken(error: unknown): never {
  throw isDuplicate(error) ? new DomainError('dict.type_taken') : error;
}

function valueTaken(error: unknown): never {
  throw isDuplicate(error) ? new DomainError('dict.value_taken') : error;
}
