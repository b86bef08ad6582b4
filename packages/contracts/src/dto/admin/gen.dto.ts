import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsInt,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';

import {
  GEN_HTML_TYPES,
  GEN_NAME_RULES,
  GEN_QUERY_TYPES,
  GEN_SERVICES,
  GEN_TS_TYPES,
  type GenHtmlType,
  type GenQueryType,
  type GenService,
  type GenTsType,
} from '../../identity/gen';
import { EntityIds, MaxLen, OneOf, Optional, Required, Text } from '../decorators';
import {
  blankToUndefined,
  Id,
  INVALID,
  OptionalInt,
  OptionalText,
  RequiredText,
  toBoolean,
  toNumber,
} from './fields';
import { PageQueryBody } from './paging.dto';

// The code generator (tool/gen). Table and column names are only ever compared with the owner's
// information_schema listing, so the patterns here are a first fence, not the check.

const TABLE_NAME = /^[A-Za-z0-9_$]{1,64}$/;

const RequiredMatch = (pattern: RegExp): PropertyDecorator =>
  ((target: object, key: string | symbol) => {
    Transform(blankToUndefined)(target, key);
    Required()(target, key);
    Text()(target, key);
    Matches(pattern, INVALID)(target, key);
  }) as PropertyDecorator;

const Flag = (): PropertyDecorator =>
  ((target: object, key: string | symbol) => {
    Transform(toBoolean)(target, key);
    IsBoolean(INVALID)(target, key);
  }) as PropertyDecorator;

export class GenListQuery extends PageQueryBody {
  @OptionalText(64)
  tableName?: string;

  @OptionalText(500)
  tableComment?: string;
}

export class GenDbListQuery extends GenListQuery {
  @Transform(blankToUndefined)
  @Required()
  @OneOf(GEN_SERVICES)
  service!: GenService;
}

export class GenImportBody {
  @Transform(blankToUndefined)
  @Required()
  @OneOf(GEN_SERVICES)
  service!: GenService;

  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.split(',').filter((v) => v !== '') : value,
  )
  @IsArray(INVALID)
  @ArrayMinSize(1, INVALID)
  @ArrayMaxSize(100, INVALID)
  @Matches(TABLE_NAME, { ...INVALID, each: true })
  tables!: string[];
}

export class GenColumnBody {
  @Id()
  columnId!: number;

  @OptionalText(500)
  columnComment?: string;

  @Required()
  @OneOf(GEN_TS_TYPES)
  tsType!: GenTsType;

  @RequiredMatch(GEN_NAME_RULES.tsField)
  tsField!: string;

  @Flag()
  isRequired!: boolean;

  @Flag()
  isInsert!: boolean;

  @Flag()
  isEdit!: boolean;

  @Flag()
  isList!: boolean;

  @Flag()
  isQuery!: boolean;

  @Required()
  @OneOf(GEN_QUERY_TYPES)
  queryType!: GenQueryType;

  @Required()
  @OneOf(GEN_HTML_TYPES)
  htmlType!: GenHtmlType;

  @Optional()
  @Text()
  @Matches(GEN_NAME_RULES.dictType, INVALID)
  dictType?: string;

  @Optional()
  @Transform(toNumber)
  @IsInt(INVALID)
  @Min(0, INVALID)
  @Max(10_000, INVALID)
  sort?: number;
}

export class GenTableBody {
  @Id()
  tableId!: number;

  @OptionalText(500)
  tableComment?: string;

  @RequiredMatch(GEN_NAME_RULES.className)
  className!: string;

  @RequiredMatch(GEN_NAME_RULES.moduleName)
  moduleName!: string;

  @RequiredMatch(GEN_NAME_RULES.businessName)
  businessName!: string;

  @RequiredText(50)
  functionName!: string;

  @RequiredText(100)
  functionNameEn!: string;

  @OptionalInt(0)
  parentMenuId?: number;

  @OptionalText(500)
  remark?: string;

  @IsArray(INVALID)
  @ArrayMaxSize(500, INVALID)
  @ValidateNested({ each: true })
  @Type(() => GenColumnBody)
  columns!: GenColumnBody[];
}

// What the gateway hands identity after asking the owner service (its information_schema answer).

export class GenDbTableBody {
  @Matches(TABLE_NAME, INVALID)
  tableName!: string;

  @Optional()
  @Text()
  tableComment!: string;

  @Optional()
  createTime!: string | null;

  @Optional()
  updateTime!: string | null;
}

export class GenDbColumnBody {
  @Text()
  @Matches(TABLE_NAME, INVALID)
  columnName!: string;

  @Optional()
  @Text()
  columnComment!: string;

  @Text()
  columnType!: string;

  @Text()
  dataType!: string;

  @IsBoolean(INVALID)
  isNullable!: boolean;

  @IsBoolean(INVALID)
  isPk!: boolean;

  @IsBoolean(INVALID)
  isIncrement!: boolean;

  @IsBoolean(INVALID)
  hasDefault!: boolean;

  @Optional()
  @Text()
  @MaxLen(500)
  columnDefault!: string | null;

  @IsInt(INVALID)
  position!: number;
}

export class GenDbListCommandBody extends GenDbListQuery {
  @IsArray(INVALID)
  @ValidateNested({ each: true })
  @Type(() => GenDbTableBody)
  tables!: GenDbTableBody[];
}

export class GenImportTableBody extends GenDbTableBody {
  @IsArray(INVALID)
  @ArrayMinSize(1, INVALID)
  @ValidateNested({ each: true })
  @Type(() => GenDbColumnBody)
  columns!: GenDbColumnBody[];
}

export class GenImportCommandBody {
  @Required()
  @OneOf(GEN_SERVICES)
  service!: GenService;

  @IsArray(INVALID)
  @ArrayMinSize(1, INVALID)
  @ArrayMaxSize(100, INVALID)
  @ValidateNested({ each: true })
  @Type(() => GenImportTableBody)
  tables!: GenImportTableBody[];
}

export class GenSynchCommandBody {
  @Id()
  id!: number;

  @IsArray(INVALID)
  @ArrayMinSize(1, INVALID)
  @ValidateNested({ each: true })
  @Type(() => GenDbColumnBody)
  columns!: GenDbColumnBody[];
}

/** GET /tool/gen/batchGenCode?tableIds=1,2: the tables whose files the zip holds. */
export class GenCodeQuery {
  @EntityIds(1, 100)
  tableIds!: number[];
}
