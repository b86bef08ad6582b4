import type { GenPreview, GenTable, GenTableColumn } from '@platform/contracts';
import Handlebars from 'handlebars';

import {
  DATE_TYPES,
  type GenColumnSpec,
  LONG_TEXT_TYPES,
  NUMBER_TYPES,
  permissionOf,
} from './gen-defaults';
import {
  CONTRACTS_TEMPLATE,
  DTO_TEMPLATE,
  ENTITY_TEMPLATE,
  GATEWAY_TEMPLATE,
  HANDLERS_TEMPLATE,
  MENU_MIGRATION_TEMPLATE,
  MIGRATION_TEMPLATE,
  MODULE_TEMPLATE,
  PAGE_TEMPLATE,
  PAGE_ZH_TEMPLATE,
  SERVICE_TEMPLATE,
} from './gen-templates';

// Renders an imported table into the files of a feature: the model below gathers every name and
// choice once, and each file is one template over it.

const engine = Handlebars.create();
engine.registerHelper('q', (value: unknown) => singleQuoted(String(value ?? '')));
engine.registerHelper('doc', (value: unknown) =>
  String(value ?? '')
    .replace(/\*\//g, '* /')
    .replace(/[\r\n]+/g, ' '),
);
engine.registerHelper('json', (value: unknown) => JSON.stringify(value, null, 2));
engine.registerHelper('braces', (...args: unknown[]) => `{${args.slice(0, -1).join('')}}`);

const compile = (template: string) => engine.compile(template, { noEscape: true, strict: true });
const TEMPLATES = {
  entity: compile(ENTITY_TEMPLATE),
  migration: compile(MIGRATION_TEMPLATE),
  contracts: compile(CONTRACTS_TEMPLATE),
  dto: compile(DTO_TEMPLATE),
  service: compile(SERVICE_TEMPLATE),
  handlers: compile(HANDLERS_TEMPLATE),
  module: compile(MODULE_TEMPLATE),
  gateway: compile(GATEWAY_TEMPLATE),
  page: compile(PAGE_TEMPLATE),
  pageZh: compile(PAGE_ZH_TEMPLATE),
  menu: compile(MENU_MIGRATION_TEMPLATE),
};

/** A column to render; columns kept before their NULLs and default were recorded fall back. */
export type RenderColumn = GenTableColumn &
  Partial<Pick<GenColumnSpec, 'isNullable' | 'columnDefault'>>;

/** Every file generated for one table, by its path in the workspace. */
export function renderTable(table: GenTable, columns: RenderColumn[]): GenPreview {
  const m = modelOf(table, columns);
  const feature = `services/${table.service}/src/${table.moduleName}`;
  return {
    [`${feature}/${m.fileName}.entity.ts`]: TEMPLATES.entity(m),
    [`services/${table.service}/src/database/migrations/${m.timestamp}-Create${table.className}.ts`]:
      TEMPLATES.migration(m),
    [`packages/contracts/src/generated/${table.moduleName}.ts`]: TEMPLATES.contracts(m),
    [`packages/contracts/src/dto/generated/${table.moduleName}.dto.ts`]: TEMPLATES.dto(m),
    [`${feature}/${table.moduleName}.service.ts`]: TEMPLATES.service(m),
    [`${feature}/${table.moduleName}.controller.ts`]: TEMPLATES.handlers(m),
    [`${feature}/${table.moduleName}.module.ts`]: TEMPLATES.module(m),
    [`services/gateway/src/${table.moduleName}/${table.moduleName}.controller.ts`]:
      TEMPLATES.gateway(m),
    [`web/src/features/${table.moduleName}/${table.className}Page.tsx`]: TEMPLATES.page(m),
    [`web/scripts/zh/${table.moduleName}.json`]: TEMPLATES.pageZh(m),
    [`services/identity/src/database/migrations/${m.menuTimestamp}-${table.className}Menu.ts`]:
      TEMPLATES.menu(m),
  };
}

const TYPEORM_TYPES = new Set([
  ...NUMBER_TYPES,
  ...DATE_TYPES,
  ...LONG_TEXT_TYPES,
  'time',
  'year',
  'char',
  'varchar',
  'blob',
  'binary',
  'varbinary',
  'bit',
]);
const GENERATED_PK_TYPES = new Set([
  'tinyint',
  'smallint',
  'mediumint',
  'int',
  'integer',
  'bigint',
]);

const OPERATORS = {
  EQ: 'Equal',
  NE: 'Not',
  GT: 'MoreThan',
  GTE: 'MoreThanOrEqual',
  LT: 'LessThan',
  LTE: 'LessThanOrEqual',
  LIKE: 'Like',
  BETWEEN: 'Between',
} as const;

function sqlTypeOf(columnType: string): string {
  const bare = columnType.toLowerCase().replace(/\(.*$/, '').replace(/\s.*$/, '');
  return TYPEORM_TYPES.has(bare) ? bare : 'varchar';
}

/**
 * A default that may be written back into DDL: a quoted literal, a number or the current time as
 * information_schema gives them. Anything else is left out (the column then has no default).
 */
const SAFE_DEFAULT = /^('([^'\\]|'')*'|-?\d+(\.\d+)?|current_timestamp(\(\d\))?)$/i;

function safeDefault(value: string | null): string | null {
  return value !== null && SAFE_DEFAULT.test(value) ? value : null;
}

function lengthOf(columnType: string): number {
  const match = /^(?:var)?char\((\d+)\)/i.exec(columnType);
  return match ? Number(match[1]) : 65_535;
}

function labelOf(field: string): string {
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function kebab(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}

function upperSnake(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
}

function singleQuoted(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\r/g, '\\r').replace(/\n/g, '\\n')}'`;
}

/** Names of imports in a fixed order, so the same table always renders the same text. */
class Imports {
  private readonly names = new Set<string>();
  add(...names: string[]): void {
    for (const name of names) this.names.add(name);
  }
  get text(): string {
    return [...this.names]
      .sort((a, b) => a.replace(/^type /, '').localeCompare(b.replace(/^type /, '')))
      .join(', ');
  }
  get size(): number {
    return this.names.size;
  }
}

interface QueryField {
  name: string;
  type: string;
  decorators: string[];
  field: string;
  between: boolean;
  /** The end field of a range, declared in the DTO but read with its begin field. */
  skip?: boolean;
  beginName?: string;
  endName?: string;
  beginExpr?: string;
  endExpr?: string;
  operatorCall?: string;
}

function modelOf(table: GenTable, input: RenderColumn[]) {
  const sorted = [...input].sort((a, b) => a.sort - b.sort || a.columnId - b.columnId);
  const pkColumn = sorted.find((c) => c.isPk) ?? sorted[0];
  const columns = sorted.map((c) => {
    const entityType = sqlTypeOf(c.columnType);
    const isPk = c === pkColumn;
    const decorator = isPk
      ? c.isIncrement && GENERATED_PK_TYPES.has(entityType)
        ? 'PrimaryGeneratedColumn'
        : 'PrimaryColumn'
      : 'Column';
    return {
      ...c,
      isPk,
      entityType,
      decorator,
      nullable: !isPk && (c.isNullable ?? !c.isRequired),
      sqlDefault: safeDefault(c.columnDefault ?? null),
      isDate: c.tsType === 'Date',
      viewType: c.tsType === 'Date' ? 'string' : c.tsType,
      label: labelOf(c.tsField),
    };
  });
  const pk = columns.find((c) => c.isPk)!;

  const entityImports = new Imports();
  entityImports.add('Entity', ...columns.map((c) => c.decorator));

  const validators = new Imports();
  const transformer = new Imports();
  const fields = new Imports();
  fields.add('OptionalInt');
  const decoratorNames = new Imports();
  const decoratorsOf = (c: (typeof columns)[number], required: boolean, forQuery: boolean) => {
    const presence = required ? '@Required()' : '@Optional()';
    switch (c.tsType) {
      case 'string': {
        const name = required ? 'RequiredText' : 'OptionalText';
        fields.add(name);
        return [`@${name}(${lengthOf(c.columnType)})`];
      }
      case 'number':
        decoratorNames.add(required ? 'Required' : 'Optional');
        transformer.add('Transform');
        fields.add('toNumber', 'INVALID');
        validators.add('IsNumber');
        return [presence, '@Transform(toNumber)', '@IsNumber({}, INVALID)'];
      case 'boolean':
        decoratorNames.add(required ? 'Required' : 'Optional');
        transformer.add('Transform');
        fields.add('toBoolean', 'INVALID');
        validators.add('IsBoolean');
        return [presence, '@Transform(toBoolean)', '@IsBoolean(INVALID)'];
      case 'Date':
        if (forQuery) {
          fields.add('OptionalDate');
          return ['@OptionalDate()'];
        }
        decoratorNames.add(required ? 'Required' : 'Optional');
        fields.add('INVALID');
        validators.add('IsDateString');
        return [presence, '@IsDateString({}, INVALID)'];
    }
  };

  const typeorm = new Imports();
  typeorm.add('type FindOptionsWhere', 'In', 'Repository');
  let usesLike = false;
  const queryColumns = columns.filter((c) => c.isQuery && !c.isPk);
  const queryFields = queryColumns.flatMap((c): QueryField[] => {
    const dtoType = c.tsType === 'Date' ? 'string' : c.tsType;
    const between = c.queryType === 'BETWEEN' && (c.tsType === 'Date' || c.tsType === 'number');
    const upper = c.tsField.charAt(0).toUpperCase() + c.tsField.slice(1);
    const value = (name: string) =>
      c.tsType === 'Date' ? `new Date(query.${name})` : `query.${name}`;
    if (between) {
      typeorm.add('Between');
      const begin = `begin${upper}`;
      const end = `end${upper}`;
      return [
        {
          name: begin,
          type: dtoType,
          decorators: decoratorsOf(c, false, true),
          field: c.tsField,
          between: true,
          beginName: begin,
          endName: end,
          beginExpr: value(begin),
          endExpr: value(end),
        },
        {
          name: end,
          type: dtoType,
          decorators: decoratorsOf(c, false, true),
          field: c.tsField,
          between: false,
          skip: true,
        },
      ];
    }
    const queryType =
      c.queryType === 'LIKE' && c.tsType !== 'string'
        ? 'EQ'
        : c.queryType === 'BETWEEN'
          ? 'EQ'
          : c.queryType;
    const operator = OPERATORS[queryType];
    typeorm.add(operator);
    if (queryType === 'LIKE') usesLike = true;
    const operatorCall =
      queryType === 'LIKE'
        ? `Like(contains(query.${c.tsField}))`
        : `${operator}(${value(c.tsField)})`;
    return [
      {
        name: c.tsField,
        type: dtoType,
        decorators: decoratorsOf(c, false, true),
        field: c.tsField,
        between: false,
        operatorCall,
      },
    ];
  });
  const formColumns = columns.filter((c) => !c.isPk && (c.isInsert || c.isEdit));
  const formFields = formColumns.map((c) => ({
    name: c.tsField,
    type: c.tsType === 'Date' ? 'string' : c.tsType,
    required: c.isRequired,
    decorators: decoratorsOf(c, c.isRequired, false),
    isDate: c.tsType === 'Date',
    insertOnly: c.isInsert && !c.isEdit,
    editOnly: c.isEdit && !c.isInsert,
  }));

  const dictTypes = [...new Set(columns.map((c) => c.dictType).filter((d) => d !== ''))];
  const dictVar = (type: string) => `dict${dictTypes.indexOf(type)}`;
  const selectOf = (c: (typeof columns)[number]) =>
    c.dictType !== '' ? dictVar(c.dictType) : c.tsType === 'boolean' ? 'yesNo' : '';
  const usesYesNo = columns.some(
    (c) => c.dictType === '' && c.tsType === 'boolean' && (c.isQuery || c.isInsert || c.isEdit),
  );
  const routePath = `${table.service}/${table.businessName}`;
  const timestamp = Date.parse(table.createTime) || table.tableId;
  const permissions = {
    list: permissionOf(table.service, table.businessName, 'list'),
    query: permissionOf(table.service, table.businessName, 'query'),
    add: permissionOf(table.service, table.businessName, 'add'),
    edit: permissionOf(table.service, table.businessName, 'edit'),
    remove: permissionOf(table.service, table.businessName, 'remove'),
  };
  const zh: Record<string, string> = {};
  for (const c of columns) if (c.columnComment) zh[c.label] = c.columnComment;

  const ddlLines = [
    ...columns.map(
      (c) =>
        `  \`${c.columnName}\` ${c.columnType}${c.nullable ? ' NULL' : ' NOT NULL'}${c.sqlDefault ? ` DEFAULT ${c.sqlDefault}` : ''}${c.isPk && c.isIncrement ? ' AUTO_INCREMENT' : ''},`,
    ),
    `  PRIMARY KEY (\`${pk.columnName}\`)`,
  ];

  return {
    ...table,
    fileName: kebab(table.className),
    constName: upperSnake(table.className),
    timestamp,
    menuTimestamp: timestamp + 1,
    columns,
    pk,
    entityImports: entityImports.text,
    ddlLines,
    createLine: `CREATE TABLE IF NOT EXISTS \`${table.tableName}\` (`,
    tableOptions: ') ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci',
    dropLine: `DROP TABLE IF EXISTS \`${table.tableName}\``,
    patterns: {
      list: `${table.service}.${table.businessName}.list`,
      get: `${table.service}.${table.businessName}.get`,
      create: `${table.service}.${table.businessName}.create`,
      update: `${table.service}.${table.businessName}.update`,
      remove: `${table.service}.${table.businessName}.remove`,
    },
    permissions,
    queryFields: queryFields.filter((f) => !f.skip),
    queryDtoFields: queryFields,
    formFields,
    dtoValidatorImports: validators.text,
    usesValidators: validators.size > 0,
    usesTransform: transformer.size > 0,
    fieldsImports: fields.text,
    decoratorImports: decoratorNames.text,
    usesDecorators: decoratorNames.size > 0,
    typeormImports: typeorm.text,
    usesLike,
    routePath,
    routeName: table.className,
    menuPath: table.businessName,
    component: `${routePath}/index`,
    testId: `${table.moduleName}-page`,
    listUrl: `/${routePath}/list`,
    baseUrl: `/${routePath}`,
    usesDict: dictTypes.length > 0,
    dicts: dictTypes.map((type) => ({ type, var: dictVar(type) })),
    usesYesNo,
    pageFilters: queryColumns
      .filter((c) => c.queryType !== 'BETWEEN')
      .map((c) => ({ name: c.tsField, label: labelOf(c.tsField), select: selectOf(c) })),
    pageColumns: columns.filter((c) => c.isList || c.isPk),
    pageForm: formColumns.map((c) => {
      const select = selectOf(c);
      return {
        name: c.tsField,
        label: labelOf(c.tsField),
        select,
        type: select
          ? 'select'
          : c.htmlType === 'textarea' || c.htmlType === 'editor'
            ? 'textarea'
            : c.tsType === 'number'
              ? 'number'
              : '',
        required: c.isRequired,
        onlyNew: c.isInsert && !c.isEdit,
      };
    }),
    buttons: [
      { zh: '查询', en: 'Query', perms: permissions.query },
      { zh: '新增', en: 'Add', perms: permissions.add },
      { zh: '修改', en: 'Edit', perms: permissions.edit },
      { zh: '删除', en: 'Delete', perms: permissions.remove },
    ],
    zh,
  };
}
