// The generator's Handlebars templates, one per generated file. Values arrive prepared by gen-render
// (names already checked against GEN_NAME_RULES); `q` writes a single-quoted string literal and `doc`
// a one-line comment, so text from the database never closes a string or a comment early.

export const ENTITY_TEMPLATE = `import { {{entityImports}} } from 'typeorm';

/** {{doc functionNameEn}} ({{doc tableName}}){{#if tableComment}}: {{doc tableComment}}{{/if}}. */
@Entity({{q tableName}})
export class {{className}} {
{{#each columns}}
  @{{decorator}}({ name: {{q columnName}}, type: {{q entityType}}{{#if nullable}}, nullable: true{{/if}} })
  {{tsField}}{{#if nullable}}?: {{tsType}} | null{{else}}!: {{tsType}}{{/if}};

{{/each}}
}
`;

export const MIGRATION_TEMPLATE = `import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Creates {{doc tableName}} where it does not exist yet (the table the generator read). */
export class Create{{className}}{{timestamp}} implements MigrationInterface {
  name = 'Create{{className}}{{timestamp}}';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      [
        {{q createLine}},
{{#each ddlLines}}
        {{q this}},
{{/each}}
        {{q tableOptions}},
      ].join('\\n'),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query({{q dropLine}});
  }
}
`;

export const CONTRACTS_TEMPLATE = `// {{doc functionNameEn}}: message patterns, permissions and the view of {{doc tableName}}.

export const {{constName}}_PATTERNS = {
  list: {{q patterns.list}},
  get: {{q patterns.get}},
  create: {{q patterns.create}},
  update: {{q patterns.update}},
  remove: {{q patterns.remove}},
} as const;

export const {{constName}}_PERMISSIONS = {
  list: {{q permissions.list}},
  query: {{q permissions.query}},
  add: {{q permissions.add}},
  edit: {{q permissions.edit}},
  remove: {{q permissions.remove}},
} as const;

/** One row of {{doc tableName}} as the API answers it (times as ISO text). */
export interface {{className}}View {
{{#each columns}}
  /** {{doc label}}{{#if columnComment}}: {{doc columnComment}}{{/if}} */
  {{tsField}}: {{viewType}}{{#if nullable}} | null{{/if}};
{{/each}}
}
`;

export const DTO_TEMPLATE = `{{#if usesTransform}}
import { Transform } from 'class-transformer';
{{/if}}
{{#if usesValidators}}
import { {{dtoValidatorImports}} } from 'class-validator';
{{/if}}

{{#if usesDecorators}}
import { {{decoratorImports}} } from '../decorators';
{{/if}}
import { {{fieldsImports}} } from '../admin/fields';
import { PageQueryBody } from '../admin/paging.dto';

/** The filters of the {{doc functionNameEn}} list. */
export class {{className}}Query extends PageQueryBody {
{{#each queryDtoFields}}
{{#each decorators}}
  {{{this}}}
{{/each}}
  {{name}}?: {{type}};

{{/each}}
}

/** A {{doc functionNameEn}} to create (no {{pk.tsField}}) or update. */
export class {{className}}Body {
  @OptionalInt(1)
  {{pk.tsField}}?: number;

{{#each formFields}}
{{#each decorators}}
  {{{this}}}
{{/each}}
  {{name}}{{#if required}}!{{else}}?{{/if}}: {{type}};

{{/each}}
}
`;

export const SERVICE_TEMPLATE = `import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DomainError, type {{className}}View } from '@platform/contracts';
import type { {{className}}Body, {{className}}Query } from '@platform/contracts/dto';
import { {{typeormImports}} } from 'typeorm';

import { {{className}} } from './{{fileName}}.entity';

/** {{doc functionNameEn}}: list, read, create, update and remove rows of {{doc tableName}}. */
@Injectable()
export class {{className}}Service {
  constructor(@InjectRepository({{className}}) private readonly repo: Repository<{{className}}>) {}

  async list(query: {{className}}Query): Promise<{ rows: {{className}}View[]; total: number }> {
    const where: FindOptionsWhere<{{className}}> = {};
{{#each queryFields}}
{{#if between}}
    if (query.{{beginName}} !== undefined && query.{{endName}} !== undefined) {
      where.{{field}} = Between({{beginExpr}}, {{endExpr}});
    }
{{else}}
    if (query.{{name}} !== undefined) where.{{field}} = {{{operatorCall}}};
{{/if}}
{{/each}}
    const size = query.pageSize ?? 20;
    const [rows, total] = await this.repo.findAndCount({
      where,
      order: { {{pk.tsField}}: 'DESC' },
      take: size,
      skip: ((query.pageNum ?? 1) - 1) * size,
    });
    return { rows: rows.map(viewOf), total };
  }

  async get(id: number): Promise<{{className}}View> {
    return viewOf(await this.find(id));
  }

  async create(body: {{className}}Body): Promise<{ {{pk.tsField}}: number }> {
    const saved = await this.repo.save(this.repo.create(valuesOf(body, true)));
    return { {{pk.tsField}}: Number(saved.{{pk.tsField}}) };
  }

  async update(body: {{className}}Body): Promise<void> {
    const row = await this.find(body.{{pk.tsField}} ?? 0);
    await this.repo.save(this.repo.merge(row, valuesOf(body, false)));
  }

  async remove(ids: number[]): Promise<void> {
    await this.repo.delete({ {{pk.tsField}}: In(ids) });
  }

  private async find(id: number): Promise<{{className}}> {
    const row = await this.repo.findOneBy({ {{pk.tsField}}: id });
    if (!row) throw new DomainError('gen.record_not_found');
    return row;
  }
}

function viewOf(row: {{className}}): {{className}}View {
  return {
{{#each columns}}
{{#if isDate}}
    {{tsField}}: row.{{tsField}} ? new Date(row.{{tsField}}).toISOString() : {{#if nullable}}null{{else}}''{{/if}},
{{else}}
    {{tsField}}: row.{{tsField}}{{#if nullable}} ?? null{{/if}},
{{/if}}
{{/each}}
  };
}

{{#if usesLike}}
/** A LIKE pattern matching the text anywhere, its own wildcards taken literally. */
function contains(text: string): string {
  return '%' + text.replace(/[\\\\%_]/g, (c) => '\\\\' + c) + '%';
}

{{/if}}
/** The columns a create (isInsert) or an update (isEdit) writes. */
function valuesOf(body: {{className}}Body, isNew: boolean): Partial<{{className}}> {
  const values: Partial<{{className}}> = {};
{{#each formFields}}
  if ({{#if insertOnly}}isNew && {{/if}}{{#if editOnly}}!isNew && {{/if}}body.{{name}} !== undefined) {
    values.{{name}} = {{#if isDate}}new Date(body.{{name}}){{else}}body.{{name}}{{/if}};
  }
{{/each}}
  return values;
}
`;

export const HANDLERS_TEMPLATE = `import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { {{constName}}_PATTERNS as P } from '@platform/contracts';
import {
  {{className}}Body,
  {{className}}Query,
  commandOf,
  IdBody,
  IdsBody,
} from '@platform/contracts/dto';

import { {{className}}Service } from './{{moduleName}}.service';

class QueryCommand extends commandOf({{className}}Query) {}
class BodyCommand extends commandOf({{className}}Body) {}
class IdCommand extends commandOf(IdBody) {}
class IdsCommand extends commandOf(IdsBody) {}

/** {{doc functionNameEn}}: the message handlers the gateway forwards to. */
@Controller()
export class {{className}}Controller {
  constructor(private readonly service: {{className}}Service) {}

  @MessagePattern(P.list)
  list(@Payload() c: QueryCommand) {
    return this.service.list(c.body);
  }

  @MessagePattern(P.get)
  get(@Payload() c: IdCommand) {
    return this.service.get(c.body.id);
  }

  @MessagePattern(P.create)
  create(@Payload() c: BodyCommand) {
    return this.service.create(c.body);
  }

  @MessagePattern(P.update)
  async update(@Payload() c: BodyCommand) {
    await this.service.update(c.body);
    return {};
  }

  @MessagePattern(P.remove)
  async remove(@Payload() c: IdsCommand) {
    await this.service.remove(c.body.ids);
    return {};
  }
}
`;

export const MODULE_TEMPLATE = `import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { {{className}} } from './{{fileName}}.entity';
import { {{className}}Controller } from './{{moduleName}}.controller';
import { {{className}}Service } from './{{moduleName}}.service';

/** {{doc functionNameEn}}; add it to the service's AppModule imports. */
@Module({
  imports: [TypeOrmModule.forFeature([{{className}}])],
  controllers: [{{className}}Controller],
  providers: [{{className}}Service],
})
export class {{className}}Module {}
`;

export const GATEWAY_TEMPLATE = `import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  BUSINESS_TYPES as B,
  {{constName}}_PATTERNS,
  {{constName}}_PERMISSIONS as P,
} from '@platform/contracts';
import { {{className}}Body, {{className}}Query, IdBody, IdsBody } from '@platform/contracts/dto';
import type { FastifyRequest } from 'fastify';

import { RequirePermissions } from '../common/decorators';
import { Log } from '../common/oper-log';
import { CrudForwarder } from '../rpc/crud-forwarder';
import { ServiceClient } from '../rpc/service-client';

const N = [{{q functionName}}, {{q functionNameEn}}] as const;

/** {{doc functionNameEn}}, kept by the {{service}} service; add it to the gateway's AppModule. */
@ApiTags({{q routePath}})
@Controller({{q routePath}})
export class {{className}}Controller {
  private readonly crud: CrudForwarder;

  constructor(services: ServiceClient) {
    this.crud = new CrudForwarder(services, {{constName}}_PATTERNS);
  }

  @Get('list')
  @RequirePermissions(P.list)
  list(@Req() request: FastifyRequest, @Query() query: {{className}}Query) {
    return this.crud.page(request, query);
  }

  @Get(':id')
  @RequirePermissions(P.query)
  get(@Req() request: FastifyRequest, @Param() params: IdBody) {
    return this.crud.get(request, params);
  }

  @Post()
  @HttpCode(200)
  @RequirePermissions(P.add)
  @Log(...N, B.insert)
  create(@Req() request: FastifyRequest, @Body() body: {{className}}Body) {
    return this.crud.create(request, body);
  }

  @Put()
  @RequirePermissions(P.edit)
  @Log(...N, B.update)
  update(@Req() request: FastifyRequest, @Body() body: {{className}}Body) {
    return this.crud.update(request, body);
  }

  @Delete(':ids')
  @RequirePermissions(P.remove)
  @Log(...N, B.delete)
  remove(@Req() request: FastifyRequest, @Param() params: IdsBody) {
    return this.crud.remove(request, params);
  }
}
`;

export const PAGE_TEMPLATE = `import { useLingui } from '@lingui/react/macro';
import { {{constName}}_PERMISSIONS as P, type {{className}}View } from '@platform/contracts';

import { CrudPage } from '../../components/CrudPage';
{{#if usesDict}}
import { dictOptions, DictTag, useDict } from '../../hooks/useDict';
{{/if}}

/** {{doc routePath}}/index: {{doc functionNameEn}} on the console's shared CRUD page. */
export function {{className}}Page() {
  const { t } = useLingui();
{{#if usesYesNo}}
  const yesNo = [
    { value: 'true', label: t\`Yes\` },
    { value: 'false', label: t\`No\` },
  ];
{{/if}}
{{#each dicts}}
  const {{var}} = dictOptions(useDict({{q type}}));
{{/each}}
  return (
    <CrudPage<{{className}}View & Record<string, unknown>>
      config=\\{{
        testId: {{q testId}},
        listUrl: {{q listUrl}},
        baseUrl: {{q baseUrl}},
        idKey: {{q pk.tsField}},
        filters: [
{{#each pageFilters}}
          { name: {{q name}}, label: t\`{{label}}\`{{#if select}}, type: 'select', options: {{select}}{{/if}} },
{{/each}}
        ],
        columns: [
{{#each pageColumns}}
{{#if dictType}}
          {
            key: {{q tsField}},
            title: t\`{{label}}\`,
            render: (r) => <DictTag type={{braces (q dictType)}} value={{braces 'r.' tsField}} />,
          },
{{else}}
          { key: {{q tsField}}, title: t\`{{label}}\` },
{{/if}}
{{/each}}
        ],
        form: [
{{#each pageForm}}
          { name: {{q name}}, label: t\`{{label}}\`{{#if type}}, type: {{q type}}{{/if}}{{#if select}}, options: {{select}}{{/if}}{{#if required}}, required: true{{/if}}{{#if onlyNew}}, onlyNew: true{{/if}} },
{{/each}}
        ],
        permissions: { add: P.add, edit: P.edit, remove: P.remove },
      }}
    />
  );
}
`;

export const PAGE_ZH_TEMPLATE = `{{{json zh}}}
`;

export const MENU_MIGRATION_TEMPLATE = `import type { MigrationInterface, QueryRunner } from 'typeorm';

// The menu entry of {{doc functionNameEn}} ({{doc routePath}}/index) and its buttons, under menu {{parentMenuId}}.

const COMPONENT = {{q component}};
const BUTTONS = [
{{#each buttons}}
  [{{q zh}}, {{q en}}, {{q perms}}],
{{/each}}
] as const;

export class {{className}}Menu{{menuTimestamp}} implements MigrationInterface {
  name = '{{className}}Menu{{menuTimestamp}}';

  async up(q: QueryRunner): Promise<void> {
    const page = (await q.query(
      \`INSERT INTO sys_menu (menu_name, menu_name_en, parent_id, order_num, path, component, route_name,
         menu_type, visible, perms, icon, create_by) VALUES (?, ?, ?, 1, ?, ?, ?, 'C', '0', ?, '#', 'system')\`,
      [{{q functionName}}, {{q functionNameEn}}, {{parentMenuId}}, {{q menuPath}}, COMPONENT, {{q routeName}}, {{q permissions.list}}],
    )) as { insertId: number };
    for (const [order, [zh, en, perms]] of BUTTONS.entries()) {
      await q.query(
        \`INSERT INTO sys_menu (menu_name, menu_name_en, parent_id, order_num, path, menu_type, visible, perms,
           icon, create_by) VALUES (?, ?, ?, ?, '', 'F', '0', ?, '#', 'system')\`,
        [zh, en, page.insertId, order + 1, perms],
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    const [page] = (await q.query('SELECT menu_id FROM sys_menu WHERE component = ?', [COMPONENT])) as {
      menu_id: number;
    }[];
    if (!page) return;
    await q.query(
      'DELETE FROM sys_role_menu WHERE menu_id IN (SELECT menu_id FROM sys_menu WHERE parent_id = ? OR menu_id = ?)',
      [page.menu_id, page.menu_id],
    );
    await q.query('DELETE FROM sys_menu WHERE parent_id = ? OR menu_id = ?', [page.menu_id, page.menu_id]);
  }
}
`;
