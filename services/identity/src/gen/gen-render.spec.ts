import type { GenDbColumn, GenTable, GenTableColumn } from '@platform/contracts';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

import { columnDefaults, tableNames } from './gen-defaults';
import { renderTable } from './gen-render';

const column = (over: Partial<GenDbColumn> & Pick<GenDbColumn, 'columnName'>): GenDbColumn => ({
  columnComment: '',
  columnType: 'varchar(64)',
  dataType: 'varchar',
  isNullable: true,
  isPk: false,
  isIncrement: false,
  hasDefault: false,
  columnDefault: null,
  position: 1,
  ...over,
});

const HOSTILE = "it's */ `tick` ${x}\n// next line \\";

function sample(comment = '示例'): { table: GenTable; columns: GenTableColumn[] } {
  const db = [
    column({
      columnName: 'item_id',
      columnType: 'bigint(20)',
      dataType: 'bigint',
      isPk: true,
      isIncrement: true,
      isNullable: false,
      position: 1,
    }),
    column({ columnName: 'item_name', columnComment: comment, isNullable: false, position: 2 }),
    column({
      columnName: 'status',
      columnType: 'char(1)',
      dataType: 'char',
      isNullable: false,
      hasDefault: true,
      columnDefault: "'0'",
      position: 3,
    }),
    column({
      columnName: 'token',
      columnType: 'char(36)',
      dataType: 'char',
      isNullable: false,
      hasDefault: true,
      columnDefault: 'uuid()',
      position: 5,
    }),
    column({ columnName: 'made_at', columnType: 'datetime', dataType: 'datetime', position: 4 }),
  ];
  const table: GenTable = {
    tableId: 7,
    service: 'billing',
    tableName: 'wujie_item',
    tableComment: comment,
    ...tableNames('wujie_item', comment),
    functionName: comment,
    functionNameEn: comment,
    parentMenuId: 0,
    remark: '',
    createTime: '2026-11-29T10:00:00.000Z',
    updateTime: null,
  };
  return {
    table,
    columns: db.map((c, i) => ({ columnId: i + 1, tableId: 7, ...columnDefaults(c) })),
  };
}

function syntaxErrors(path: string, code: string): string[] {
  if (!/\.tsx?$/.test(path)) return [];
  const out = ts.transpileModule(code, {
    fileName: path,
    reportDiagnostics: true,
    compilerOptions: { jsx: ts.JsxEmit.ReactJSX, experimentalDecorators: true },
  });
  return (out.diagnostics ?? []).map(
    (d) => `${path}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
  );
}

describe(renderTable.name, () => {
  it('should name the feature from the table, without its prefix', () => {
    expect(tableNames('wujie_item_price', '')).toMatchObject({
      className: 'ItemPrice',
      moduleName: 'item-price',
      businessName: 'itemPrice',
      functionNameEn: 'Item Price',
    });
  });

  it('should render the same files for the same table', () => {
    const { table, columns } = sample();
    expect(renderTable(table, columns)).toEqual(renderTable(table, [...columns].reverse()));
  });

  it('should keep text from the database inside its strings and comments', () => {
    const { table, columns } = sample(HOSTILE);
    const files = renderTable(table, columns);
    const errors = Object.entries(files).flatMap(([path, code]) => syntaxErrors(path, code));
    expect(errors).toEqual([]);
    expect(JSON.parse(files['web/scripts/zh/item.json'])).toEqual({ 'Item name': HOSTILE });
  });

  it('should query names with LIKE, times as a range and the rest by equality', () => {
    const { table, columns } = sample();
    const service = renderTable(table, columns)['services/billing/src/item/item.service.ts'];
    expect(service).toContain('where.itemName = Like(contains(query.itemName))');
    expect(service).toContain(
      'where.madeAt = Between(new Date(query.beginMadeAt), new Date(query.endMadeAt))',
    );
    expect(service).toContain('where.status = Equal(query.status)');
  });

  it("should write each column's NULLs and a plain default into the table migration", () => {
    const { table, columns } = sample();
    const files = renderTable(table, columns);
    const [migration] = Object.entries(files).find(([path]) => path.endsWith('-CreateItem.ts'))!;
    const ddl = files[migration];
    expect(ddl).toContain("'  `status` char(1) NOT NULL DEFAULT \\'0\\','");
    expect(ddl).toContain("'  `made_at` datetime NULL,'");
    // An expression other than the current time is not written back into DDL.
    expect(ddl).toContain("'  `token` char(36) NOT NULL,'");
    expect(files['services/billing/src/item/item.entity.ts']).toContain('status!: string;');
  });
});

describe(columnDefaults.name, () => {
  const edited: GenTableColumn = {
    columnId: 3,
    tableId: 7,
    ...columnDefaults(column({ columnName: 'status', columnType: 'char(1)', dataType: 'char' })),
    tsField: 'state',
    dictType: 'sys_normal_disable',
    htmlType: 'radio',
    isList: false,
  };

  it("should keep a kept column's edits when it is synchronised", () => {
    const next = columnDefaults(
      column({ columnName: 'status', columnType: 'char(1)', dataType: 'char', position: 9 }),
      edited,
    );
    expect(next).toMatchObject({
      tsField: 'state',
      dictType: 'sys_normal_disable',
      htmlType: 'radio',
      isList: false,
      sort: 9,
    });
  });

  it('should follow a changed SQL type with the TS type and form control it maps to', () => {
    const next = columnDefaults(
      column({ columnName: 'status', columnType: 'int(11)', dataType: 'int' }),
      edited,
    );
    expect(next).toMatchObject({ columnType: 'int(11)', tsType: 'number', tsField: 'state' });
  });
});
