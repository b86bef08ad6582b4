// The code generator (tool/gen, issue 30), RuoYi-Vue3's api/tool/gen.js in the platform's envelope.
// Identity keeps the generator's tables (gen_table, gen_table_column); every service with a database
// answers the listing of its own information_schema on `genSchemaPattern(service)`.

/** The services whose database tables can be imported (each answers `genSchemaPattern`). */
export const GEN_SERVICES = [
  'identity',
  'workflow',
  'billing',
  'notification',
  'agent-worker',
] as const;
export type GenService = (typeof GEN_SERVICES)[number];

export function isGenService(value: unknown): value is GenService {
  return typeof value === 'string' && (GEN_SERVICES as readonly string[]).includes(value);
}

/** The pattern a service answers with its own tables or one table's columns (read-only). */
export function genSchemaPattern(service: string): string {
  return `${service}.gen.schema`;
}

export const GEN_TS_TYPES = ['string', 'number', 'boolean', 'Date'] as const;
export type GenTsType = (typeof GEN_TS_TYPES)[number];

export const GEN_QUERY_TYPES = ['EQ', 'NE', 'GT', 'GTE', 'LT', 'LTE', 'LIKE', 'BETWEEN'] as const;
export type GenQueryType = (typeof GEN_QUERY_TYPES)[number];

export const GEN_HTML_TYPES = [
  'input',
  'textarea',
  'select',
  'radio',
  'checkbox',
  'datetime',
  'imageUpload',
  'fileUpload',
  'editor',
] as const;
export type GenHtmlType = (typeof GEN_HTML_TYPES)[number];

/** An imported table and the names its generated code uses. */
export interface GenTable {
  tableId: number;
  service: GenService;
  tableName: string;
  tableComment: string;
  /** PascalCase class name of the entity, e.g. `Notice`. */
  className: string;
  /** kebab-case feature folder, e.g. `notices`. */
  moduleName: string;
  /** camelCase business name used in permission strings and paths, e.g. `notice`. */
  businessName: string;
  /** The business name in Chinese (menu title, page title). */
  functionName: string;
  /** The business name in English. */
  functionNameEn: string;
  /** The menu the generated page is filed under (a directory menu id). */
  parentMenuId: number;
  remark: string;
  createTime: string;
  updateTime: string | null;
}

/** One column of an imported table and how the generated code treats it. */
export interface GenTableColumn {
  columnId: number;
  tableId: number;
  columnName: string;
  columnComment: string;
  /** The column's SQL type as information_schema gives it, e.g. `varchar(64)`. */
  columnType: string;
  tsType: GenTsType;
  /** camelCase property name. */
  tsField: string;
  isPk: boolean;
  isIncrement: boolean;
  isRequired: boolean;
  isInsert: boolean;
  isEdit: boolean;
  isList: boolean;
  isQuery: boolean;
  queryType: GenQueryType;
  htmlType: GenHtmlType;
  /** A dictionary type whose labels the page shows, or '' for none. */
  dictType: string;
  sort: number;
}

/** A table of a service's database as information_schema lists it (GET /tool/gen/db/list rows). */
export interface GenDbTable {
  tableName: string;
  tableComment: string;
  createTime: string | null;
  updateTime: string | null;
}

/** A column as information_schema lists it. */
export interface GenDbColumn {
  columnName: string;
  columnComment: string;
  columnType: string;
  /** The bare data type, e.g. `varchar`. */
  dataType: string;
  isNullable: boolean;
  isPk: boolean;
  isIncrement: boolean;
  hasDefault: boolean;
  /** The default as information_schema writes it (a quoted literal, a number, an expression), or null. */
  columnDefault: string | null;
  position: number;
}

/** GET /tool/gen/:tableId → data. */
export interface GenTableDetail {
  info: GenTable;
  rows: GenTableColumn[];
}

/** PUT /tool/gen body. */
export type GenTableSave = GenTable & { columns: GenTableColumn[] };

/** GET /tool/gen/preview/:tableId → data: generated file path → its code. */
export type GenPreview = Record<string, string>;

/** What a service's schema pattern is asked: its tables (no tableName) or one table's columns. */
export interface GenSchemaRequest {
  tableName?: string;
}

/** The service's answer: the tables, or the columns of the table asked (empty when it does not exist). */
export interface GenSchemaReply {
  database: string;
  tables: GenDbTable[];
  columns: GenDbColumn[];
}

/** Names the generated code is written with; the edit form and the DTO check the same rules. */
export const GEN_NAME_RULES = {
  className: /^[A-Z][A-Za-z0-9]{0,63}$/,
  moduleName: /^[a-z][a-z0-9-]{0,63}$/,
  businessName: /^[a-z][A-Za-z0-9]{0,63}$/,
  tsField: /^[a-z][A-Za-z0-9]{0,63}$/,
  dictType: /^([a-z][a-z0-9_]{0,99})?$/,
} as const;
