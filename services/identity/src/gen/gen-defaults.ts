import type {
  GenDbColumn,
  GenHtmlType,
  GenQueryType,
  GenService,
  GenTableColumn,
  GenTsType,
} from '@platform/contracts';

// What an imported table and its columns start as: names derived from the SQL names and the
// choices RuoYi's generator makes (audit columns kept out of forms, text searched with LIKE).

const TABLE_PREFIXES = ['sys_', 'wujie_', 'bpm_', 't_'];
const AUDIT_COLUMNS = new Set(['create_by', 'create_time', 'update_by', 'update_time', 'del_flag']);
export const NUMBER_TYPES = new Set([
  'tinyint',
  'smallint',
  'mediumint',
  'int',
  'integer',
  'bigint',
  'decimal',
  'numeric',
  'float',
  'double',
]);
export const DATE_TYPES = new Set(['date', 'datetime', 'timestamp']);
export const LONG_TEXT_TYPES = new Set(['text', 'mediumtext', 'longtext', 'tinytext', 'json']);

export function camelCase(name: string): string {
  return name.toLowerCase().replace(/[_$]+([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

export function pascalCase(name: string): string {
  const camel = camelCase(name);
  return camel.charAt(0).toUpperCase() + camel.slice(1);
}

function withoutPrefix(tableName: string): string {
  const lower = tableName.toLowerCase();
  const prefix = TABLE_PREFIXES.find((p) => lower.startsWith(p) && lower.length > p.length);
  return prefix ? lower.slice(prefix.length) : lower;
}

export interface TableNames {
  className: string;
  moduleName: string;
  businessName: string;
  functionName: string;
  functionNameEn: string;
}

export function tableNames(tableName: string, tableComment: string): TableNames {
  const bare = withoutPrefix(tableName).replace(/^[^a-z]+/, '') || 'table';
  const className = pascalCase(bare);
  const words = bare.split(/[_$]+/).filter((w) => w !== '');
  return {
    className,
    moduleName: words.join('-'),
    businessName: camelCase(bare),
    functionName: (tableComment || className).slice(0, 50),
    functionNameEn: words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' '),
  };
}

export function tsTypeOf(column: Pick<GenDbColumn, 'dataType' | 'columnType'>): GenTsType {
  if (column.columnType.toLowerCase() === 'tinyint(1)' || column.dataType === 'bit')
    return 'boolean';
  if (NUMBER_TYPES.has(column.dataType)) return 'number';
  if (DATE_TYPES.has(column.dataType)) return 'Date';
  return 'string';
}

function htmlTypeOf(column: GenDbColumn, tsType: GenTsType): GenHtmlType {
  const name = column.columnName.toLowerCase();
  if (tsType === 'Date') return 'datetime';
  if (tsType === 'boolean') return 'radio';
  if (/(image|avatar|picture)$/.test(name)) return 'imageUpload';
  if (/file$/.test(name)) return 'fileUpload';
  if (/content$/.test(name)) return 'editor';
  if (LONG_TEXT_TYPES.has(column.dataType)) return 'textarea';
  if (/(status|type|sex|gender)$/.test(name)) return 'select';
  return 'input';
}

function queryTypeOf(column: GenDbColumn, tsType: GenTsType): GenQueryType {
  if (tsType === 'Date') return 'BETWEEN';
  if (tsType === 'string' && /(name|title)$/.test(column.columnName.toLowerCase())) return 'LIKE';
  return 'EQ';
}

/**
 * A column as the generator keeps it: the editable settings of the contract, plus what the owner's
 * schema said of its NULLs and default (read by the generated table migration, not edited).
 */
export type GenColumnSpec = Omit<GenTableColumn, 'columnId' | 'tableId'> & {
  isNullable: boolean;
  columnDefault: string | null;
};

/** A column's first settings; `keep` carries the user's edits over when the table is synchronised. */
export function columnDefaults(column: GenDbColumn, keep?: GenTableColumn): GenColumnSpec {
  const tsType = tsTypeOf(column);
  const htmlType = htmlTypeOf(column, tsType);
  const audit = AUDIT_COLUMNS.has(column.columnName.toLowerCase());
  const generatedPk = column.isPk && column.isIncrement;
  const base = {
    columnName: column.columnName,
    columnComment: column.columnComment,
    columnType: column.columnType,
    isPk: column.isPk,
    isIncrement: column.isIncrement,
    isNullable: column.isNullable,
    columnDefault: column.columnDefault ?? null,
    sort: column.position,
  };
  if (keep) {
    const typeChanged = keep.columnType !== column.columnType;
    return {
      ...base,
      // A column whose SQL type changed gets the type its new SQL type maps to; other edits stay.
      tsType: typeChanged ? tsType : keep.tsType,
      tsField: keep.tsField,
      isRequired: column.isPk ? false : keep.isRequired,
      isInsert: keep.isInsert,
      isEdit: keep.isEdit,
      isList: keep.isList,
      isQuery: keep.isQuery,
      queryType: keep.queryType,
      htmlType: typeChanged ? htmlType : keep.htmlType,
      dictType: keep.dictType,
      columnComment: keep.columnComment || column.columnComment,
    };
  }
  const longText = htmlType === 'textarea' || htmlType === 'editor';
  return {
    ...base,
    tsType,
    tsField: camelCase(column.columnName).replace(/^[^a-z]+/, '') || 'field',
    isRequired:
      !column.isPk && !audit && !column.isNullable && !column.hasDefault && !column.isIncrement,
    isInsert: !generatedPk && !audit,
    isEdit: !column.isPk && !audit,
    isList: !audit && !longText,
    isQuery:
      !column.isPk && !audit && !longText && tsType !== 'boolean' && htmlType !== 'imageUpload',
    queryType: queryTypeOf(column, tsType),
    htmlType,
    dictType: '',
  };
}

/** Permission strings of a generated feature: `<service>:<business>:<action>`. */
export function permissionOf(service: GenService, businessName: string, action: string): string {
  return `${service}:${businessName}:${action}`;
}
