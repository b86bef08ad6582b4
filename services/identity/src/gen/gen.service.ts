import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  DomainError,
  type GenDbColumn,
  type GenDbTable,
  type GenPreview,
  type GenService,
  type GenTable,
  type GenTableColumn,
  type GenTableDetail,
} from '@platform/contracts';
import type {
  GenDbListCommandBody,
  GenImportCommandBody,
  GenListQuery,
  GenTableBody,
} from '@platform/contracts/dto';
import type { DataSource, EntityManager } from 'typeorm';

import { inList, iso, type Page, pagedQuery, pageOf, Where } from '../common/sql';
import { columnDefaults, type GenColumnSpec, tableNames } from './gen-defaults';
import { renderTable } from './gen-render';

interface TableRow {
  table_id: number | string;
  service: GenService;
  table_name: string;
  table_comment: string;
  class_name: string;
  module_name: string;
  business_name: string;
  function_name: string;
  function_name_en: string;
  parent_menu_id: number | string;
  remark: string | null;
  create_time: Date | string;
  update_time: Date | string | null;
}

interface ColumnRow {
  column_id: number | string;
  table_id: number | string;
  column_name: string;
  column_comment: string;
  column_type: string;
  ts_type: GenTableColumn['tsType'];
  ts_field: string;
  is_pk: number;
  is_increment: number;
  is_nullable: number;
  column_default: string | null;
  is_required: number;
  is_insert: number;
  is_edit: number;
  is_list: number;
  is_query: number;
  query_type: GenTableColumn['queryType'];
  html_type: GenTableColumn['htmlType'];
  dict_type: string;
  sort: number;
}

const COLUMN_FIELDS = `column_name, column_comment, column_type, ts_type, ts_field, is_pk, is_increment,
  is_nullable, column_default, is_required, is_insert, is_edit, is_list, is_query, query_type, html_type,
  dict_type, sort`;

/**
 * The code generator's tables: what was imported from which service's database and how each column
 * is to be generated. The live schema comes from the owner service through the gateway; this
 * service never reads another service's database.
 */
@Injectable()
export class GeneratorService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  list(query: GenListQuery): Promise<Page<GenTable>> {
    const where = new Where()
      .like(query.tableName, 't.table_name')
      .like(query.tableComment, 't.table_comment');
    return pagedQuery(
      this.db,
      'SELECT t.* FROM gen_table t',
      'SELECT COUNT(*) AS n FROM gen_table t',
      where,
      'ORDER BY t.table_id DESC',
      query,
      tableOf,
    );
  }

  /** The owner's tables (as the gateway got them) that are not imported yet, filtered and paged. */
  async dbList(body: GenDbListCommandBody): Promise<Page<GenDbTable>> {
    const imported = new Set(
      (
        (await this.db.query('SELECT table_name FROM gen_table WHERE service = ?', [
          body.service,
        ])) as { table_name: string }[]
      ).map((r) => r.table_name),
    );
    const contains = (text: string, part: string | undefined) =>
      !part || text.toLowerCase().includes(part.toLowerCase());
    const rows = body.tables.filter(
      (t) =>
        !imported.has(t.tableName) &&
        contains(t.tableName, body.tableName) &&
        contains(t.tableComment ?? '', body.tableComment),
    );
    const { limit, offset } = pageOf(body);
    return {
      rows: rows.slice(offset, offset + limit).map((t) => ({
        tableName: t.tableName,
        tableComment: t.tableComment ?? '',
        createTime: t.createTime ?? null,
        updateTime: t.updateTime ?? null,
      })),
      total: rows.length,
    };
  }

  async importTables(body: GenImportCommandBody, by: string): Promise<void> {
    await this.db.transaction(async (m) => {
      for (const table of body.tables) {
        const [taken] = (await m.query(
          'SELECT table_id FROM gen_table WHERE service = ? AND table_name = ?',
          [body.service, table.tableName],
        )) as unknown[];
        if (taken) throw new DomainError('gen.table_imported', { table: table.tableName });
        const names = tableNames(table.tableName, table.tableComment ?? '');
        const result = (await m.query(
          `INSERT INTO gen_table (service, table_name, table_comment, class_name, module_name, business_name,
             function_name, function_name_en, parent_menu_id, create_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?)`,
          [
            body.service,
            table.tableName,
            (table.tableComment ?? '').slice(0, 500),
            names.className,
            names.moduleName,
            names.businessName,
            names.functionName,
            names.functionNameEn,
            by,
          ],
        )) as { insertId: number };
        for (const column of table.columns) {
          await insertColumn(m, Number(result.insertId), columnDefaults(column), by);
        }
      }
    });
  }

  async get(tableId: number): Promise<GenTableDetail> {
    const [row] = (await this.db.query('SELECT * FROM gen_table WHERE table_id = ?', [
      tableId,
    ])) as TableRow[];
    if (!row) throw new DomainError('gen.not_found');
    return { info: tableOf(row), rows: await this.columns(this.db, tableId) };
  }

  async update(body: GenTableBody, by: string): Promise<void> {
    const { rows } = await this.get(body.tableId);
    const known = new Set(rows.map((c) => c.columnId));
    await this.db.transaction(async (m) => {
      await m.query(
        `UPDATE gen_table SET table_comment = ?, class_name = ?, module_name = ?, business_name = ?,
           function_name = ?, function_name_en = ?, parent_menu_id = ?, remark = ?, update_by = ?
         WHERE table_id = ?`,
        [
          body.tableComment ?? '',
          body.className,
          body.moduleName,
          body.businessName,
          body.functionName,
          body.functionNameEn,
          body.parentMenuId ?? 0,
          body.remark ?? null,
          by,
          body.tableId,
        ],
      );
      for (const c of body.columns) {
        // A column id of another table is never written through this one.
        if (!known.has(c.columnId)) throw new DomainError('gen.not_found');
        await m.query(
          `UPDATE gen_table_column SET column_comment = ?, ts_type = ?, ts_field = ?, is_required = ?,
             is_insert = ?, is_edit = ?, is_list = ?, is_query = ?, query_type = ?, html_type = ?,
             dict_type = ?, sort = COALESCE(?, sort), update_by = ?
           WHERE column_id = ? AND table_id = ?`,
          [
            (c.columnComment ?? '').slice(0, 500),
            c.tsType,
            c.tsField,
            c.isRequired,
            c.isInsert,
            c.isEdit,
            c.isList,
            c.isQuery,
            c.queryType,
            c.htmlType,
            c.dictType ?? '',
            c.sort ?? null,
            by,
            c.columnId,
            body.tableId,
          ],
        );
      }
    });
  }

  async remove(ids: number[]): Promise<void> {
    await this.db.transaction(async (m) => {
      await m.query(`DELETE FROM gen_table_column WHERE table_id IN (${inList(ids)})`, ids);
      await m.query(`DELETE FROM gen_table WHERE table_id IN (${inList(ids)})`, ids);
    });
  }

  async preview(tableId: number): Promise<GenPreview> {
    const { info, rows } = await this.get(tableId);
    return renderTable(info, rows);
  }

  /**
   * Brings the columns in line with the live schema: new columns get their defaults, dropped ones go,
   * kept ones keep the user's edits (their SQL type and key flags follow the schema).
   */
  async synch(tableId: number, live: GenDbColumn[], by: string): Promise<void> {
    const { rows } = await this.get(tableId);
    const kept = new Map(rows.map((c) => [c.columnName, c]));
    const liveNames = new Set(live.map((c) => c.columnName));
    await this.db.transaction(async (m) => {
      const gone = rows.filter((c) => !liveNames.has(c.columnName)).map((c) => c.columnId);
      if (gone.length > 0) {
        await m.query(`DELETE FROM gen_table_column WHERE column_id IN (${inList(gone)})`, gone);
      }
      for (const column of live) {
        const keep = kept.get(column.columnName);
        const next = columnDefaults(column, keep);
        if (!keep) {
          await insertColumn(m, tableId, next, by);
          continue;
        }
        await m.query(
          `UPDATE gen_table_column SET column_comment = ?, column_type = ?, ts_type = ?, is_pk = ?,
             is_increment = ?, is_nullable = ?, column_default = ?, is_required = ?, html_type = ?, sort = ?,
             update_by = ?
           WHERE column_id = ?`,
          [
            next.columnComment,
            next.columnType,
            next.tsType,
            next.isPk,
            next.isIncrement,
            next.isNullable,
            next.columnDefault?.slice(0, 500) ?? null,
            next.isRequired,
            next.htmlType,
            next.sort,
            by,
            keep.columnId,
          ],
        );
      }
      await m.query('UPDATE gen_table SET update_by = ? WHERE table_id = ?', [by, tableId]);
    });
  }

  private async columns(db: DataSource | EntityManager, tableId: number) {
    const rows = (await db.query(
      `SELECT column_id, table_id, ${COLUMN_FIELDS} FROM gen_table_column WHERE table_id = ?
        ORDER BY sort, column_id`,
      [tableId],
    )) as ColumnRow[];
    return rows.map(columnOf);
  }
}

async function insertColumn(
  m: EntityManager,
  tableId: number,
  c: GenColumnSpec,
  by: string,
): Promise<void> {
  await m.query(
    `INSERT INTO gen_table_column (table_id, ${COLUMN_FIELDS}, create_by)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      tableId,
      c.columnName,
      c.columnComment.slice(0, 500),
      c.columnType,
      c.tsType,
      c.tsField,
      c.isPk,
      c.isIncrement,
      c.isNullable,
      c.columnDefault?.slice(0, 500) ?? null,
      c.isRequired,
      c.isInsert,
      c.isEdit,
      c.isList,
      c.isQuery,
      c.queryType,
      c.htmlType,
      c.dictType,
      c.sort,
      by,
    ],
  );
}

function tableOf(row: TableRow): GenTable {
  return {
    tableId: Number(row.table_id),
    service: row.service,
    tableName: row.table_name,
    tableComment: row.table_comment,
    className: row.class_name,
    moduleName: row.module_name,
    businessName: row.business_name,
    functionName: row.function_name,
    functionNameEn: row.function_name_en,
    parentMenuId: Number(row.parent_menu_id),
    remark: row.remark ?? '',
    createTime: iso(row.create_time) ?? '',
    updateTime: iso(row.update_time),
  };
}

function columnOf(
  row: ColumnRow,
): GenTableColumn & Pick<GenColumnSpec, 'isNullable' | 'columnDefault'> {
  return {
    columnId: Number(row.column_id),
    tableId: Number(row.table_id),
    columnName: row.column_name,
    columnComment: row.column_comment,
    columnType: row.column_type,
    tsType: row.ts_type,
    tsField: row.ts_field,
    isPk: Boolean(row.is_pk),
    isIncrement: Boolean(row.is_increment),
    isNullable: Boolean(row.is_nullable),
    columnDefault: row.column_default,
    isRequired: Boolean(row.is_required),
    isInsert: Boolean(row.is_insert),
    isEdit: Boolean(row.is_edit),
    isList: Boolean(row.is_list),
    isQuery: Boolean(row.is_query),
    queryType: row.query_type,
    htmlType: row.html_type,
    dictType: row.dict_type,
    sort: Number(row.sort),
  };
}
