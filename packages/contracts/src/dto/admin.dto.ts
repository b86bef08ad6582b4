import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  Matches,
  Max,
  Min,
  ValidateIf,
} from 'class-validator';

import { MAX_PAGE_SIZE } from '../common/envelope';
import { NICKNAME_MAX, normalizeAreaCode, USERNAME_PATTERN } from '../common/rules';
import {
  CONCURRENT_VALUES,
  DATA_SCOPE_LEVELS,
  IMPORT_MAX_ROWS,
  MENU_TYPES,
  MISFIRE_POLICY_VALUES,
  SEX_VALUES,
  SORT_FIELDS,
  STATUS_VALUES,
} from '../identity/admin';
import {
  AreaCode,
  Email,
  MaxLen,
  OneOf,
  Optional,
  PermissionList,
  PhoneOfArea,
  Required,
  StrongPassword,
  Text,
} from './decorators';

// Request bodies and list queries of the administration console. Query strings arrive as text, so
// numeric fields are converted before validation; empty strings count as "not given".

const INVALID = { message: 'validation.invalid' } as const;
const blankToUndefined = ({ value }: { value: unknown }) =>
  value === '' || value === null ? undefined : typeof value === 'string' ? value.trim() : value;
const toNumber = ({ value }: { value: unknown }) =>
  value === '' || value === null || value === undefined ? undefined : Number(value);
const toBoolean = ({ value }: { value: unknown }) =>
  value === 'true' || value === true || value === '1' || value === 1
    ? true
    : value === 'false' || value === false || value === '0' || value === 0
      ? false
      : value;
const toIdList = ({ value }: { value: unknown }) =>
  (Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value])
    .filter((v) => v !== '' && v !== null && v !== undefined)
    .map(Number);
const areaCode = ({ value }: { value: unknown }) =>
  value === undefined || value === null || value === '' ? undefined : normalizeAreaCode(value);

/** An optional integer (query strings converted). */
const OptionalInt = (min = 0, max = Number.MAX_SAFE_INTEGER): PropertyDecorator =>
  ((target: object, key: string | symbol) => {
    IsOptional()(target, key);
    Transform(toNumber)(target, key);
    IsInt(INVALID)(target, key);
    Min(min, INVALID)(target, key);
    Max(max, INVALID)(target, key);
  }) as PropertyDecorator;

/** A required integer id. */
const Id = (): PropertyDecorator =>
  ((target: object, key: string | symbol) => {
    Required()(target, key);
    Transform(toNumber)(target, key);
    IsInt(INVALID)(target, key);
    Min(1, INVALID)(target, key);
  }) as PropertyDecorator;

/** A list of ids, from a JSON array or a comma-joined string ("1,2,3"). */
const IdList = (max = 1000): PropertyDecorator =>
  ((target: object, key: string | symbol) => {
    Transform(toIdList)(target, key);
    IsArray(INVALID)(target, key);
    ArrayMaxSize(max, INVALID)(target, key);
    IsInt({ ...INVALID, each: true })(target, key);
    Min(1, { ...INVALID, each: true })(target, key);
  }) as PropertyDecorator;

const OptionalText = (max: number): PropertyDecorator =>
  ((target: object, key: string | symbol) => {
    Optional()(target, key);
    Transform(blankToUndefined)(target, key);
    Text()(target, key);
    MaxLen(max)(target, key);
  }) as PropertyDecorator;

const RequiredText = (max: number): PropertyDecorator =>
  ((target: object, key: string | symbol) => {
    Transform(blankToUndefined)(target, key);
    Required()(target, key);
    Text()(target, key);
    MaxLen(max)(target, key);
  }) as PropertyDecorator;

const OptionalOneOf = (values: readonly unknown[]): PropertyDecorator =>
  ((target: object, key: string | symbol) => {
    Optional()(target, key);
    Transform(blankToUndefined)(target, key);
    OneOf(values)(target, key);
  }) as PropertyDecorator;

const DATE = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;
const OptionalDate = (): PropertyDecorator =>
  ((target: object, key: string | symbol) => {
    Optional()(target, key);
    Transform(blankToUndefined)(target, key);
    Matches(DATE, INVALID)(target, key);
  }) as PropertyDecorator;

/** pageNum / pageSize / sort direction of every list. `orderByColumn` is allow-listed per list. */
export class PageQueryBody {
  @OptionalInt(1, 1_000_000)
  pageNum?: number;

  @OptionalInt(1, MAX_PAGE_SIZE)
  pageSize?: number;

  @OptionalOneOf(['asc', 'desc', 'ascending', 'descending'])
  isAsc?: 'asc' | 'desc' | 'ascending' | 'descending';
}

class TimeRange extends PageQueryBody {
  @OptionalDate()
  beginTime?: string;

  @OptionalDate()
  endTime?: string;
}

export class OptionalIdBody {
  @OptionalInt(0)
  id?: number;
}

export class IntValueBody {
  @Transform(toNumber)
  @IsInt(INVALID)
  @Min(0, INVALID)
  @Max(1000, INVALID)
  value!: number;
}

// ---- users -------------------------------------------------------------------------------------

export class UserQuery extends TimeRange {
  @OptionalOneOf(SORT_FIELDS.user)
  orderByColumn?: (typeof SORT_FIELDS.user)[number];

  @OptionalText(64)
  userName?: string;

  @OptionalText(20)
  phonenumber?: string;

  @OptionalOneOf(STATUS_VALUES)
  status?: '0' | '1';

  @OptionalInt(1)
  deptId?: number;

  @OptionalInt(1)
  companyId?: number;

  /** Keyset paging of exports: rows with a larger user id, in id order. */
  @OptionalInt(0)
  afterId?: number;
}

export class UserBody {
  @OptionalInt(1)
  userId?: number;

  @OptionalInt(1)
  deptId?: number;

  @Transform(blankToUndefined)
  @Required()
  @Matches(USERNAME_PATTERN, { message: 'user.username_rule' })
  userName!: string;

  @RequiredText(NICKNAME_MAX)
  nickName!: string;

  /** Only when creating; an existing user's password changes through resetPwd. */
  @ValidateIf((o: UserBody) => !o.userId)
  @Required()
  @StrongPassword()
  password?: string;

  @Optional()
  @Transform(blankToUndefined)
  @Email()
  email?: string;

  @Optional()
  @Transform(areaCode)
  @AreaCode()
  qu?: string;

  @Optional()
  @Transform(blankToUndefined)
  @PhoneOfArea('qu')
  phonenumber?: string;

  @OptionalOneOf(SEX_VALUES)
  sex?: string;

  @OptionalOneOf(STATUS_VALUES)
  status?: '0' | '1';

  @OptionalText(500)
  remark?: string;

  @Optional()
  @IdList(50)
  roleIds?: number[];

  @Optional()
  @IdList(50)
  postIds?: number[];
}

export class ResetPwdBody {
  @Id()
  userId!: number;

  @Required()
  @StrongPassword()
  password!: string;
}

export class UserStatusBody {
  @Id()
  userId!: number;

  @Required()
  @OneOf(STATUS_VALUES)
  status!: '0' | '1';
}

export class AuthRoleBody {
  @Id()
  userId!: number;

  @Optional()
  @IdList(50)
  roleIds: number[] = [];
}

export class ImportUsersBody {
  @IsArray(INVALID)
  @ArrayMaxSize(IMPORT_MAX_ROWS, { message: 'import.too_many_rows' })
  rows!: Record<string, unknown>[];

  @Optional()
  @Transform(toBoolean)
  @IsBoolean(INVALID)
  updateSupport?: boolean;
}

export class ProfileBody {
  @RequiredText(NICKNAME_MAX)
  nickName!: string;

  @OptionalOneOf(SEX_VALUES)
  sex?: string;
}

export class UpdatePwdBody {
  @Required()
  @Text()
  @MaxLen(128)
  oldPassword!: string;

  @Required()
  @StrongPassword()
  newPassword!: string;
}

export class AvatarBody {
  @RequiredText(255)
  avatar!: string;
}

// ---- roles -------------------------------------------------------------------------------------

export class RoleQuery extends TimeRange {
  @OptionalOneOf(SORT_FIELDS.role)
  orderByColumn?: (typeof SORT_FIELDS.role)[number];

  @OptionalText(30)
  roleName?: string;

  @OptionalText(100)
  roleKey?: string;

  @OptionalOneOf(STATUS_VALUES)
  status?: '0' | '1';
}

export class RoleBody {
  @OptionalInt(1)
  roleId?: number;

  @RequiredText(30)
  roleName!: string;

  @OptionalText(60)
  roleNameEn?: string;

  @Transform(blankToUndefined)
  @Required()
  @Matches(/^[A-Za-z][A-Za-z0-9_:-]{0,99}$/, INVALID)
  roleKey!: string;

  @Transform(toNumber)
  @Required()
  @IsInt(INVALID)
  @Min(0, INVALID)
  @Max(9999, INVALID)
  roleSort!: number;

  @OptionalOneOf(STATUS_VALUES)
  status?: '0' | '1';

  @Optional()
  @Transform(toBoolean)
  @IsBoolean(INVALID)
  menuCheckStrictly?: boolean;

  @Optional()
  @Transform(toBoolean)
  @IsBoolean(INVALID)
  deptCheckStrictly?: boolean;

  @Optional()
  @IdList(2000)
  menuIds?: number[];

  @OptionalText(500)
  remark?: string;
}

export class RoleDataScopeBody {
  @Id()
  roleId!: number;

  @Required()
  @OneOf(DATA_SCOPE_LEVELS)
  dataScope!: string;

  @Optional()
  @IdList(2000)
  deptIds?: number[];
}

export class RoleStatusBody {
  @Id()
  roleId!: number;

  @Required()
  @OneOf(STATUS_VALUES)
  status!: '0' | '1';
}

export class RoleUsersQuery extends PageQueryBody {
  @Id()
  roleId!: number;

  @OptionalText(64)
  userName?: string;

  @OptionalText(20)
  phonenumber?: string;
}

export class RoleUsersBody {
  @Id()
  roleId!: number;

  @Required()
  @IdList(1000)
  userIds!: number[];
}

export class RoleUserBody {
  @Id()
  roleId!: number;

  @Id()
  userId!: number;
}

// ---- menus, departments, posts -----------------------------------------------------------------

export class MenuQuery {
  @OptionalText(50)
  menuName?: string;

  @OptionalOneOf(STATUS_VALUES)
  status?: '0' | '1';

  @OptionalOneOf(STATUS_VALUES)
  visible?: '0' | '1';
}

export class MenuBody {
  @OptionalInt(1)
  menuId?: number;

  @Transform(toNumber)
  @IsInt(INVALID)
  @Min(0, INVALID)
  parentId: number = 0;

  @RequiredText(50)
  menuName!: string;

  @OptionalText(100)
  menuNameEn?: string;

  @Transform(toNumber)
  @Required()
  @IsInt(INVALID)
  @Min(0, INVALID)
  orderNum!: number;

  @Required()
  @OneOf(MENU_TYPES)
  menuType!: 'M' | 'C' | 'F';

  @ValidateIf((o: MenuBody) => o.menuType !== 'F')
  @RequiredText(200)
  path?: string;

  @OptionalText(255)
  component?: string;

  @OptionalText(255)
  query?: string;

  @Optional()
  @Transform(blankToUndefined)
  @Matches(/^[A-Za-z][A-Za-z0-9_-]{0,49}$/, INVALID)
  routeName?: string;

  @OptionalOneOf(['0', '1'])
  isFrame?: '0' | '1';

  @OptionalOneOf(['0', '1'])
  isCache?: '0' | '1';

  @OptionalOneOf(STATUS_VALUES)
  visible?: '0' | '1';

  @OptionalOneOf(STATUS_VALUES)
  status?: '0' | '1';

  @Optional()
  @Transform(blankToUndefined)
  @PermissionList()
  @MaxLen(100)
  perms?: string;

  @OptionalText(100)
  icon?: string;

  @OptionalText(500)
  remark?: string;
}

export class DeptQuery {
  @OptionalText(50)
  deptName?: string;

  @OptionalOneOf(STATUS_VALUES)
  status?: '0' | '1';
}

export class DeptBody {
  @OptionalInt(1)
  deptId?: number;

  @Transform(toNumber)
  @Required()
  @IsInt(INVALID)
  @Min(0, INVALID)
  parentId!: number;

  @RequiredText(50)
  deptName!: string;

  @OptionalText(100)
  deptNameEn?: string;

  @OptionalInt(0, 9999)
  orderNum?: number;

  @OptionalText(20)
  leader?: string;

  @OptionalText(20)
  phone?: string;

  @Optional()
  @Transform(blankToUndefined)
  @Email()
  email?: string;

  @OptionalOneOf(STATUS_VALUES)
  status?: '0' | '1';
}

export class PostQuery extends PageQueryBody {
  @OptionalOneOf(SORT_FIELDS.post)
  orderByColumn?: (typeof SORT_FIELDS.post)[number];

  @OptionalText(64)
  postCode?: string;

  @OptionalText(50)
  postName?: string;

  @OptionalOneOf(STATUS_VALUES)
  status?: '0' | '1';
}

export class PostBody {
  @OptionalInt(1)
  postId?: number;

  @RequiredText(64)
  postCode!: string;

  @RequiredText(50)
  postName!: string;

  @OptionalText(100)
  postNameEn?: string;

  @Transform(toNumber)
  @Required()
  @IsInt(INVALID)
  @Min(0, INVALID)
  postSort!: number;

  @OptionalOneOf(STATUS_VALUES)
  status?: '0' | '1';

  @OptionalText(500)
  remark?: string;
}

// ---- dictionaries and parameters ---------------------------------------------------------------

export class DictTypeQuery extends TimeRange {
  @OptionalOneOf(SORT_FIELDS.dictType)
  orderByColumn?: (typeof SORT_FIELDS.dictType)[number];

  @OptionalText(100)
  dictName?: string;

  @OptionalText(100)
  dictType?: string;

  @OptionalOneOf(STATUS_VALUES)
  status?: '0' | '1';

  @OptionalOneOf(['0', '1'])
  dictKind?: '0' | '1';
}

export class DictTypeBody {
  @OptionalInt(1)
  dictId?: number;

  @RequiredText(100)
  dictName!: string;

  @OptionalText(100)
  dictNameEn?: string;

  @Transform(blankToUndefined)
  @Required()
  @Matches(/^[a-z][a-z0-9_]{0,99}$/, { message: 'dict.type_rule' })
  dictType!: string;

  @OptionalOneOf(['0', '1'])
  dictKind?: '0' | '1';

  @OptionalOneOf(STATUS_VALUES)
  status?: '0' | '1';

  @OptionalText(500)
  remark?: string;
}

export class DictDataQuery extends PageQueryBody {
  @OptionalOneOf(SORT_FIELDS.dictData)
  orderByColumn?: (typeof SORT_FIELDS.dictData)[number];

  @OptionalText(100)
  dictType?: string;

  @OptionalText(100)
  dictLabel?: string;

  @OptionalOneOf(STATUS_VALUES)
  status?: '0' | '1';
}

export class DictDataBody {
  @OptionalInt(1)
  dictCode?: number;

  @OptionalInt(0)
  parentCode?: number;

  @OptionalInt(0, 99999)
  dictSort?: number;

  @RequiredText(100)
  dictLabel!: string;

  @OptionalText(100)
  dictLabelEn?: string;

  @RequiredText(100)
  dictValue!: string;

  @RequiredText(100)
  dictType!: string;

  @OptionalText(100)
  cssClass?: string;

  @OptionalText(100)
  listClass?: string;

  @OptionalOneOf(['Y', 'N'])
  isDefault?: 'Y' | 'N';

  @OptionalOneOf(STATUS_VALUES)
  status?: '0' | '1';

  @OptionalText(500)
  remark?: string;
}

export class DictTypeKeyBody {
  @RequiredText(100)
  dictType!: string;
}

export class ConfigQuery extends TimeRange {
  @OptionalOneOf(SORT_FIELDS.config)
  orderByColumn?: (typeof SORT_FIELDS.config)[number];

  @OptionalText(100)
  configName?: string;

  @OptionalText(100)
  configKey?: string;

  @OptionalOneOf(['Y', 'N'])
  configType?: 'Y' | 'N';
}

export class ConfigBody {
  @OptionalInt(1)
  configId?: number;

  @RequiredText(100)
  configName!: string;

  @OptionalText(100)
  configNameEn?: string;

  @Transform(blankToUndefined)
  @Required()
  @Matches(/^[A-Za-z0-9_.:-]{1,100}$/, INVALID)
  configKey!: string;

  @Required()
  @Text()
  @MaxLen(500)
  configValue!: string;

  @OptionalOneOf(['Y', 'N'])
  configType?: 'Y' | 'N';

  @OptionalText(500)
  remark?: string;
}

export class ConfigKeyBody {
  @RequiredText(100)
  configKey!: string;
}

// ---- notices, rich text, companies -------------------------------------------------------------

export class NoticeQuery extends PageQueryBody {
  @OptionalOneOf(SORT_FIELDS.notice)
  orderByColumn?: (typeof SORT_FIELDS.notice)[number];

  @OptionalText(100)
  noticeTitle?: string;

  @OptionalOneOf(['1', '2'])
  noticeType?: '1' | '2';

  @OptionalText(64)
  createBy?: string;

  @OptionalOneOf(STATUS_VALUES)
  status?: '0' | '1';
}

export class NoticeBody {
  @OptionalInt(1)
  noticeId?: number;

  @RequiredText(100)
  noticeTitle!: string;

  @Required()
  @OneOf(['1', '2'])
  noticeType!: '1' | '2';

  @Required()
  @Text()
  @MaxLen(200_000)
  noticeContent!: string;

  @OptionalOneOf(STATUS_VALUES)
  status?: '0' | '1';
}

export class RichTextQuery extends PageQueryBody {
  @OptionalOneOf(SORT_FIELDS.richText)
  orderByColumn?: (typeof SORT_FIELDS.richText)[number];

  @OptionalText(100)
  name?: string;
}

export class RichTextBody {
  @OptionalInt(1)
  id?: number;

  @RequiredText(100)
  name!: string;

  @Required()
  @Text()
  @MaxLen(1_000_000)
  content!: string;
}

export class CompanyQuery extends TimeRange {
  @OptionalOneOf(SORT_FIELDS.company)
  orderByColumn?: (typeof SORT_FIELDS.company)[number];

  @OptionalText(100)
  companyName?: string;

  @OptionalText(32)
  companyCode?: string;

  @OptionalOneOf(STATUS_VALUES)
  status?: '0' | '1';
}

export class CompanyBody {
  @OptionalInt(1)
  companyId?: number;

  @RequiredText(100)
  companyName!: string;

  @Transform(blankToUndefined)
  @Required()
  @Matches(/^[A-Za-z0-9_-]{2,32}$/, { message: 'company.code_rule' })
  companyCode!: string;

  @OptionalText(255)
  logo?: string;

  @OptionalText(50)
  contactPerson?: string;

  @OptionalText(50)
  contactName?: string;

  @OptionalText(100)
  contactPhone?: string;

  @OptionalOneOf(STATUS_VALUES)
  status?: '0' | '1';

  @OptionalText(500)
  remark?: string;
}

// ---- logs, online users ------------------------------------------------------------------------

export class OperLogQuery extends TimeRange {
  @OptionalOneOf(SORT_FIELDS.operLog)
  orderByColumn?: (typeof SORT_FIELDS.operLog)[number];

  @OptionalText(50)
  title?: string;

  @OptionalText(64)
  operName?: string;

  @OptionalInt(0, 9)
  businessType?: number;

  @OptionalInt(0, 1)
  status?: number;

  @OptionalText(128)
  operIp?: string;

  @OptionalInt(0)
  afterId?: number;
}

export class OperLogRecordBody {
  @Text() @MaxLen(64) requestId!: string;
  @Text() @MaxLen(50) title!: string;
  @Text() @MaxLen(100) titleEn!: string;
  @IsInt() businessType!: number;
  @Text() @MaxLen(200) method!: string;
  @Text() @MaxLen(10) requestMethod!: string;
  @Text() @MaxLen(64) operName!: string;
  @IsOptional() @IsInt() operUserId!: number | null;
  @IsOptional() @IsInt() deptId!: number | null;
  @Text() @MaxLen(255) operUrl!: string;
  @Text() @MaxLen(128) operIp!: string;
  @Text() @MaxLen(2000) operParam!: string;
  @Text() @MaxLen(2000) jsonResult!: string;
  @IsIn([0, 1]) status!: 0 | 1;
  @Text() @MaxLen(2000) errorMsg!: string;
  @IsInt() costTime!: number;
}

export class LoginLogQuery extends TimeRange {
  @OptionalOneOf(SORT_FIELDS.loginLog)
  orderByColumn?: (typeof SORT_FIELDS.loginLog)[number];

  @OptionalText(64)
  userName?: string;

  @OptionalText(128)
  ipaddr?: string;

  @OptionalOneOf(['0', '1'])
  status?: '0' | '1';

  @OptionalInt(0)
  afterId?: number;
}

export class UserNameBody {
  @RequiredText(64)
  userName!: string;
}

export class OnlineQuery {
  @OptionalText(128)
  ipaddr?: string;

  @OptionalText(64)
  userName?: string;
}

export class TokenIdBody {
  @Transform(blankToUndefined)
  @Required()
  @Matches(/^[a-f0-9]{64}$/, INVALID)
  tokenId!: string;
}

// ---- scheduled jobs ----------------------------------------------------------------------------

export class JobQuery extends PageQueryBody {
  @OptionalOneOf(SORT_FIELDS.job)
  orderByColumn?: (typeof SORT_FIELDS.job)[number];

  @OptionalText(64)
  jobName?: string;

  @OptionalText(64)
  jobGroup?: string;

  @OptionalOneOf(STATUS_VALUES)
  status?: '0' | '1';
}

export class JobBody {
  @OptionalInt(1)
  jobId?: number;

  @RequiredText(64)
  jobName!: string;

  @RequiredText(64)
  jobGroup!: string;

  @Transform(blankToUndefined)
  @Required()
  @Matches(/^[a-zA-Z][\w.]{0,99}$/, { message: 'job.unknown_handler' })
  handler!: string;

  @Optional()
  @Text()
  @MaxLen(500)
  params?: string;

  @RequiredText(255)
  cronExpression!: string;

  @OptionalOneOf(MISFIRE_POLICY_VALUES)
  misfirePolicy?: '1' | '2' | '3';

  @OptionalOneOf(CONCURRENT_VALUES)
  concurrent?: '0' | '1';

  @OptionalOneOf(STATUS_VALUES)
  status?: '0' | '1';

  @OptionalText(500)
  remark?: string;
}

export class JobStatusBody {
  @Id()
  jobId!: number;

  @Required()
  @OneOf(STATUS_VALUES)
  status!: '0' | '1';
}

export class JobIdBody {
  @Id()
  jobId!: number;
}

export class JobLogQuery extends TimeRange {
  @OptionalOneOf(SORT_FIELDS.jobLog)
  orderByColumn?: (typeof SORT_FIELDS.jobLog)[number];

  @OptionalInt(1)
  jobId?: number;

  @OptionalText(64)
  jobName?: string;

  @OptionalText(64)
  jobGroup?: string;

  @OptionalOneOf(['0', '1', '2'])
  status?: '0' | '1' | '2';
}

// ---- cache monitor -----------------------------------------------------------------------------

export class CacheNameBody {
  @Transform(blankToUndefined)
  @Required()
  @Matches(/^[A-Za-z0-9_-]{1,64}$/, INVALID)
  cacheName!: string;
}

export class CacheKeyBody {
  @Optional()
  @Transform(blankToUndefined)
  @Matches(/^[A-Za-z0-9_-]{1,64}$/, INVALID)
  cacheName?: string;

  @RequiredText(512)
  cacheKey!: string;
}
